import type { Page } from '@playwright/test';

import { identity } from '../../src/site/identity';
import { expect, gotoHydrated, test } from './fixtures';

// Queries a reader (or a link someone else wrote) may bring, which the search must
// survive: no crash, no script of theirs runs, and the reader sees either results or
// the no-results screen, never the error screen.
const texts = identity.searchTexts;
const HTML_QUERY = '<img src=x onerror=alert(1)>';

interface BadInput {
  name: string;
  query: string;
}

const BAD_INPUTS: BadInput[] = [
  { name: 'punctuation only', query: '?!.,;:-()[]"\'' },
  { name: 'emoji only', query: '🦙🔥✨' },
  { name: '500 characters', query: 'llama quantization server '.repeat(20).slice(0, 500) },
  { name: 'regular-expression characters', query: '.*+?^${}()|[]\\ llama(' },
  { name: 'HTML', query: HTML_QUERY },
  { name: 'right-to-left text', query: 'مرحبا بالعالم llama' },
];

/** A query whose `?q=` is not valid percent-encoding: an incomplete UTF-8 sequence. */
const BROKEN_ENCODING = '%E0%A4%A';

/** Fails the test if the page opens a dialog (the HTML query's `alert`) or fetches its image. */
function watchForInjection(page: Page): { dialogs: string[]; requests: string[] } {
  const seen = { dialogs: [] as string[], requests: [] as string[] };
  page.on('dialog', (dialog) => {
    seen.dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/x') {
      seen.requests.push(request.url());
    }
  });
  return seen;
}

async function expectNoInjection(page: Page, seen: { dialogs: string[]; requests: string[] }) {
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(seen.dialogs, 'dialogs opened by the query').toEqual([]);
  expect(seen.requests, 'requests made by the query').toEqual([]);
}

/** The modal: results, or the no-results screen, and never the error screen. */
async function expectModalAnswer(page: Page) {
  const answer = page.locator('.DocSearch-Hit, .DocSearch-NoResults').first();
  await expect(answer).toBeVisible();
  await expect(page.locator('.DocSearch-ErrorScreen')).toBeHidden();
}

/** The /search page: a count of results, or the no-results text, and never the error. */
async function expectPageAnswer(page: Page) {
  const count = page.getByText(/^\d+ results? for/);
  const none = page.getByText(texts.noResults, { exact: false });
  await expect(count.or(none).first()).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.pageTitle);
}

test.describe('search survives bad input', () => {
  // One page takes every query in turn, as a reader who keeps typing.
  test('in the modal', async ({ page }) => {
    const seen = watchForInjection(page);
    await gotoHydrated(page, '/');
    await page.keyboard.press('Control+k');
    const field = page.locator('.DocSearch-Input');
    for (const input of BAD_INPUTS) {
      await test.step(input.name, async () => {
        // The answer to the query before goes first, so that the one seen is this query's.
        await field.fill('');
        await expect(page.locator('.DocSearch-Hit, .DocSearch-NoResults')).toHaveCount(0);
        await field.fill(input.query);
        // DocSearch keeps at most its own maximum of a long query.
        const kept = await field.inputValue();
        expect(input.query.startsWith(kept) && kept.length > 0).toBe(true);
        await expectModalAnswer(page);
        await expectNoInjection(page, seen);
      });
    }
  });

  test('on the search page', async ({ page }) => {
    const seen = watchForInjection(page);
    for (const input of BAD_INPUTS) {
      await test.step(input.name, async () => {
        await gotoHydrated(page, `/search?q=${encodeURIComponent(input.query)}`);
        await expect(page.locator('#search-page-input')).toHaveValue(input.query);
        await expectPageAnswer(page);
        await expectNoInjection(page, seen);
      });
    }
  });

  test('a ?q= that is not valid percent-encoding, on the search page', async ({ page }) => {
    const seen = watchForInjection(page);
    await gotoHydrated(page, `/search?q=${BROKEN_ENCODING}`);
    // Read the way every browser reads a query string: the broken bytes become U+FFFD.
    await expect(page.locator('#search-page-input')).toHaveValue(
      new URLSearchParams(`q=${BROKEN_ENCODING}`).get('q') ?? '',
    );
    await expectPageAnswer(page);
    await expectNoInjection(page, seen);
  });

  test('the HTML query is shown as text, not as markup', async ({ page }) => {
    await gotoHydrated(page, `/search?q=${encodeURIComponent(HTML_QUERY)}`);
    await expect(page.locator('main strong', { hasText: HTML_QUERY })).toBeVisible();
  });
});
