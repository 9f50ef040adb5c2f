import type { Locator, Page } from '@playwright/test';

import { SCENARIOS, USAGE, type FakeServer } from '../support/fake-server.mjs';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';

/**
 * The serving guides' curl blocks that call this machine carry a Try it console that
 * sends the block's request to the reader's own model server and shows the reply, plain
 * or streamed: here against a small OpenAI-compatible server that plays each case.
 */

/** The block titled `title` on the page, with its Try it. */
const block = (page: Page, title: string) =>
  page.locator('[data-curl-try-it]').filter({ has: page.getByText(title, { exact: true }) });

/** The console of the block titled `title` on the open page, opened if it is not, with the given server URL. */
async function openBlock(page: Page, title: string, serverUrl: string): Promise<Locator> {
  const wrapper = block(page, title);
  const panel = wrapper.locator('[data-chat-console]');
  if (!(await panel.isVisible())) {
    await wrapper.getByRole('button', { name: 'Try it' }).click();
    await expect(panel.getByLabel('Server URL')).toBeFocused();
  }
  await panel.getByLabel('Server URL').fill(serverUrl);
  return panel;
}

async function openConsole(page: Page, path: string, title: string, serverUrl: string): Promise<Locator> {
  await gotoHydrated(page, path);
  return openBlock(page, title, serverUrl);
}

async function send(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Send request' }).click();
  await expect(panel.getByRole('status')).toHaveText(/ in \d+ ms|Could not|CORS|stalled|Cancelled/, {
    timeout: 20_000,
  });
}

const posts = (fake: FakeServer) => fake.received.filter((request) => request.method === 'POST');

test('on the llama.cpp guide, in one tab: only the curl blocks that call this machine get the control; a tool call with its finish reason and tokens, a plain answer, a stream put back together, a streamed tool call, Cancel and a stall', async ({
  page,
  fake,
}) => {
  await gotoHydrated(page, '/inference/llamacpp');
  await test.step('only curl blocks that call this machine, unpiped, get the control', async () => {
    await expect(page.locator('[data-curl-try-it]')).toHaveCount(3);
    await expect(block(page, 'Print the type of the reply')).toHaveCount(0);
  });

  await test.step('the tool request shows the tool call, the finish reason and the tokens', async () => {
    const panel = await openBlock(page, 'Send the request with its tool', fake.baseUrl('tools'));
    await send(panel);
    const call = panel.locator('[data-chat-tool-call="get_current_weather"]');
    await expect(call).toBeVisible();
    await expect(call.locator('[data-chat-arguments]')).toHaveText(
      JSON.stringify(JSON.parse(SCENARIOS.tools.toolCall.function.arguments), null, 2),
    );
    await expect(panel.locator('[data-chat-meta]')).toHaveText(
      `Finish reason: tool_calls · ${USAGE.prompt_tokens} prompt + ${USAGE.completion_tokens} completion = ${USAGE.total_tokens} tokens`,
    );
    const [sent] = posts(fake);
    expect(sent?.path).toBe('/v1/chat/completions');
    expect(sent?.headers).not.toHaveProperty('authorization');
    expect(sent?.json).toMatchObject({
      model: 'rubra-model',
      tools: [{ type: 'function', function: { name: 'get_current_weather' } }],
    });
    await panel.getByText('Raw answer').click();
    await expect(panel.locator('[data-console-json]')).toContainText('"finish_reason": "tool_calls"');
  });

  await test.step('a plain answer shows its text', async () => {
    fake.reset();
    const panel = await openBlock(page, 'Send the request', fake.baseUrl('text'));
    await send(panel);
    await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.text.text);
    expect(posts(fake)[0]?.json).toMatchObject({ messages: [{ role: 'system' }, { role: 'user' }] });
  });

  // The next three send from one console: each waits for what its own answer shows.
  await test.step('a streamed answer shows as it arrives, with characters split across chunks put back together', async () => {
    fake.reset();
    const panel = await openBlock(page, 'Stream the reply', fake.baseUrl('text'));
    await send(panel);
    await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.text.text);
    await expect(panel.locator('[data-chat-meta]')).toContainText('Finish reason: stop');
    expect(posts(fake)[0]?.json).toMatchObject({ stream: true });
  });

  await test.step('a streamed tool call is joined from its fragments, and a stream that ends without [DONE] still ends', async () => {
    const panel = await openBlock(page, 'Stream the reply', fake.baseUrl('tools'));
    await panel.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.locator('[data-chat-arguments]')).toHaveText(
      JSON.stringify(JSON.parse(SCENARIOS.tools.fragments.join('')), null, 2),
    );
    await expect(panel.getByRole('status')).toHaveText(/^200 OK in \d+ ms; finish reason tool_calls\.$/);
  });

  await test.step('Cancel stops a stream at once, and a stream that stalls times out', async () => {
    fake.reset();
    const panel = await openBlock(page, 'Stream the reply', fake.baseUrl('stall'));
    await panel.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.stall.partial);
    await panel.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.locator('[data-console-failure]')).toHaveAttribute('data-console-failure', 'cancelled');
    await expect.poll(() => fake.held.filter((entry) => entry.aborted).length).toBe(1);

    await panel.getByLabel('Timeout (seconds)').fill('1');
    await panel.getByRole('button', { name: 'Send request' }).click();
    await expect(panel.locator('[data-console-failure]')).toContainText(
      `The stream stalled: nothing more arrived from ${fake.baseUrl('stall')} for 1 seconds.`,
    );
    await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.stall.partial);
  });
});

test('on the vLLM guide, only the curl block that calls this machine, unpiped, gets the control, and arguments that are not JSON are shown as written, with a note', async ({
  page,
  fake,
}) => {
  const panel = await openConsole(page, '/inference/vllm', 'Send the request with its tool', fake.baseUrl('badargs'));
  await expect(page.locator('[data-curl-try-it]')).toHaveCount(1);
  await expect(block(page, 'Send the request and print the type of the reply')).toHaveCount(0);
  await send(panel);
  await expect(panel.locator('[data-chat-arguments]')).toHaveText(SCENARIOS.badargs.toolCall.function.arguments);
  await expect(panel.locator('[data-chat-arguments-note]')).toBeVisible();
});

test.describe('errors from the server', () => {
  test.use({ expectedErrors: /status of 500/ });
  test('an error event in a stream, and an error answer, are shown as errors', async ({ page, fake }) => {
    const panel = await openConsole(page, '/inference/llamacpp', 'Stream the reply', fake.baseUrl('error'));
    await send(panel);
    await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.error.partial);
    await expect(panel.locator('[data-chat-error]')).toHaveText(
      `The server reported an error: ${SCENARIOS.error.error.message}`,
    );

    const plain = await openConsole(
      page,
      '/inference/llamacpp',
      'Send the request with its tool',
      fake.baseUrl('error'),
    );
    await send(plain);
    await expect(plain.locator('[data-console-status-code]')).toHaveText('500 Internal Server Error');
    await expect(plain.locator('[data-console-error-messages]')).toHaveText(SCENARIOS.error.error.message);
  });
});

test('a key is sent only when filled, and a preflight that refuses it names vLLM’s --allowed-origins', async ({
  browser,
  baseURL,
  fake,
}) => {
  // A context of its own: the shared fixture's offline guard intercepts requests, and
  // Chromium then answers CORS preflights itself, so the server's refusal would go unseen.
  // Here every request is watched instead, and must stay on this machine.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const seen: string[] = [];
  page.on('request', (request) => seen.push(new URL(request.url()).hostname));
  try {
    const panel = await openConsole(page, '/inference/vllm', 'Send the request with its tool', fake.baseUrl('tools'));
    await panel.getByLabel('API key').fill('token-abc123');
    await send(panel);
    const failure = panel.locator('[data-console-failure]');
    await expect(failure).toHaveAttribute('data-console-failure', 'cors');
    await expect(failure).toContainText('--allowed-origins');
    await expect(failure).toContainText('the Authorization header that carries the key');
    // The preflight, then the console's check that something listens (a no-cors GET of the server URL): no POST.
    expect(fake.received.map((request) => `${request.method} ${request.path}`)).toEqual([
      'OPTIONS /v1/chat/completions',
      'GET /v1/',
    ]);
    expect(fake.received[0]?.headers['access-control-request-headers']).toContain('authorization');
    expect(seen.filter((host) => host !== '127.0.0.1')).toEqual([]);
  } finally {
    await context.close();
  }
});

test('keyboard only, axe clean in both colour modes, and usable at 390 px', async ({ page, fake }) => {
  for (const theme of ['light', 'dark'] as const) {
    const panel = await openConsole(
      page,
      `/inference/llamacpp?docusaurus-theme=${theme}`,
      'Send the request with its tool',
      fake.baseUrl('tools'),
    );
    await page.keyboard.press('Control+Enter');
    await expect(panel.locator('[data-chat-tool-call]')).toBeVisible();
    expect(await axeViolations(page, '[data-curl-try-it]', { coloursOnly: theme === 'dark' }), `${theme} mode`).toEqual(
      [],
    );
    await page.keyboard.press('Escape');
    await expect(block(page, 'Send the request with its tool').getByRole('button', { name: 'Try it' })).toBeFocused();
  }
  await page.setViewportSize({ width: 390, height: 844 });
  const panel = await openConsole(page, '/inference/vllm', 'Send the request with its tool', fake.baseUrl('text'));
  await send(panel);
  await expect(panel.locator('[data-chat-text]')).toHaveText(SCENARIOS.text.text);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
