import type { Page } from '@playwright/test';

import { HOLD_LIMIT_MS } from '../../src/search/backends/local.early';
import { RESULTS_PER_PAGE } from '../../src/search/pageResults';
import { identity } from '../../src/site/identity';
import { axeViolations, expect, gotoHydrated, test, useColourMode } from './fixtures';
import { holdSiteBundle } from './hold-bundle';
import { layoutShift, watchLayoutShift } from './layout-shift';

const texts = identity.searchTexts;
// A word from the home page (docs/README.mdx), with a heading of its own.
const HOME_QUERY = 'enhanced';
const HOME_HEADING = '/#enhanced-models';
const NONSENSE = 'qzxwvjk';
// "metal" is in no page; the llama.cpp guide builds on macOS.
const RELAXED = { query: 'macos metal', shown: 'macos', page: '/inference/llamacpp' };
// One letter short of "assistant".
const TYPO = { query: 'create asistant', shown: 'create assistant', page: '/api/create-assistant' };
const relaxedText = `No results for "${RELAXED.query}". Showing results for "${RELAXED.shown}".`;
const correctedText = `Showing results for "${TYPO.shown}". Search instead for "${TYPO.query}".`;

const modal = (page: Page) => page.locator('.DocSearch-Modal');
const searchInput = (page: Page) => page.locator('.DocSearch-Input');

async function openWithShortcut(page: Page, key = 'Control+k') {
  await page.keyboard.press(key);
  await expect(modal(page)).toBeVisible();
}

async function typeQuery(page: Page, query: string) {
  await searchInput(page).fill(query);
}

/**
 * Records every search download: the Pagefind files and the site's own search code
 * (the modal chunk and the local backend chunk, told apart by what they contain).
 */
function recordSearchRequests(page: Page): string[] {
  const fetched: string[] = [];
  page.on('response', async (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/pagefind/')) {
      fetched.push(pathname);
    } else if (pathname.endsWith('.js')) {
      const code = await response.text().catch(() => '');
      if (code.includes('DocSearch-Modal') || code.includes('noWorker')) {
        fetched.push(pathname);
      }
    }
  });
  return fetched;
}

type LargestPaint = { inResults: boolean; at: number };
type LargestPaintWindow = Window & { largestPaints: LargestPaint[] };

/** Records, for each largest-contentful-paint candidate, whether it is in the result list and when it was painted. */
async function watchLargestPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const record = window as unknown as LargestPaintWindow;
    record.largestPaints = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { element: Element | null })[]) {
        record.largestPaints.push({ inResults: Boolean(entry.element?.closest('main ol')), at: entry.startTime });
      }
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/** The /search page's status region and result list: their classes and their markup. */
function resultsMarkup(page: Page): Promise<string[][]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main [aria-live], main ol')].map((node) => [node.className, node.innerHTML]),
  );
}

/** A page that has loaded, hydrated and gone quiet, before any sign of intent. */
async function gotoQuiet(page: Page, path: string) {
  await gotoHydrated(page, path);
  await page.waitForLoadState('networkidle');
}

test.describe('search loads on intent only', () => {
  const searchButton = (page: Page) => page.locator('.navbar').getByRole('button', { name: texts.buttonText });
  const pagefindModule = (fetched: string[]) => fetched.includes('/pagefind/pagefind.js');

  test('nothing search-related is fetched after load and seconds of idle', async ({ page }) => {
    const fetched = recordSearchRequests(page);
    await gotoQuiet(page, '/');
    // Idle time: the browser gets every chance to run idle callbacks and timers.
    await page.waitForTimeout(5000);
    await page.mouse.move(5, 400);
    await page.mouse.wheel(0, 600);
    await page.waitForLoadState('networkidle');
    expect(fetched).toEqual([]);
    // The recorder does see search downloads: opening the modal fetches its code and the index.
    await searchButton(page).click();
    await expect(modal(page)).toBeVisible();
    await expect.poll(() => pagefindModule(fetched)).toBe(true);
    // The recorder reads each script's body before it counts it.
    await expect.poll(() => fetched.some((path) => path.startsWith('/assets/js/'))).toBe(true);
  });

  // Each intent, and whether it opens the modal too.
  const intents: [string, (page: Page) => Promise<void>, boolean][] = [
    ['the pointer over the button', (page) => searchButton(page).hover(), false],
    ['focus on the button', (page) => searchButton(page).focus(), false],
    ...['Control+k', 'Meta+k', '/'].map((key): [string, (page: Page) => Promise<void>, boolean] => [
      `the ${key} shortcut`,
      (page) => page.keyboard.press(key),
      true,
    ]),
  ];
  // Each intent in a test of its own: the worker's page is reset between tests, its cache with it.
  for (const [intent, act, opens] of intents) {
    test(`${intent} starts the load${opens ? ' and opens the modal' : ''}`, async ({ page }) => {
      const fetched = recordSearchRequests(page);
      await gotoQuiet(page, '/');
      expect(fetched).toEqual([]);
      await act(page);
      await expect.poll(() => pagefindModule(fetched)).toBe(true);
      await expect(modal(page)).toBeVisible({ visible: opens });
    });
  }

  test('a visit to the search page starts the load, even without a query', async ({ page }) => {
    const fetched = recordSearchRequests(page);
    await gotoHydrated(page, '/search');
    await expect.poll(() => pagefindModule(fetched)).toBe(true);
  });
});

test.describe('search loads on a touch', () => {
  test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

  test('a touch on the button starts the load', async ({ page }) => {
    const fetched = recordSearchRequests(page);
    await gotoQuiet(page, '/');
    expect(fetched).toEqual([]);
    const box = await page.locator('.navbar').getByRole('button', { name: texts.buttonText }).boundingBox();
    expect(box).not.toBeNull();
    const point = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 };
    // A finger that lands on the button and is lifted off elsewhere: a touch, not a tap.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchCancel', touchPoints: [] });
    await expect.poll(() => fetched.includes('/pagefind/pagefind.js')).toBe(true);
    await expect(modal(page)).toBeHidden();
  });
});

test.describe('search modal', () => {
  test('a reader’s journey: keyboard and button, results, notices, a miss, a hit from the keyboard, recent and favourite searches, See all', async ({
    page,
  }) => {
    const fetched = recordSearchRequests(page);
    const vocabulary = () => fetched.filter((path) => path.endsWith('/vocabulary.json'));
    const anyNotice = page.locator('.DocSearch-Dropdown [data-search-notice]');
    const notice = page.locator('.DocSearch-Dropdown [role="status"][aria-live="polite"] [data-search-notice]');
    const button = page.locator('.navbar').getByRole('button', { name: texts.buttonText });
    await gotoHydrated(page, '/');
    await test.step('the button shows in the navbar with its shortcut', async () => {
      await expect(button).toBeVisible();
      await expect(button.locator('.DocSearch-Button-Keys kbd')).toHaveCount(2);
      await expect(button.locator('.DocSearch-Button-Keys')).toContainText('K');
    });

    await test.step('Ctrl+K opens, Escape closes, focus returns', async () => {
      const link = page.locator('.navbar a').first();
      await link.focus();
      await openWithShortcut(page);
      await expect(searchInput(page)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(modal(page)).toBeHidden();
      await expect(link).toBeFocused();
    });

    await test.step('the button opens it and focus returns to the button', async () => {
      await button.click();
      await expect(modal(page)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(button).toBeFocused();
    });

    await test.step('results appear while typing, with a See all link that counts them', async () => {
      await openWithShortcut(page);
      await typeQuery(page, HOME_QUERY);
      await expect(page.locator('.DocSearch-Hit-source').first()).toBeVisible();
      await expect(page.locator(`.DocSearch-Hit [data-href="${HOME_HEADING}"]`)).toHaveCount(1);
      await expect(page.locator('.DocSearch-Hit [data-href="/"]')).toHaveCount(1);
      await expect(page.locator('.DocSearch-Hit mark').first()).toBeVisible();
      // Titles and excerpts are text: no markup but <mark> leaks into the hits.
      const markup = await page
        .locator('.DocSearch-Hits')
        .evaluate((element) =>
          [...element.querySelectorAll('.DocSearch-Hit-title *, .DocSearch-Hit-path *')].map((node) => node.tagName),
        );
      expect(markup.filter((tag) => tag !== 'MARK')).toEqual([]);
      // No Algolia branding with the local index.
      await expect(page.locator('.DocSearch-Logo')).toBeHidden();
      await expect(page.locator('a[href*="algolia.com"]:visible')).toHaveCount(0);
      const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
      await expect(seeAll).toHaveAttribute('href', `/search?q=${HOME_QUERY}`);
      // Every word of the query is in the results: no correction is looked for.
      await page.waitForLoadState('networkidle');
      expect(vocabulary()).toEqual([]);
    });

    await test.step('a typo is corrected, in a live region, and the words as typed are searched on request', async () => {
      await typeQuery(page, TYPO.query);
      await expect(notice).toHaveText(correctedText);
      expect(vocabulary()).toEqual(['/pagefind/vocabulary.json']);
      await expect(page.locator('.DocSearch-Hit [data-href]').first()).toHaveAttribute('data-href', TYPO.page);
      await notice.getByRole('button', { name: `Search instead for "${TYPO.query}"` }).click();
      await expect(anyNotice).toHaveCount(0);
      await expect(searchInput(page)).toHaveValue(TYPO.query);
      await expect(searchInput(page)).toBeFocused();
    });

    await test.step('a word that matches nothing is left out, and clearing the box takes the notice away', async () => {
      await typeQuery(page, RELAXED.query);
      await expect(notice).toHaveText(relaxedText);
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
      await typeQuery(page, '');
      await expect(anyNotice).toHaveCount(0);
    });

    await test.step('no results: the spec texts, suggestions and the report link', async () => {
      await typeQuery(page, NONSENSE);
      const screen = page.locator('.DocSearch-NoResults');
      await expect(screen).toContainText(`${texts.noResults} "${NONSENSE}"`);
      await expect(screen).toContainText(texts.trySearchingFor);
      await expect(screen.locator('.DocSearch-Prefill').first()).toBeVisible();
      await expect(screen).toContainText(texts.reportMissing);
      const report = screen.getByRole('link', { name: texts.reportMissingLink });
      await expect(report).toHaveAttribute('href', new RegExp(`^${identity.issuesUrl}/new\\?title=${NONSENSE}$`));
      // A suggestion runs a search that finds something.
      await screen.locator('.DocSearch-Prefill').first().click();
      await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    });

    let opened = '';
    await test.step('with a notice shown, the focus stays in the box, and the arrows and Enter open the selected hit', async () => {
      await typeQuery(page, RELAXED.query);
      await expect(notice).toHaveText(relaxedText);
      await expect(searchInput(page)).toBeFocused();
      await page.keyboard.press('ArrowDown');
      const selected = page.locator('.DocSearch-Hit[aria-selected="true"] [data-href]');
      await expect(selected).toHaveCount(1);
      opened = (await selected.getAttribute('data-href')) ?? '';
      expect(opened).toMatch(/^\//);
      await page.keyboard.press('Enter');
      await expect(modal(page)).toBeHidden();
      await expect.poll(() => new URL(page.url()).pathname).toBe(new URL(opened, page.url()).pathname);
    });

    await test.step('the opened hit is a recent search, and saved as a favourite it survives a reload', async () => {
      await openWithShortcut(page);
      const recent = page.locator('.DocSearch-Hits').filter({ hasText: 'Recent' });
      await expect(recent.locator('.DocSearch-Hit')).toHaveCount(1);
      await recent.locator('.DocSearch-Hit').hover();
      await recent.getByTitle('Save this search').click();
      const favourite = page.locator('.DocSearch-Hits').filter({ hasText: 'Favorite' });
      await expect(favourite.locator('.DocSearch-Hit')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await page.reload();
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await openWithShortcut(page);
      await expect(favourite.locator(`.DocSearch-Hit [data-href="${opened}"]`)).toHaveCount(1);
    });

    await test.step('See all opens the search page with the count', async () => {
      await typeQuery(page, HOME_QUERY);
      const seeAll = page.getByRole('link', { name: /^See all \d+ results$/ });
      await expect(seeAll).toBeVisible();
      const count = Number((await seeAll.textContent())?.match(/\d+/)?.[0]);
      expect(count).toBeGreaterThan(0);
      await seeAll.click();
      await expect(page).toHaveURL(new RegExp(`/search\\?q=${HOME_QUERY}$`));
      await expect(page.getByText(new RegExp(`^${count} results? for`))).toBeVisible();
    });
  });

  test('opens as a centred dialog over the page on a desktop, full screen on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1300, height: 800 });
    await gotoHydrated(page, '/');
    await openWithShortcut(page);
    const box = await modal(page).boundingBox();
    expect(box?.width).toBe(800);
    expect(Math.round((box?.x ?? 0) * 2 + (box?.width ?? 0))).toBe(1300);
    await page.keyboard.press('Escape');

    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.navbar').getByRole('button', { name: texts.buttonText }).click();
    await expect(modal(page)).toBeVisible();
    expect((await modal(page).boundingBox())?.width).toBe(390);
  });
});

test.describe('search failure', () => {
  // The aborted requests are logged by the browser itself; anything else still fails the test.
  test.use({ expectedErrors: /^console: Failed to load resource: net::ERR_FAILED$/ });

  test('the modal shows the error screen when the index cannot load', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort('failed'));
    await gotoHydrated(page, '/');
    await openWithShortcut(page);
    await typeQuery(page, HOME_QUERY);
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText(texts.errorTitle);
    await expect(screen).toContainText(texts.errorHelp);
    // The reader's query stays in the box.
    await expect(searchInput(page)).toHaveValue(HOME_QUERY);
    await expect(page.locator('.DocSearch-NoResults')).toBeHidden();
  });

  test('the search page says the same', async ({ page }) => {
    await page.route('**/pagefind/**', (route) => route.abort('failed'));
    await gotoHydrated(page, `/search?q=${HOME_QUERY}`);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(texts.errorTitle);
    await expect(alert).toContainText(texts.errorHelp);
  });
});

test.describe('search when the network drops after the index has loaded', () => {
  // The browser logs the aborted downloads, and Pagefind logs each index chunk it could not load.
  test.use({
    expectedErrors:
      /^console: (Failed to load resource: net::ERR_INTERNET_DISCONNECTED|Failed to load the index chunk [^]*)$/,
  });
  const INDEX_FILES = /\/pagefind\/(index|filter|fragment)\//;
  // Typed while offline: its index chunk is not among those the first query loaded.
  const OFFLINE_QUERY = 'llam';

  /** Cuts the index downloads off; returns the index chunks that were refused. */
  async function dropNetwork(page: Page): Promise<string[]> {
    const refused: string[] = [];
    await page.route(INDEX_FILES, async (route) => {
      if (route.request().url().includes('/pagefind/index/')) {
        refused.push(route.request().url());
      }
      await route.abort('internetdisconnected');
    });
    return refused;
  }

  test('the modal says it cannot fetch results, and searches again once the network is back', async ({ page }) => {
    await gotoHydrated(page, '/');
    await openWithShortcut(page);
    await typeQuery(page, HOME_QUERY);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();

    const refused = await dropNetwork(page);
    await typeQuery(page, OFFLINE_QUERY);
    const screen = page.locator('.DocSearch-ErrorScreen');
    await expect(screen).toContainText(texts.errorTitle);
    await expect(screen).toContainText(texts.errorHelp);
    await expect(page.locator('.DocSearch-NoResults')).toBeHidden();
    expect(refused.length, 'the offline query needed an index chunk').toBeGreaterThan(0);

    await page.unroute(INDEX_FILES);
    await searchInput(page).press('End');
    await page.keyboard.type('a');
    await expect(searchInput(page)).toHaveValue(`${OFFLINE_QUERY}a`);
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(screen).toBeHidden();
  });

  test('the search page says the same, and searches again once the network is back', async ({ page }) => {
    await gotoHydrated(page, `/search?q=${HOME_QUERY}`);
    await expect(page.getByText(/^\d+ results? for/)).toBeVisible();

    const refused = await dropNetwork(page);
    const field = page.locator('#search-page-input');
    await field.fill(OFFLINE_QUERY);
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(texts.errorTitle);
    await expect(alert).toContainText(texts.errorHelp);
    expect(refused.length, 'the offline query needed an index chunk').toBeGreaterThan(0);

    await page.unroute(INDEX_FILES);
    await field.press('End');
    await page.keyboard.type('a');
    await expect(field).toHaveValue(`${OFFLINE_QUERY}a`);
    await expect(page.getByText(/^\d+ results? for/)).toBeVisible();
    await expect(alert).toBeHidden();
  });
});

test.describe('search page', () => {
  test('a reader’s visit: the results of q, the texts and files it downloads, more results, the box and the URL, a miss, and a result link', async ({
    page,
  }) => {
    const html = await (await page.request.get('/search')).text();
    // By path: a hint and a fetch that differ only in their query would be two downloads.
    const hinted = [...html.matchAll(/<link[^>]*\bhref="?(\/pagefind\/[^"\s>]+)/g)].map(
      (match) => new URL(match[1] ?? '', 'http://127.0.0.1').pathname,
    );
    expect(hinted.length).toBeGreaterThan(0);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    const items = page.locator('main ol > li');
    const count = page.getByText(/^\d+ results? for/);
    await gotoHydrated(page, '/search?q=llama');

    await test.step('the results of q, with a count and highlights', async () => {
      await expect(page.locator('#search-page-input')).toHaveValue('llama');
      await expect(count).toBeVisible();
      await expect(page.locator('main ol a[href="/models/llama"]').first()).toBeVisible();
      await expect(page.locator('main ol mark').first()).toBeVisible();
    });

    await test.step('the first screen downloads the texts of the results it shows, and no others', async () => {
      await expect(items).toHaveCount(RESULTS_PER_PAGE);
      expect(new Set(requested.filter((path) => path.endsWith('.pf_fragment'))).size).toBe(RESULTS_PER_PAGE);
    });

    await test.step('each hinted search file is fetched once', async () => {
      await page.waitForLoadState('networkidle');
      for (const path of hinted) {
        expect(
          requested.filter((entry) => entry === path),
          path,
        ).toHaveLength(1);
      }
    });

    const field = page.locator('#search-page-input');
    await test.step('more results on demand', async () => {
      await field.fill('model');
      await expect(page).toHaveURL(/\/search\?q=model$/);
      await expect(items).toHaveCount(RESULTS_PER_PAGE);
      await page.getByRole('button', { name: texts.loadMore }).click();
      await expect.poll(() => items.count()).toBe(2 * RESULTS_PER_PAGE);
    });

    await test.step('no results: the spec texts, and no notice for a true miss', async () => {
      await field.fill(NONSENSE);
      await expect(page.getByText(`${texts.noResults} “${NONSENSE}”`)).toBeVisible();
      await expect(page.getByText(`${texts.trySearchingFor}:`)).toBeVisible();
      await expect(page.getByText(texts.reportMissing)).toBeVisible();
      await expect(page.getByRole('link', { name: texts.reportMissingLink })).toHaveAttribute(
        'href',
        `${identity.issuesUrl}/new?title=${NONSENSE}`,
      );
      await expect(page.locator('[data-search-notice]')).toHaveCount(0);
    });

    await test.step('the box keeps the URL in step, and / typed in it stays in it', async () => {
      await field.fill('');
      await expect(page).toHaveURL(/\/search$/);
      await page.keyboard.type('a/b');
      await expect(field).toHaveValue('a/b');
      await expect(modal(page)).toBeHidden();
      await field.fill('');
      await field.fill('llama');
      await expect(page).toHaveURL(/\/search\?q=llama$/);
    });

    await test.step('result links load a page’s code on intent, not when they scroll into view', async () => {
      await expect(items.first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const chunks: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/js\/.*\.js$/.test(request.url())) chunks.push(request.url());
      });
      await items.last().scrollIntoViewIfNeeded();
      await page.waitForTimeout(500);
      expect(chunks).toEqual([]);
      const link = page.locator('main ol a[href="/models/llama"]').first();
      await link.hover();
      await expect.poll(() => chunks.length).toBeGreaterThan(0);
      await link.click();
      await expect(page).toHaveURL(/\/models\/llama$/);
      // A navigation inside the app: the page did not load again.
      await expect(page.locator('html')).toHaveAttribute('data-has-hydrated', 'true');
    });
  });

  test('paints the first results of q before the site bundle has run, and React takes them over unchanged', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await watchLayoutShift(page);
    await watchLargestPaint(page);
    const release = await holdSiteBundle(page);
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await page.goto('/search?q=llama', { waitUntil: 'commit' });

    const list = page.locator('main ol');
    await expect(list.locator('> li').first()).toBeVisible();
    await expect(page.locator('html')).not.toHaveAttribute('data-has-hydrated', 'true');
    await expect(page.locator('main [aria-live]')).toHaveText(/^\d+ results for “llama”$/);
    await expect(list.locator('a[href="/models/llama"]').first()).toBeVisible();
    await expect(list.locator('mark').first()).toBeVisible();
    await expect(page.locator('#search-page-input')).toHaveValue('llama');
    const painted = await resultsMarkup(page);
    // The early script lets the bundle load once the results are on screen.
    await expect.poll(() => requested.filter((path) => /\/assets\/js\/main\./.test(path)).length).toBe(1);

    const heldUntil = await page.evaluate(() => performance.now());
    release();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    expect(await resultsMarkup(page)).toEqual(painted);
    await page.waitForLoadState('networkidle');
    expect(await layoutShift(page)).toBe(0);
    // The largest paint of the visit was an early-painted result: every candidate was painted
    // while the bundle was held (the browser may report one only after hydration).
    const largest = await page.evaluate(() => (window as unknown as LargestPaintWindow).largestPaints);
    expect(largest.filter(({ at }) => at >= heldUntil)).toEqual([]);
    expect(largest.at(-1)?.inResults).toBe(true);
    // The page took the early script's backend over: no search backend code of its own.
    expect(requested.filter((path) => path === '/pagefind/pagefind-entry.json')).toHaveLength(1);
  });

  test('the site’s bundle is asked for once the first results are on screen, or at the hold limit', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const record = window as unknown as { firstResultAt?: number };
      new MutationObserver(() => {
        if (record.firstResultAt === undefined && document.querySelector('main ol > li')) {
          record.firstResultAt = performance.now();
        }
      }).observe(document, { childList: true, subtree: true });
    });
    await gotoHydrated(page, '/search?q=llama');
    const times = await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        firstResult: (window as unknown as { firstResultAt?: number }).firstResultAt ?? Infinity,
        early: entries.find((entry) => entry.name.endsWith('/search-early.js'))?.responseEnd ?? Infinity,
        bundle: entries
          .filter((entry) => /\/assets\/js\/(runtime~)?main\.[0-9a-f]+\.js$/.test(entry.name))
          .map((entry) => entry.startTime),
      };
    });
    expect(times.bundle).toHaveLength(2);
    // On a busy machine the first results can take longer than the hold: the limit releases the bundle.
    const releasedBy = Math.min(times.firstResult, times.early + HOLD_LIMIT_MS);
    for (const start of times.bundle) {
      expect(start).toBeGreaterThan(releasedBy);
    }
    // Once hydrated, the page answers a new query with its own results.
    await page.locator('#search-page-input').fill('vllm');
    await expect(page).toHaveURL(/[?&]q=vllm/);
    await expect(page.locator('main [aria-live]')).toHaveText(/^\d+ results? for “vllm”$/);
  });

  test('without a query, or with a search that does not answer, the page does not wait for it', async ({ page }) => {
    // Pagefind's metadata never arrives: the search cannot start, and the page must still hydrate.
    await page.route(/\/pagefind\/pagefind\.[^/]+\.pf_meta$/, () => undefined);
    // When the early script's hold limit fires: the first timer of that length the page sets.
    await page.addInitScript((limit) => {
      const record = window as unknown as { holdFiredAt?: number };
      const setTimer = window.setTimeout.bind(window);
      const timed = (handler: TimerHandler, delay?: number, ...rest: unknown[]) => {
        if (delay !== limit || typeof handler !== 'function' || 'holdFiredAt' in record) {
          return setTimer(handler, delay, ...rest);
        }
        record.holdFiredAt = Infinity;
        return setTimer(() => {
          record.holdFiredAt = performance.now();
          (handler as () => void)();
        }, delay);
      };
      window.setTimeout = timed as typeof window.setTimeout;
    }, HOLD_LIMIT_MS);
    // The request for the site's bundle, which the early script holds back: from the script's
    // arrival, and against the moment its limit fired (Infinity while it has not).
    const released = () =>
      page.evaluate(() => {
        const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
        const early = entries.find((entry) => entry.name.endsWith('/search-early.js'));
        const bundle = entries.find((entry) => /\/assets\/js\/main\.[^/]+\.js$/.test(entry.name));
        const limitAt = (window as unknown as { holdFiredAt?: number }).holdFiredAt;
        return early && bundle && limitAt !== undefined
          ? { held: bundle.startTime - early.responseEnd, beforeLimit: bundle.startTime < limitAt }
          : null;
      });
    await gotoHydrated(page, '/search');
    await expect(page.locator('#search-page-input')).toBeEditable();
    // Without a query, nothing holds the bundle: it is asked for before the limit fires.
    expect(await released()).toMatchObject({ beforeLimit: true });

    await gotoHydrated(page, '/search?q=llama');
    // A search that does not answer holds it until the limit, and no longer.
    const unanswered = await released();
    expect(unanswered).toMatchObject({ beforeLimit: false });
    expect(unanswered?.held).toBeGreaterThanOrEqual(HOLD_LIMIT_MS - 100);
  });

  test('the results hand over to the page when they arrive after hydration', async ({ page }) => {
    // The index arrives late: the page hydrates first, paints nothing early, and shows its own results.
    await page.route(/\/pagefind\/pagefind-entry\.json(\?|$)/, async (route) => {
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      await route.continue();
    });
    await gotoHydrated(page, '/search?q=llama');
    await expect(page.locator('main [aria-live]')).toHaveText(/^\d+ results for “llama”$/);
    await expect(page.locator('main ol > li').first()).toBeVisible();
  });

  for (const viewport of [
    { width: 1280, height: 720 },
    { width: 390, height: 844 },
  ]) {
    test(`results arriving do not shift the page (${viewport.width} px wide)`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await watchLayoutShift(page);
      await gotoHydrated(page, '/search?q=llama');
      await expect(page.getByText(/^\d+ results? for/)).toBeVisible();
      await expect(page.locator('main ol > li').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      const shift = await layoutShift(page);
      expect(shift).toBeLessThanOrEqual(0.02);
    });
  }
});

test.describe('queries the docs do not match word for word', () => {
  for (const [kind, { query }, text] of [
    ['relaxed', RELAXED, relaxedText],
    ['corrected', TYPO, correctedText],
  ] as const) {
    test(`the search page paints the ${kind} notice before hydration, as React renders it`, async ({ page }) => {
      await watchLayoutShift(page);
      const release = await holdSiteBundle(page);
      await page.goto(`/search?q=${encodeURIComponent(query)}`, { waitUntil: 'commit' });
      // The bundle is held, so however long the early search takes (a correction is two
      // searches and the vocabulary, slow on a busy machine), only the early script can paint.
      await expect(page.locator('main [aria-live="polite"] [data-search-notice]')).toHaveText(text, {
        timeout: 15_000,
      });
      await expect(page.locator('main ol > li').first()).toBeVisible();
      const painted = await resultsMarkup(page);
      // From the painted notice on: a starved machine can paint the page half-parsed
      // before (its navbar still growing), which is the page's first paint, not the handover.
      const shiftWhenPainted = await layoutShift(page);
      release();
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      expect(await resultsMarkup(page)).toEqual(painted);
      expect((await layoutShift(page)) - shiftWhenPainted).toBe(0);
    });
  }

  test('the search page leaves a word out or corrects it, says so in its live region, searches the words as typed on request, and passes axe with the modal, light and dark', async ({
    page,
  }) => {
    const notice = page.locator('main [aria-live="polite"] [data-search-notice]');
    await test.step('a word that matches nothing is left out', async () => {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(RELAXED.query)}`);
      await expect(page.locator('main [data-search-notice]')).toHaveText(relaxedText);
      // Inside the live region, so that screen readers announce it.
      await expect(notice).toHaveCount(1);
      await expect(page.locator(`main ol a[href="${RELAXED.page}"]`).first()).toBeVisible();
    });

    await test.step('a typo is corrected', async () => {
      await gotoHydrated(page, `/search?q=${encodeURIComponent(TYPO.query)}`);
      await expect(notice).toHaveText(correctedText);
      await expect(page.locator('main ol li h2 a').first()).toHaveAttribute('href', TYPO.page);
    });

    for (const mode of ['light', 'dark'] as const) {
      await test.step(`axe finds nothing on the page and in the modal with a selected hit and a notice, ${mode} mode`, async () => {
        await useColourMode(page, mode);
        await expect(page.locator('main ol > li').first()).toBeVisible();
        expect(await axeViolations(page, undefined, { coloursOnly: mode === 'dark' }), 'the search page').toEqual([]);

        await openWithShortcut(page);
        await typeQuery(page, RELAXED.query);
        await expect(page.locator('.DocSearch-Dropdown [data-search-notice]')).toBeVisible();
        await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
        await page.keyboard.press('ArrowDown');
        await expect(page.locator('.DocSearch-Hit[aria-selected="true"]')).toHaveCount(1);
        expect(
          await axeViolations(page, '.DocSearch-Modal', { coloursOnly: mode === 'dark' }),
          'the modal with a selected hit',
        ).toEqual([]);
        // axe skips text it cannot see: the selected hit's title must be opaque on its highlight.
        const title = page.locator('.DocSearch-Hit[aria-selected="true"] .DocSearch-Hit-title');
        expect(await title.evaluate((node) => getComputedStyle(node).color)).toMatch(/^rgb\(/);

        await typeQuery(page, TYPO.query);
        await expect(page.locator('.DocSearch-Dropdown [data-search-notice] button')).toBeVisible();
        expect(
          await axeViolations(page, '.DocSearch-Modal', { coloursOnly: mode === 'dark' }),
          'the modal with its notice',
        ).toEqual([]);
        await page.keyboard.press('Escape');
        await expect(modal(page)).toBeHidden();
      });
    }

    await test.step('the words as typed, on request', async () => {
      await notice.getByRole('button', { name: `Search instead for "${TYPO.query}"` }).click();
      await expect(notice).toHaveCount(0);
      await expect(page.locator('#search-page-input')).toHaveValue(TYPO.query);
      await expect(page.getByText(new RegExp(`results? for “${TYPO.query}”`))).toBeVisible();
    });
  });
});
