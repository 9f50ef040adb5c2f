/**
 * The dev server renders pages in the browser only, so its index is written from its
 * pages as headless Chromium renders them through the site's router: the text the build
 * writes for the same route, which the same indexer reads, so both search alike.
 */
import type { IndexedPage } from './indexer';
import { twinPath } from '../../shared/twin-paths';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium';

/** The pages at `routes` (each with a Markdown twin, whose link tells it is rendered) of the site at `origin`. */
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
    // Every page is rendered by the router, as the dev server does, on one load of the bundle:
    // it starts on the last route, then opens each in turn, the last one too (as loaded, it
    // keeps the server's markup, split into other text nodes).
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
