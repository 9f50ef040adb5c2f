/**
 * The dev server renders pages in the browser only, so under `npm start` its index is
 * written from its own pages as a browser renders them: each route opened in headless
 * Chromium through the site's router, its document read once React has rendered it. That
 * is the content the build writes for the same route (the text alike, split into text
 * nodes differently), which the same indexer reads (indexer.ts), so the dev server's
 * search answers as the built site's does.
 */
import type { IndexedPage } from './indexer';
import { twinPath } from '../../shared/twin-paths';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs';

/**
 * The pages at `routes` of the site served at `origin` with `baseUrl`, as a browser renders
 * them: pages that have a Markdown twin, each known by the link to it the page renders.
 */
export async function renderedPages(origin: string, routes: readonly string[], baseUrl = '/'): Promise<IndexedPage[]> {
  const executablePath = findChromium();
  if (!executablePath) {
    throw new Error('no Chromium to render the pages with (set CHROMIUM_PATH)');
  }
  const { chromium } = await import('@playwright/test');
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS as string[] });
  try {
    const page = await browser.newPage();
    // The dev server's bundle is large and unminified; a busy machine takes its time over it.
    page.setDefaultTimeout(120_000);
    // Every page is rendered by the router, as the dev server renders every page: it starts on
    // the last route and then opens each in turn, the last one too. (A page loaded from the
    // build keeps the server's markup, whose text nodes are split where the router's are not.)
    // The bundle is loaded and run once, not once per page.
    await page.goto(new URL(routes.at(-1) ?? baseUrl, origin).href, { waitUntil: 'domcontentloaded' });
    await page.waitForSelector('html[data-has-hydrated="true"] main', { state: 'attached' });
    const pages: IndexedPage[] = [];
    for (const url of routes) {
      await page.evaluate((path) => {
        window.history.pushState(null, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, url);
      // The router shows the last page until the next one's code has loaded; the next page is
      // on screen once its own link to its twin is in the head.
      await page.waitForFunction(
        (twin) => document.querySelector(`link[rel="alternate"][type="text/markdown"][href="${twin}"]`) !== null,
        twinPath(url, baseUrl),
      );
      pages.push({ url, html: await page.content() });
    }
    return pages;
  } finally {
    await browser.close();
  }
}
