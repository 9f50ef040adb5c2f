import type { Page } from '@playwright/test';

import { builtPolicy } from '../../deploy/build-output';
import { BUILD_DIR } from '../support/static-server.mjs';
import { axeViolations, expect, test as siteTest, testUnderPolicy as test, useColourMode } from './fixtures';
import { operations } from '../support/openapi-operations';
import { coveringPages, elementShapes } from '../support/page-shapes';
import { builtHtml, PAGE_TYPES, sitemapRoutes } from './site';

// Every page as deployed (the `nginx` project): served with the policy, it loads and
// hydrates with no violation of it, and axe finds no violation.

test.describe.configure({ mode: 'parallel' });

/**
 * Opens every collapsed part of the page's content, so that axe sees all of it: the
 * site's details blocks by their summary, as a reader opens them (their content renders
 * on the first open), and the API reference's schema trees, which are plain details
 * elements, all at once. On the API pages this shows each shape the reference renders:
 * query parameters, oneOf variants, nullable fields and enums, nested lists, multipart
 * and binary bodies, and shared schemas described in a list's items.
 */
async function openEverything(page: Page): Promise<void> {
  const content = page.locator('.theme-doc-markdown');
  for (const summary of await content.locator('details[data-collapsed="true"] > summary').all()) {
    await summary.click();
  }
  await content.locator('details').evaluateAll((elements) => {
    for (const element of elements) {
      (element as HTMLDetailsElement).open = true;
    }
  });
  await expect(content.locator('details:not([open]), details[data-collapsed="true"]')).toHaveCount(0);
}

// What a hand-written page holds (headings, names, alternatives, tables, figures) differs
// from page to page, so each one's main content is checked, in light mode. The API
// operation pages are one template filled from the description: axe checks those that
// between them show every element shape the others are made of (tests/support/page-shapes.ts,
// read from the build), so a new shape of the reference, an unnamed control or a broken
// reference on any operation page brings that page in. The frame around the content
// (navbar, sidebar, footer) and the dark palette are the theme's, the same for every page
// of a type: the whole page, in both modes, is checked on one page of each type. Every
// page's inline code is checked against the policy without a browser (deploy.spec.ts).
const darkChecked = new Set<string>(Object.values(PAGE_TYPES));
const policy = builtPolicy(BUILD_DIR);
const routes = sitemapRoutes();
const operationRoutes = new Set(operations.map(({ pageId }) => `/api/${pageId}`));
const isOperation = (route: string) => operationRoutes.has(route);
const operationShapes = new Map(
  routes.filter(isOperation).map((route) => [route, elementShapes(builtHtml(route))] as const),
);
const coveringOperations = new Set(
  coveringPages(
    operationShapes,
    [...darkChecked].filter(isOperation).flatMap((route) => [...(operationShapes.get(route) ?? [])]),
  ),
);
const checked = routes.filter(
  (route) => !isOperation(route) || darkChecked.has(route) || coveringOperations.has(route),
);

siteTest('the dark mode checks cover every page type, and the operation pages checked more than one', () => {
  for (const route of darkChecked) {
    expect(routes).toContain(route);
  }
  expect(coveringOperations.size).toBeGreaterThan(0);
});

/** The checked pages in four groups of about equal cost, each a test that visits its pages in turn on one page. */
const GROUPS = 4;
const groups = Array.from({ length: GROUPS }, (_, group) => checked.filter((_, index) => index % GROUPS === group));

for (const group of groups) {
  test(`${group.join(', ')}: each loads under the policy, and axe finds no WCAG 2.1 AA violation, everything open`, async ({
    page,
  }) => {
    test.setTimeout(group.length * 40_000);
    for (const route of group) {
      const whole = darkChecked.has(route);
      const modes = whole ? (['light', 'dark'] as const) : (['light'] as const);
      await test.step(`${route}: ${whole ? 'the page' : 'its main content'}, ${modes.join(' and ')}`, async () => {
        const response = await page.goto(route);
        expect(response?.status()).toBe(200);
        expect(response?.headers()['content-security-policy']).toBe(policy);
        await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
        await openEverything(page);
        for (const mode of modes) {
          await useColourMode(page, mode);
          expect(
            await axeViolations(page, whole ? undefined : 'main', { coloursOnly: mode === 'dark' }),
            `${route}, ${mode} mode`,
          ).toEqual([]);
        }
      });
    }
  });
}

test.describe('not-found page', () => {
  // The browser logs the document's own 404 status.
  test.use({ expectedErrors: /404 \(Not Found\)/ });

  test('axe finds no violation on the not-found page, light and dark, and finds the ones planted there', async ({
    page,
  }) => {
    await page.goto('/no-such-page');
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    for (const mode of ['light', 'dark'] as const) {
      await useColourMode(page, mode);
      expect(await axeViolations(page, undefined, { coloursOnly: mode === 'dark' }), `${mode} mode`).toEqual([]);
    }
    // The checks above could pass by seeing nothing: an image without alt text and faint text
    // put in the main content are found by every rule, by the colour rules alone only the text,
    // and outside the part asked about not at all.
    await page.evaluate(() => {
      const image = Object.assign(document.createElement('img'), { src: '/img/logo.svg' });
      const faint = Object.assign(document.createElement('p'), { textContent: 'Faint words' });
      Object.assign(faint.style, { color: '#eeeeee', background: '#ffffff' });
      document.querySelector('main')?.prepend(image, faint);
    });
    expect(await axeViolations(page, 'main')).toEqual(['color-contrast: main > p', 'image-alt: main > img']);
    expect(await axeViolations(page, 'main', { coloursOnly: true })).toEqual(['color-contrast: main > p']);
    expect(await axeViolations(page, 'footer')).toEqual([]);
  });
});
