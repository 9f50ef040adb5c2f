import { expect, inject, test } from 'vitest';

import { pageIds, servedPage, sitemapRoutes, type ServedPage } from '../support/built-site';

/**
 * Crawls the built site: every internal link on every page must lead to a page or
 * file that exists, and every #anchor to an element with that id. Docusaurus only
 * warns about broken links (the spec's setting); this suite fails on them. Every link
 * a page has is in the HTML it is served with, so the crawl reads that HTML, with no browser,
 * from the build as the run's static host serves it (tests/built/setup.ts).
 */
const origin = inject('origin');

const routes = sitemapRoutes();
const pages = new Map<string, Promise<ServedPage>>();

/** A path as served, fetched and parsed once. */
function served(path: string): Promise<ServedPage> {
  let page = pages.get(path);
  if (!page) {
    page = servedPage(origin, path);
    pages.set(path, page);
  }
  return page;
}

for (const route of routes) {
  test(`every internal link and anchor on ${route} resolves`, async () => {
    const { status, $ } = await served(route);
    expect(status, route).toBe(200);
    const here = new URL(route, origin);
    const links = new Set(
      ($?.('a[href]').toArray() ?? [])
        .map((anchor) => new URL(anchor.attribs.href ?? '', here))
        .filter((url) => url.origin === here.origin)
        .map((url) => url.href),
    );
    expect(links.size, `links on ${route}`).toBeGreaterThan(0);
    const broken: string[] = [];
    for (const href of links) {
      const url = new URL(href);
      const ids = pageIds(await served(url.pathname + url.search));
      if (ids === null) {
        broken.push(`${url.pathname}: no such page`);
        continue;
      }
      const anchor = decodeURIComponent(url.hash.slice(1));
      if (anchor && !ids.has(anchor)) {
        broken.push(`${url.pathname}#${anchor}: no element with this id`);
      }
    }
    expect(broken, `broken links on ${route}`).toEqual([]);
  });
}

test('the crawl covers the pages of the spec', () => {
  for (const path of [
    '/',
    '/benchmark',
    '/faq',
    '/inference/llamacpp',
    '/inference/transformers',
    '/inference/vllm',
    '/models/gemma',
    '/models/llama',
    '/models/Mistral',
    '/models/Phi',
    '/models/Qwen',
    '/category/models',
    '/category/serving--inferencing',
  ]) {
    expect(routes).toContain(path);
  }
});
