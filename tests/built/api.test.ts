import { readFileSync } from 'node:fs';

import { describe, expect, inject, test } from 'vitest';

import { servedHtml } from '../support/built-site';
import { operations, serverUrl, spec, SPEC_FILE } from '../support/openapi-operations';

/**
 * The API reference as served, before any script runs, checked against
 * openapi/rubra.yaml itself: every operation page's method, path, parameters and
 * top-level schema properties, the landing page's breadcrumbs and sidebar entry, and the
 * description's downloads. What needs a page is in tests/e2e/api.spec.ts.
 */
const origin = inject('origin');

describe('each operation page, as served', () => {
  for (const operation of operations) {
    test(`${operation.pageId} shows its method, path, parameters and schema properties`, async () => {
      const $ = await servedHtml(origin, `/api/${operation.pageId}`);
      const texts = (selector: string) =>
        $(selector)
          .toArray()
          .map((element) => $(element).text().trim());
      expect($('h1').text()).toBe(operation.summary);

      const endpoint = $('[data-api-endpoint]');
      expect(endpoint.find('[data-method]').text()).toBe(operation.method);
      expect(endpoint.find('[data-api-path]').text()).toBe(operation.path);
      expect(endpoint.text()).toContain(serverUrl);
      expect(texts('[data-api-parameters] [data-parameter-name]')).toEqual(operation.parameters);

      // Top-level properties, outside any closed part of the tree: a reader sees them at once.
      const topLevel = (container: string) => {
        const names = $(`${container} ul[data-schema-level="top"] > li > [data-property-head] [data-property-name]`);
        expect(names.parents('details:not([open])'), container).toHaveLength(0);
        return names.toArray().map((element) => $(element).text().trim());
      };
      if (operation.requestProperties.length > 0) {
        expect(topLevel('[data-api-request-body]')).toEqual(operation.requestProperties);
      } else {
        expect($('[data-api-request-body]')).toHaveLength(0);
      }
      for (const response of operation.responses) {
        expect($(`[data-api-response="${response.status}"]`), `response ${response.status}`).toHaveLength(1);
        expect($(`h3#response-${response.status}`).text()).toContain(response.status);
        expect(topLevel(`[data-api-response="${response.status}"]`)).toEqual(response.properties);
      }

      expect(texts('[data-api-code-samples] [role="tab"]')).toEqual(['curl', 'Python', 'Node.js']);
      // One control sends the request, and only when the reader asks: Try it opens the console.
      expect(texts('button[data-api-try-it]')).toEqual(['Try it']);
      expect(texts('button').filter((text) => /send/i.test(text))).toEqual([]);
      expect($('.theme-doc-breadcrumbs').text()).toContain(operation.tag);
      expect(texts('[data-api-toc] button')).toEqual(['On this page']);
      expect($('h2#responses')).toHaveLength(1);
    });
  }
});

test('/api is served with the breadcrumbs and current sidebar entry of /api/list-assistants', async () => {
  const $ = await servedHtml(origin, '/api');
  expect($('.theme-doc-breadcrumbs .breadcrumbs__item--active').text()).toBe('List assistants');
  expect($('.theme-doc-breadcrumbs').text()).toContain('Assistants');
  expect($('nav[aria-label="Docs sidebar"] a[aria-current="page"]').attr('href')).toBe('/api/list-assistants');
});

test('the description is offered for download as YAML and JSON', async () => {
  const $ = await servedHtml(origin, '/api');
  const header = $('[data-api-endpoint]');
  expect(header.find('a:contains("openapi.yaml")').attr('href')).toBe('/openapi.yaml');
  expect(header.find('a:contains("openapi.json")').attr('href')).toBe('/openapi.json');

  const yaml = await fetch(new URL('/openapi.yaml', origin));
  expect(yaml.ok).toBe(true);
  expect(await yaml.text()).toBe(readFileSync(SPEC_FILE, 'utf8'));
  const json = await fetch(new URL('/openapi.json', origin));
  expect(json.ok).toBe(true);
  expect(await json.json()).toEqual(spec);
});
