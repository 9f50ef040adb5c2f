import type { Page } from '@playwright/test';

import {
  ASK_BUDGET_KB,
  budgetFailures,
  budgetFigures,
  checkBudgets,
  CONSOLE_BUDGET_KB,
  KB,
  PAGE_TYPES,
  SERVER_CHECK_BUDGET_KB,
} from '../../scripts/bench/budgets';
import { recordVisit, tally, weighResponse, type Fetched } from '../../scripts/bench/weight';
import { eachAtOnce, expect, openGuardedPage, test } from './fixtures';
import { startStaticHost, type StaticHost } from '../support/static-server.mjs';

// Byte budgets per page type (scripts/bench/budgets.ts), on a first visit with
// prefetching on, as a reader makes it: before `load`, and in the 10 s after it. Served
// by a plain static host, so the not-found page answers 404.html with status 404.
test.describe.configure({ mode: 'parallel' });

let host: StaticHost;
test.beforeAll(async () => {
  host = await startStaticHost();
});
test.afterAll(async () => {
  await host.close();
});

/**
 * A first visit, recorded until the page's own loading is over: the 10 s after load in
 * which Docusaurus prefetches the routes whose links are in view (on a busy machine, a
 * shorter wait lets those prefetches land after the press and count as its own), then
 * until the network is quiet.
 */
async function settledVisit(page: Page, url: string) {
  const visit = await recordVisit(page, url);
  await page.waitForLoadState('networkidle');
  return visit;
}

/**
 * What a press fetched that the first visit had not. A file fetched again comes from the
 * browser's cache and costs the reader nothing: Docusaurus prefetches every chunk of a
 * route whose link comes into view, chunks the page has loaded included, whenever the
 * browser is idle, which on a busy machine can be after the press.
 */
function newOnPress(visit: { fetched: readonly Fetched[] }, fetched: readonly Fetched[]): Fetched[] {
  const before = new Set(visit.fetched.map((file) => file.url));
  return fetched.filter((file) => !before.has(file.url));
}

const searchFiles = (fetched: readonly Fetched[]) => fetched.filter((file) => file.search).map((file) => file.url);
const consoleFiles = (fetched: readonly Fetched[]) => fetched.filter((file) => file.console).map((file) => file.url);
const code = (file: Fetched) => file.kind === 'js' || file.kind === 'css';

/**
 * What a press fetches and what it may cost: `counts` picks the files its budget counts, and
 * at least `atLeast` of them must be `own` files, which proves that the press fetched its code
 * (had the first visit fetched it, the press would fetch none).
 */
interface Press {
  name: string;
  path: string;
  budgetKb: number;
  counts: (file: Fetched) => boolean;
  own: (file: Fetched) => boolean;
  atLeast: number;
  /** What the reader does before the press, not counted. */
  before?: (page: Page) => Promise<void>;
  press: (page: Page) => Promise<void>;
  expectedErrors?: RegExp;
}

/** The focus or the dialog a press leads to, given time: the visits run at once on a busy machine. */
const SHOWN = { timeout: 15_000 };

const tryIt = (path: string, button: string, panel: string): Press => ({
  name: `the Try it console of ${path}`,
  path,
  budgetKb: CONSOLE_BUDGET_KB,
  counts: () => true,
  own: (file) => file.console,
  atLeast: 2,
  press: async (page) => {
    await page.locator(button).first().click();
    await expect(page.locator(panel).getByLabel('Server URL')).toBeFocused(SHOWN);
  },
});

const checkYourServer = (path: string): Press => ({
  name: `Check your server on ${path}`,
  path,
  budgetKb: SERVER_CHECK_BUDGET_KB,
  counts: code,
  own: (file) => file.console,
  atLeast: 1,
  press: async (page) => {
    await page.locator('[data-server-check-button]').click();
    await expect(page.locator('[data-server-check-panel]').getByLabel('Server URL')).toBeFocused(SHOWN);
  },
});

const PRESSES: Press[] = [
  tryIt('/api/create-run', '[data-api-try-it]', '[data-api-console]'),
  tryIt('/inference/llamacpp', '[data-curl-try-it-button]', '[data-chat-console]'),
  checkYourServer('/inference/vllm'),
  checkYourServer('/inference/llamacpp'),
  {
    name: 'Ask AI',
    path: '/',
    budgetKb: ASK_BUDGET_KB,
    counts: (file) => code(file) && !file.search,
    own: () => true,
    atLeast: 1,
    before: async (page) => {
      await page.locator('.navbar .DocSearch-Button').click();
      await page.locator('.DocSearch-Input').fill('How do I serve a model with vLLM?');
      await expect(page.locator('[data-ask-entry]')).toBeVisible(SHOWN);
    },
    press: async (page) => {
      await page.locator('[data-ask-entry]').click();
      await expect(page.getByRole('dialog', { name: 'Ask AI' })).toBeVisible(SHOWN);
    },
    // Opened, it asks the default model server, where nothing listens here.
    expectedErrors: /net::ERR_CONNECTION_REFUSED/,
  },
];

// Each press on a page of its own, all at once: a visit spends most of its time in the 10 s after load.
test('the consoles, the server check and Ask AI are fetched on the press only, each within its budget', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await eachAtOnce(PRESSES, PRESSES.length, (press) =>
    test.step(press.name, async () => {
      const { page, finish } = await openGuardedPage(browser, press.expectedErrors);
      const visit = await settledVisit(page, `${host.origin}${press.path}`);
      expect(consoleFiles(visit.fetched), 'console files in the first load').toEqual([]);
      await press.before?.(page);
      const onPress: Promise<Fetched | null>[] = [];
      page.on('response', (response) => onPress.push(weighResponse(response, 'afterLoad')));
      await press.press(page);
      const fetched = newOnPress(
        visit,
        (await Promise.all(onPress)).filter((file): file is Fetched => file !== null && press.counts(file)),
      );
      expect(fetched.filter(press.own).length, 'the press fetches its code').toBeGreaterThanOrEqual(press.atLeast);
      const total = fetched.reduce((sum, file) => sum + file.gzip, 0);
      expect(total, `${press.name}: ${(total / KB).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(press.budgetKb * KB);
      await finish();
    }),
  );
});

/** How many page types are visited at once: each visit spends most of its time in the 10 s after load. */
const VISITS_AT_ONCE = 5;

test('every page type stays within its byte budgets and fetches no search code before intent', async ({ browser }) => {
  test.setTimeout(180_000);
  type Opened = Awaited<ReturnType<typeof openGuardedPage>>;
  const opened = new Map<(typeof PAGE_TYPES)[number], Opened>();
  const visitType = async (type: (typeof PAGE_TYPES)[number]) => {
    // The browser reports the not-found page's own 404 status in the console.
    const guarded = await openGuardedPage(
      browser,
      type.id === 'notFound' ? /Failed to load resource: the server responded with a status of 404/ : null,
    );
    opened.set(type, guarded);
    const visit = await recordVisit(guarded.page, host.origin + type.path);
    expect(visit.status).toBe(type.id === 'notFound' ? 404 : 200);

    const checks = checkBudgets(
      type.id,
      budgetFigures(tally(visit.fetched, 'load'), tally(visit.fetched, 'afterLoad')),
    );
    expect.soft(budgetFailures(type.id, checks), 'budgets exceeded').toEqual([]);
    expect(consoleFiles(visit.fetched), 'API console files fetched before the press').toEqual([]);
    if (type.id === 'search') {
      // Visiting /search is the intent: it loads the search code by design.
      expect(searchFiles(visit.fetched).length, 'the search page loads search').toBeGreaterThan(0);
    } else {
      expect(searchFiles(visit.fetched), 'search files fetched before the reader showed intent').toEqual([]);
    }
  };
  await eachAtOnce(PAGE_TYPES, VISITS_AT_ONCE, (type) =>
    test.step(`${type.label} (${type.path})`, () => visitType(type)),
  );

  // Intent, one page at a time: the pointer over the button, then the shortcut and a
  // query. Only now may search load; seeing it load proves that the check above can see it.
  for (const [type, { page, finish }] of opened) {
    if (type.id !== 'search') {
      await test.step(`${type.label}: search loads on intent`, async () => {
        const afterIntent: Promise<Fetched | null>[] = [];
        page.on('response', (response) => afterIntent.push(weighResponse(response, 'afterLoad')));
        await page.locator('.navbar .DocSearch-Button').hover();
        await page.keyboard.press('Control+k');
        await page.locator('.DocSearch-Input').fill('llama');
        // The first query of a cold page loads the search code, Pagefind's WebAssembly and
        // index chunks while the other page types stay open: slow on a busy machine.
        await expect(page.locator('.DocSearch-Hit').first()).toBeVisible({ timeout: 15_000 });
        const fetched = (await Promise.all(afterIntent)).filter((file): file is Fetched => file !== null);
        expect(searchFiles(fetched).length, 'search files fetched after intent').toBeGreaterThan(0);
      });
    }
    await finish();
  }
});
