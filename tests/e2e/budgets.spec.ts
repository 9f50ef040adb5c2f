import type { Page } from '@playwright/test';

import {
  ASK_BUDGET_KB,
  budgetFailures,
  budgetFigures,
  checkBudgets,
  CONSOLE_BUDGET_KB,
  KB,
  SERVER_CHECK_BUDGET_KB,
} from '../../scripts/bench/budgets';
import { PAGE_TYPES } from '../../scripts/bench/pages';
import { recordVisit, weighResponse } from '../../scripts/bench/visit';
import { tally, type Fetched } from '../../scripts/bench/weight';
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

/** What the press of Try it fetches: the console's files only, within their budget, and none fetched before. */
const CONSOLES = [
  { page: '/api/create-run', button: '[data-api-try-it]', console: '[data-api-console]' },
  { page: '/inference/llamacpp', button: '[data-curl-try-it-button]', console: '[data-chat-console]' },
];
for (const consoleType of CONSOLES) {
  test(`the Try it console of ${consoleType.page} is fetched on the press only, within its budget`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const visit = await settledVisit(page, `${host.origin}${consoleType.page}`);
    expect(consoleFiles(visit.fetched), 'console files in the first load').toEqual([]);
    const onPress: Promise<Fetched | null>[] = [];
    page.on('response', (response) => onPress.push(weighResponse(response, 'afterLoad')));
    await page.locator(consoleType.button).first().click();
    await expect(page.locator(consoleType.console).getByLabel('Server URL')).toBeFocused();
    const fetched = newOnPress(
      visit,
      (await Promise.all(onPress)).filter((file): file is Fetched => file !== null),
    );
    expect(consoleFiles(fetched).length, 'the press fetches the console').toBeGreaterThanOrEqual(2);
    const total = fetched.reduce((sum, file) => sum + file.gzip, 0);
    expect(total, `the console's files, ${(total / KB).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(
      CONSOLE_BUDGET_KB * KB,
    );
  });
}

for (const guide of ['/inference/vllm', '/inference/llamacpp']) {
  test(`Check your server on ${guide} is fetched on the press only, within its budget`, async ({ page }) => {
    test.setTimeout(90_000);
    const visit = await settledVisit(page, `${host.origin}${guide}`);
    expect(consoleFiles(visit.fetched), "the check's files in the first load").toEqual([]);
    const onPress: Promise<Fetched | null>[] = [];
    page.on('response', (response) => onPress.push(weighResponse(response, 'afterLoad')));
    await page.locator('[data-server-check-button]').click();
    await expect(page.locator('[data-server-check-panel]').getByLabel('Server URL')).toBeFocused();
    const code = newOnPress(
      visit,
      (await Promise.all(onPress)).filter(
        (file): file is Fetched => file !== null && (file.kind === 'js' || file.kind === 'css'),
      ),
    );
    expect(consoleFiles(code).length, 'the press fetches the panel').toBeGreaterThanOrEqual(1);
    const total = code.reduce((sum, file) => sum + file.gzip, 0);
    expect(total, `Check your server's files, ${(total / KB).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(
      SERVER_CHECK_BUDGET_KB * KB,
    );
  });
}

test.describe('Ask AI', () => {
  // Opened, it asks the default model server, where nothing listens here.
  test.use({ expectedErrors: /net::ERR_CONNECTION_REFUSED/ });

  test('Ask AI is fetched on the press only, within its budget', async ({ page }) => {
    test.setTimeout(90_000);
    const visit = await settledVisit(page, `${host.origin}/`);
    await page.locator('.navbar .DocSearch-Button').click();
    await page.locator('.DocSearch-Input').fill('How do I serve a model with vLLM?');
    const entry = page.locator('[data-ask-entry]');
    await expect(entry).toBeVisible();
    const onPress: Promise<Fetched | null>[] = [];
    page.on('response', (response) => onPress.push(weighResponse(response, 'afterLoad')));
    await entry.click();
    await expect(page.getByRole('dialog', { name: 'Ask AI' })).toBeVisible();
    // Had the first load fetched the dialog's code, the press would fetch none.
    const code = newOnPress(
      visit,
      (await Promise.all(onPress)).filter(
        (file): file is Fetched => file !== null && !file.search && (file.kind === 'js' || file.kind === 'css'),
      ),
    );
    expect(code.length, 'the press fetches the dialog').toBeGreaterThanOrEqual(1);
    const total = code.reduce((sum, file) => sum + file.gzip, 0);
    expect(total, `Ask AI's files, ${(total / KB).toFixed(1)} KiB gzip`).toBeLessThanOrEqual(ASK_BUDGET_KB * KB);
  });
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
