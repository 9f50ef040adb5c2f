/**
 * The dev server renders pages in the browser only, so under `npm start` its index is
 * written from its own pages as a browser renders them: each route opened in headless
 * Chromium, its document read once React has hydrated it. That is the HTML the build
 * writes for the same route, which the same indexer reads (indexer.ts), so the dev
 * server's search answers as the built site's does.
 */
import type { IndexedPage } from './indexer';
import { CHROMIUM_ARGS, findChromium } from '../../../scripts/chromium.mjs';

/** The pages at `routes` of the site served at `origin`, as a browser renders them; a route that renders no page is left out. */
export async function renderedPages(origin: string, routes: readonly string[]): Promise<IndexedPage[]> {
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
    const pages: IndexedPage[] = [];
    for (const url of routes) {
      const response = await page.goto(new URL(url, origin).href, { waitUntil: 'domcontentloaded' });
      if (response?.ok()) {
        await page.waitForSelector('html[data-has-hydrated="true"] main', { state: 'attached' });
        pages.push({ url, html: await page.content() });
      }
    }
    return pages;
  } finally {
    await browser.close();
  }
}
