import type { Locator, Page } from '@playwright/test';

import { AGENT, MODEL_ID, SLOW, type FakeServer } from '../support/fake-server.mjs';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';

/**
 * Ask AI: a question from the search modal or /search, answered by the reader's own
 * OpenAI-compatible server with the site's search and Markdown twins as its tools, run
 * in the browser against a scripted server. How the loop treats each kind of model
 * (one that refuses tools, ignores them, calls them wrongly or never stops) and how an
 * answer renders are unit tests (tests/unit/ask-docs.test.ts, components/ask-*.test.tsx).
 */

const posts = (fake: FakeServer) => fake.received.filter((request) => request.method === 'POST');
type Body = {
  model?: string;
  tools?: unknown[];
  tool_choice?: string;
  messages: { role: string; content: string | null }[];
};
const body = (fake: FakeServer, index: number) => posts(fake)[index]?.json as Body;

/** The model server the panel starts with: the first one used in the tab. */
async function useServer(page: Page, fake: FakeServer, scenario: string): Promise<void> {
  await page.evaluate(
    (url) => sessionStorage.setItem('rubra-console:servers', JSON.stringify({ model: [url] })),
    fake.baseUrl(scenario),
  );
}

/** Asks from the search modal: types the question, presses Ask AI, and returns the dialog. */
async function askFromModal(page: Page, fake: FakeServer, scenario: string, question: string): Promise<Locator> {
  await gotoHydrated(page, '/');
  await useServer(page, fake, scenario);
  await page.locator('.navbar .DocSearch-Button').click();
  await page.locator('.DocSearch-Input').fill(question);
  await page.locator('[data-ask-entry]').click();
  const dialog = page.getByRole('dialog', { name: 'Ask AI' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The search index's chunks, fetched as a query needs them. */
const INDEX_FILES = /\/pagefind\/(index|filter|fragment)\//;

const status = (panel: Locator) => panel.locator('[data-ask-status]');

test('answers from the modal with the site’s search and pages, streamed, cited and linked', async ({ page, fake }) => {
  const dialog = await askFromModal(page, fake, AGENT.name, 'How do I let this site call my vLLM server?');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  const steps = dialog.locator('[data-ask-steps] li');
  await expect(steps.nth(0)).toHaveText(new RegExp(`^Searched the docs for “${AGENT.query}” \\(\\d+ pages?\\)$`));
  await expect(steps.nth(1)).toHaveText(`Read ${AGENT.path}`);
  const answer = dialog.locator('[data-ask-answer]');
  await expect(answer).toContainText('start it with --allowed-origins');
  await expect(answer.getByRole('link', { name: 'Serve Rubra models with vLLM' })).toHaveAttribute(
    'href',
    '/inference/vllm#install',
  );
  await expect(dialog.locator('[data-ask-sources] a')).toHaveAttribute('href', '/inference/vllm');

  // The model named by the server, the tools, and what the browser gave back.
  expect(body(fake, 0).model).toBe(MODEL_ID);
  expect(body(fake, 0).tools).toHaveLength(2);
  const searchResult = JSON.parse(body(fake, 1).messages.at(-1)?.content ?? '[]') as { url: string; title: string }[];
  expect(searchResult.length).toBeGreaterThan(0);
  expect(searchResult.map((result) => result.url.split('#')[0])).toContain('/inference/vllm');
  expect(body(fake, 2).messages.at(-1)?.content).toContain('Serve Rubra models with vLLM');
  expect(body(fake, 2).messages.at(-1)?.content).toContain('--api-key token-abc123');

  // A follow-up keeps the conversation.
  await dialog.getByLabel('Follow-up question').fill('And for llama.cpp?');
  await page.keyboard.press('Enter');
  await expect(dialog.locator('[data-ask-turn]')).toHaveCount(2);
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  const followUp = body(fake, 3).messages.map((message) => message.content);
  expect(followUp).toContain('How do I let this site call my vLLM server?');
  expect(followUp).toContain('And for llama.cpp?');

  // Escape closes the dialog and gives focus back to the search button.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.navbar .DocSearch-Button')).toBeFocused();
});

test('Escape in the server check inside Ask AI closes that check only; the next Escape closes Ask AI', async ({
  page,
  fake,
}) => {
  const dialog = await askFromModal(page, fake, AGENT.name, 'vllm');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  await dialog.locator('details').evaluate((details) => details.setAttribute('open', ''));
  await dialog.getByRole('button', { name: 'Check your server' }).click();
  const check = dialog.locator('[data-server-check-panel]');
  await expect(check.getByLabel('Server URL')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(check).toHaveCount(0);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Check your server' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.locator('.navbar .DocSearch-Button')).toBeFocused();
});

test('asks from /search, in place', async ({ page, fake }) => {
  await gotoHydrated(page, '/search?q=vllm%20allowed%20origins');
  await useServer(page, fake, AGENT.name);
  await page.locator('[data-ask-entry]').click();
  const panel = page.locator('[data-ask-panel]');
  await expect(status(panel)).toHaveText('The answer is complete.', { timeout: 20_000 });
  await expect(panel.locator('[data-ask-answer]')).toContainText('--allowed-origins');
  expect(body(fake, 0).messages.at(-1)?.content).toBe('vllm allowed origins');
});

test('Stop cancels a stalled answer at once, and a stall times out', async ({ page, fake }) => {
  const dialog = await askFromModal(page, fake, SLOW.name, 'vllm');
  await expect(dialog.locator('[data-ask-answer]')).toHaveText(SLOW.partial, { timeout: 20_000 });
  await dialog.getByRole('button', { name: 'Stop' }).click();
  await expect(dialog.locator('[data-console-failure]')).toHaveAttribute('data-console-failure', 'cancelled');
  await expect.poll(() => fake.held.filter((entry) => entry.aborted).length).toBe(1);

  await dialog.locator('details').evaluate((details) => details.setAttribute('open', ''));
  await dialog.getByLabel('Timeout (seconds)').fill('1');
  await dialog.getByLabel('Follow-up question').fill('again');
  await dialog.getByRole('button', { name: 'Ask', exact: true }).click();
  await expect(dialog.locator('[data-console-failure]').last()).toContainText('The stream stalled', {
    timeout: 10_000,
  });
});

test('keyboard only, axe clean in both colour modes, usable at 390 px', async ({ page, fake }) => {
  for (const theme of ['light', 'dark'] as const) {
    await gotoHydrated(page, `/?docusaurus-theme=${theme}`);
    await useServer(page, fake, AGENT.name);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
    // The results arrive while Ask AI has focus: the index waits until then.
    // Every request for them waits on the gate, whenever its handler runs, so none is
    // left behind when it opens.
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let held = 0;
    await page.route(INDEX_FILES, async (route) => {
      held += 1;
      await gate;
      await route.fallback();
    });
    await page.keyboard.type('vllm allowed origins');
    // From the search box, Tab reaches Ask AI at the top of the results.
    const entry = page.locator('[data-ask-entry]');
    await expect(entry).toBeVisible();
    for (let press = 0; press < 5 && !(await entry.evaluate((node) => node === document.activeElement)); press += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(entry).toBeFocused();
    expect(held, 'the search was waiting on the index').toBeGreaterThan(0);
    open();
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await page.unroute(INDEX_FILES);
    await expect(entry, 'focus stays on Ask AI as the results come in').toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
    expect(await axeViolations(page, '[data-ask-panel]', { coloursOnly: theme === 'dark' }), `${theme} mode`).toEqual(
      [],
    );
    await page.keyboard.press('Escape');
    fake.reset();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await askFromModal(page, fake, AGENT.name, 'vllm allowed origins');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
