// Page weight: the gzip size of the JavaScript, CSS and HTML that a first visit to a
// page downloads until it has loaded and hydrated, measured in Chromium against the
// production build. What loads later on demand (search, idle preloads) is not counted.
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';

import { CHROMIUM_ARGS, findChromium } from '../chromium.mjs';

export const PAGES = ['/', '/models/llama', '/benchmark', '/faq', '/api', '/api/create-run', '/search?q=vllm'];

function kind(contentType, url) {
  if (contentType.includes('javascript') || url.endsWith('.js')) return 'js';
  if (contentType.includes('css') || url.endsWith('.css')) return 'css';
  if (contentType.includes('html')) return 'html';
  return 'other';
}

/** Visits each page in a fresh browser context and sums the gzip sizes it downloaded. */
export async function measurePageWeights(origin, pages = PAGES) {
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const path of pages) {
      const context = await browser.newContext();
      const page = await context.newPage();
      // Data saving on: no prefetching of linked pages and no idle preloading of
      // search, so only what the page itself needs is counted, the same on every run.
      await page.addInitScript(() => {
        Object.defineProperty(navigator, 'connection', { get: () => ({ effectiveType: '4g', saveData: true }) });
      });
      const sizes = { js: 0, css: 0, html: 0, other: 0 };
      const pending = [];
      let counting = true;
      page.on('response', (response) => {
        if (!counting) return;
        pending.push(
          response
            .body()
            .then((body) => {
              const type = kind(response.headers()['content-type'] ?? '', response.url());
              sizes[type] += gzipSync(body, { level: 9 }).length;
            })
            .catch(() => undefined),
        );
      });
      await page.goto(origin + path, { waitUntil: 'load' });
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      counting = false;
      await Promise.all(pending);
      results.push({ path, ...sizes });
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return results;
}

export function formatWeights(results) {
  const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
  return results.map(
    (r) =>
      `${r.path.padEnd(22)} js ${kb(r.js).padStart(9)}  css ${kb(r.css).padStart(8)}  html ${kb(r.html).padStart(8)}`,
  );
}
