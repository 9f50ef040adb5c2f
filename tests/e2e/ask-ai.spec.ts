import type { Locator, Page, Route } from '@playwright/test';

import {
  AGENT,
  BADTOOL,
  HOSTILE,
  IGNORETOOLS,
  LOOP,
  MODEL_ID,
  NOMODELS,
  SLOW,
  VLLM_NOTOOLS,
  type FakeServer,
} from '../support/fake-server.mjs';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';

/**
 * Ask AI: a question from the search modal or /search, answered by the reader's own
 * OpenAI-compatible server with the site's search and Markdown twins as its tools, run
 * in the browser. A scripted server plays each kind of model.
 */

/** The rounds of tools the panel allows before it asks for an answer (agent.ts). */
const MAX_TOOL_ROUNDS = 4;

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

test('asks from /search, in place', async ({ page, fake }) => {
  await gotoHydrated(page, '/search?q=vllm%20allowed%20origins');
  await useServer(page, fake, AGENT.name);
  await page.locator('[data-ask-entry]').click();
  const panel = page.locator('[data-ask-panel]');
  await expect(status(panel)).toHaveText('The answer is complete.', { timeout: 20_000 });
  await expect(panel.locator('[data-ask-answer]')).toContainText('--allowed-origins');
  expect(body(fake, 0).messages.at(-1)?.content).toBe('vllm allowed origins');
});

test.describe('a server that refuses tools', () => {
  test.use({ expectedErrors: /status of 400/ });
  test('gets the pages retrieved first, and the panel says the model ran without tools', async ({ page, fake }) => {
    const dialog = await askFromModal(page, fake, VLLM_NOTOOLS.name, 'vllm allowed origins');
    await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
    await expect(dialog.locator('[data-ask-answer]')).toHaveText(VLLM_NOTOOLS.text);
    await expect(dialog.locator('[data-ask-steps]')).toContainText(
      'The model ran without tools (the server refused tools',
    );
    expect(body(fake, 1).tools).toBeUndefined();
    expect(body(fake, 1).messages[0]?.content).toContain('The pages:');
    expect(body(fake, 1).messages[0]?.content).toContain('/inference/vllm');
  });
});

test('a model that ignores its tools gets the pages in its prompt too', async ({ page, fake }) => {
  const dialog = await askFromModal(page, fake, IGNORETOOLS.name, 'vllm allowed origins');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  await expect(dialog.locator('[data-ask-steps]')).toContainText('the model answered without calling a tool');
  expect(posts(fake)).toHaveLength(2);
  expect(body(fake, 1).tools).toBeUndefined();
});

test('bad arguments and an unknown tool are told to the model, and the loop goes on', async ({ page, fake }) => {
  const dialog = await askFromModal(page, fake, BADTOOL.name, 'vllm allowed origins');
  await expect(dialog.locator('[data-ask-answer]')).toHaveText(BADTOOL.text, { timeout: 20_000 });
  const told = body(fake, 1)
    .messages.filter((message) => message.role === 'tool')
    .map((message) => message.content);
  expect(told[0]).toMatch(/^Error: The arguments of search_docs are not JSON/);
  expect(told[1]).toMatch(/^Error: there is no tool delete_everything/);
  await expect(dialog.locator('[data-ask-steps]')).toContainText('A tool call failed (delete_everything)');
});

test('a model that never stops calling tools is stopped at the stated limit', async ({ page, fake }) => {
  const dialog = await askFromModal(page, fake, LOOP.name, 'vllm allowed origins');
  await expect(dialog.locator('[data-ask-answer]')).toHaveText(LOOP.text, { timeout: 30_000 });
  expect(posts(fake)).toHaveLength(MAX_TOOL_ROUNDS + 1);
  expect(body(fake, MAX_TOOL_ROUNDS).tool_choice).toBe('none');
});

test('an answer with HTML and script links renders inert, and only the site’s own links are links', async ({
  page,
  fake,
}) => {
  const dialog = await askFromModal(page, fake, HOSTILE.name, 'vllm');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  const answer = dialog.locator('[data-ask-answer]');
  await expect(answer).toContainText(HOSTILE.pieces.script);
  await expect(answer.locator('script, img')).toHaveCount(0);
  await expect(answer.getByRole('link')).toHaveCount(1);
  await expect(answer.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
  await expect(answer).toContainText('click (javascript:window.__askPwned=true)');
  expect(
    await page.evaluate((flag) => (window as unknown as Record<string, unknown>)[flag], HOSTILE.flag),
  ).toBeUndefined();
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

test.describe('a server that lists no models', () => {
  test.use({ expectedErrors: /status of 404/ });
  test('takes the model as typed', async ({ page, fake }) => {
    const dialog = await askFromModal(page, fake, NOMODELS.name, 'vllm');
    await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
    await dialog.locator('details').evaluate((details) => details.setAttribute('open', ''));
    await expect(dialog.getByRole('textbox', { name: 'Model' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Model' })).toHaveCount(0);
  });
});

test('keyboard only, axe clean in both colour modes, usable at 390 px', async ({ page, fake }) => {
  for (const theme of ['light', 'dark'] as const) {
    await gotoHydrated(page, `/?docusaurus-theme=${theme}`);
    await useServer(page, fake, AGENT.name);
    await page.keyboard.press('Control+k');
    await expect(page.locator('.DocSearch-Input')).toBeFocused();
    // The results arrive while Ask AI has focus: the index waits until then.
    const held: Route[] = [];
    await page.route(INDEX_FILES, (route) => void held.push(route));
    await page.keyboard.type('vllm allowed origins');
    // From the search box, Tab reaches Ask AI at the top of the results.
    const entry = page.locator('[data-ask-entry]');
    await expect(entry).toBeVisible();
    for (let press = 0; press < 5 && !(await entry.evaluate((node) => node === document.activeElement)); press += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(entry).toBeFocused();
    expect(held.length, 'the search was waiting on the index').toBeGreaterThan(0);
    await page.unroute(INDEX_FILES);
    await Promise.all(held.map((route) => route.fallback()));
    await expect(page.locator('.DocSearch-Hit').first()).toBeVisible();
    await expect(entry, 'focus stays on Ask AI as the results come in').toBeFocused();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Ask AI' });
    await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
    expect(await axeViolations(page, '[data-ask-panel]'), `${theme} mode`).toEqual([]);
    await page.keyboard.press('Escape');
    fake.reset();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const dialog = await askFromModal(page, fake, AGENT.name, 'vllm allowed origins');
  await expect(status(dialog)).toHaveText('The answer is complete.', { timeout: 20_000 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
