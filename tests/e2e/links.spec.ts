import type { APIRequestContext, Page } from '@playwright/test';

import { expect, gotoHydrated, test } from './fixtures';
import { servedIds, sitemapRoutes } from './site';

/**
 * Crawls the built site: every internal link on every page must lead to a page or
 * file that exists, and every #anchor to an element with that id. Docusaurus only
 * warns about broken links (the spec's setting); this suite fails on them.
 */
test.describe.configure({ mode: 'parallel' });

const routes = sitemapRoutes();
const idsByPath = new Map<string, Promise<Set<string> | null>>();

/** The ids of a path as served, fetched once per path. */
function idsOf(request: APIRequestContext, path: string): Promise<Set<string> | null> {
  let ids = idsByPath.get(path);
  if (!ids) {
    ids = servedIds(request, path);
    idsByPath.set(path, ids);
  }
  return ids;
}

async function internalLinks(page: Page): Promise<string[]> {
  const hrefs = await page
    .locator('a[href]')
    .evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  const origin = new URL(page.url()).origin;
  return [...new Set(hrefs.filter((href) => href.startsWith(origin)))];
}

for (const route of routes) {
  test(`every internal link and anchor on ${route} resolves`, async ({ page }) => {
    await gotoHydrated(page, route);
    const broken: string[] = [];
    for (const href of await internalLinks(page)) {
      const url = new URL(href);
      const ids = await idsOf(page.request, url.pathname + url.search);
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
