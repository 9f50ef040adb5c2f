// Measures search in Chromium against a served site: the bytes fetched for the
// first query (gzip size of every response after the page has hydrated, the
// search UI included, and of those Pagefind's own files), the time from a keypress to results on a warm page, and the
// time from intent to first results on a cold page.
import { gzipSync } from 'node:zlib';

import type { BrowserContext, Page, Response } from '@playwright/test';

import { launchChromium } from '../chromium';

/** The median of the values (NaN for none). */
export function median(values: readonly number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return ((sorted[(sorted.length - 1) >> 1] ?? NaN) + (sorted[sorted.length >> 1] ?? NaN)) / 2;
}

/** Runs `visit` once per run, each in a fresh context (a cold cache) of one Chromium; its results in order. */
async function eachRun<T>(runs: number, visit: (page: Page, run: number, context: BrowserContext) => Promise<T>) {
  const browser = await launchChromium();
  try {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await browser.newContext();
      results.push(await visit(await context.newPage(), run, context));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}

/** Opens `path` of the site and waits until the page has hydrated. */
async function openHydrated(page: Page, baseUrl: string, path: string) {
  await page.goto(new URL(path, baseUrl).href);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** Time in the page from setting the query to the first hit that marks it. */
async function timeQuery(page: Page, query: string) {
  return page.evaluate(async (text) => {
    const input = document.querySelector('.DocSearch-Input');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (!input || !setValue) throw new Error('The search modal has no input to type into.');
    const done = new Promise<number>((resolve) => {
      const check = () => {
        const marks = [...document.querySelectorAll('.DocSearch-Hit mark')];
        if (marks.some((mark) => (mark.textContent ?? '').toLowerCase().startsWith(text.slice(0, 3)))) {
          observer.disconnect();
          resolve(performance.now());
        }
      };
      const observer = new MutationObserver(check);
      observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    const start = performance.now();
    setValue.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return (await done) - start;
  }, query);
}

/** The first query on the served site at `baseUrl`, measured cold, and each of the other queries, warm. */
export async function measureSearch({ baseUrl, queries, runs }: { baseUrl: string; queries: string[]; runs: number }) {
  const results = await eachRun(runs, async (page) => {
    // Data saving on: the page does not preload search while idle, so every byte of
    // the search UI and index is fetched, and counted, after the keypress.
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'connection', { get: () => ({ effectiveType: '4g', saveData: true }) });
    });
    const fetched: { url: string; bytes: number }[] = [];
    const onResponse = (response: Response) =>
      response.body().then(
        (body) => fetched.push({ url: response.url(), bytes: gzipSync(body).length }),
        // Redirects and aborted responses have no body.
        () => 0,
      );
    await openHydrated(page, baseUrl, '/');
    page.on('response', onResponse);
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    await timeQuery(page, queries[0] ?? '');
    await page.waitForLoadState('networkidle');
    page.off('response', onResponse);
    const sum = (list: typeof fetched) => list.reduce((total, entry) => total + entry.bytes, 0);
    const warmTimes = [];
    for (const query of queries.slice(1)) {
      // Warm: the modal and index are loaded; each query is new to Pagefind.
      warmTimes.push(await timeQuery(page, query));
    }
    return {
      bytes: sum(fetched),
      // Of those, Pagefind's files: its script, WebAssembly, index entry, chunks and fragments.
      indexBytes: sum(fetched.filter((entry) => new URL(entry.url).pathname.startsWith('/pagefind/'))),
      warmTimes,
      largestFiles: fetched
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 10)
        .map((entry) => ({ path: new URL(entry.url).pathname, gzip: entry.bytes })),
    };
  });
  const warmTimes = results.flatMap((result) => result.warmTimes);
  return {
    firstQueryKB: median(results.map((result) => result.bytes)) / 1024,
    firstQueryIndexKB: median(results.map((result) => result.indexBytes)) / 1024,
    warmQueryMs: median(warmTimes),
    runs,
    samples: warmTimes.length,
    largestFiles: results[0]?.largestFiles ?? [],
  };
}

/**
 * Cold page, prefetching and idle preloading as a reader has them: from the pointer
 * over the search button, then Ctrl+K and typing a query, to the first result shown.
 * Starts as soon as the page has hydrated, before any idle work has run.
 */
export async function measureIntent({ baseUrl, query, runs }: { baseUrl: string; query: string; runs: number }) {
  const times = await eachRun(runs, async (page) => {
    await openHydrated(page, baseUrl, '/');
    const start = performance.now();
    await page.locator('.navbar .DocSearch-Button').hover();
    await page.keyboard.press('Control+k');
    await page.locator('.DocSearch-Input').waitFor();
    await page.keyboard.type(query);
    await page.locator('.DocSearch-Hit').first().waitFor();
    return performance.now() - start;
  });
  return { intentToResultsMs: median(times), samples: times };
}

/**
 * From the press of Try it on an API page to a console the reader can type in (its
 * Server URL field focused), with the CPU slowed down as Lighthouse's mobile preset
 * slows it (4x). The pointer rests on the button first, as a reader's does before the
 * press (the console starts loading then). Cold: a first visit. Warm: the same context after a first press, so
 * the console's files come from the HTTP cache, as on a reader's second page.
 */
export async function measureConsole({ baseUrl, runs }: { baseUrl: string; runs: number }) {
  const results = await eachRun(runs, async (page, run, context) => {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    // The time of one press, and, when `weigh`, the gzip bytes of what its hover and press fetch.
    const press = async (weigh: boolean) => {
      await openHydrated(page, baseUrl, '/api/create-run');
      const fetched: Promise<number>[] = [];
      const onResponse = (response: Response) =>
        fetched.push(
          response.body().then(
            (body) => gzipSync(body, { level: 9 }).length,
            () => 0,
          ),
        );
      if (weigh) page.on('response', onResponse);
      await page.locator('[data-api-try-it]').hover();
      // Timed in the page: from the click to the moment the console's first field takes focus.
      const ms = await page.evaluate(
        () =>
          new Promise((resolve) => {
            const start = performance.now();
            document.addEventListener('focusin', function ready(event) {
              if (event.target instanceof HTMLInputElement && event.target.type === 'url') {
                document.removeEventListener('focusin', ready);
                resolve(performance.now() - start);
              }
            });
            document.querySelector('[data-api-try-it]')?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
          }),
      );
      page.off('response', onResponse);
      return { ms: Number(ms), bytes: (await Promise.all(fetched)).reduce((sum, bytes) => sum + bytes, 0) };
    };
    // What the first visit's press fetches: the console's code, stylesheet and data.
    const cold = await press(run === 0);
    return { cold: cold.ms, warm: (await press(false)).ms, pressBytes: cold.bytes };
  });
  const cold = results.map((result) => result.cold);
  const warm = results.map((result) => result.warm);
  return {
    coldMs: median(cold),
    warmMs: median(warm),
    pressBytes: results[0]?.pressBytes ?? 0,
    samples: { cold, warm },
  };
}
