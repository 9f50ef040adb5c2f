import type { Locator, Page } from '@playwright/test';

import { BIG_BODY_BYTES, CORS_REFUSED, HTML_BODY, startFakeServer, type FakeServer } from '../support/fake-server.mjs';
import { startPrism } from '../support/prism.mjs';
import { axeViolations, expect, gotoHydrated, test } from './fixtures';
import { holdSiteBundle } from './hold-bundle';

/**
 * The API pages' "Try it" console, in Chromium: against an OpenAPI mock server that
 * validates requests against openapi/rubra.yaml, and against small servers that play
 * the parts a mock cannot (fresh ids, no CORS, no answer, a huge or hostile answer).
 */

let servers: FakeServer;
test.beforeAll(async () => {
  servers = await startFakeServer();
});
test.afterAll(async () => {
  await servers.close();
});
test.beforeEach(() => servers.reset());

/** Opens an operation's page and its console, with the given server URL. */
async function openConsole(page: Page, path: string, serverUrl?: string): Promise<Locator> {
  await gotoHydrated(page, path);
  await page.getByRole('button', { name: 'Try it' }).click();
  const panel = page.locator('[data-api-console]');
  await expect(panel.getByLabel('Server URL')).toBeFocused();
  if (serverUrl !== undefined) {
    await panel.getByLabel('Server URL').fill(serverUrl);
  }
  return panel;
}

/** Presses Send and waits for an answer or a failure. */
async function send(panel: Locator): Promise<void> {
  await panel.getByRole('button', { name: 'Send request' }).click();
  await expect(panel.locator('[data-console-answer], [data-console-failure]')).toBeVisible({ timeout: 20_000 });
}

/** Presses Send and returns the id of the object the Rubra-like server answered with. */
async function sendForId(panel: Locator): Promise<string> {
  const before = received().length;
  await send(panel);
  await expect.poll(() => received().length).toBeGreaterThan(before);
  return received().at(-1)?.answerId ?? '';
}

/** What the Rubra-like server received, preflights left out. */
const received = () =>
  servers.received.filter((request) => request.scenario === 'rubra' && request.method !== 'OPTIONS');

const statusCode = (panel: Locator) => panel.locator('[data-console-status-code]');
const failure = (panel: Locator) => panel.locator('[data-console-failure]');

test.describe('before the reader asks', () => {
  test('the button waits for hydration, and no console code or data is fetched before the press', async ({ page }) => {
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const release = await holdSiteBundle(page);
    await page.goto('/api/create-assistant', { waitUntil: 'commit' });
    await expect(page.locator('[data-api-try-it]')).toBeDisabled();
    release();
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    await expect(page.locator('[data-api-try-it]')).toBeEnabled();
    await page.waitForLoadState('networkidle');
    expect(fetched.filter((path) => /api-console/.test(path))).toEqual([]);
    await expect(page.locator('[data-api-console]')).toHaveCount(0);
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.locator('[data-api-console]')).toBeVisible();
    expect(fetched).toContain('/api-console/create-assistant.json');
    await expect(page.locator('[data-api-console]')).toHaveAttribute('data-pagefind-ignore', '');
  });
});

test.describe('against the mock server of the description', () => {
  let prism: { url: string; close(): Promise<void> };
  test.beforeAll(async () => {
    prism = await startPrism();
  });
  test.afterAll(async () => {
    await prism.close();
  });

  // The schema check's 422, which the browser logs.
  test.use({ expectedErrors: /status of 422/ });
  test('sends a JSON body and shows the answer, its headers and its size; a body that breaks the schema is held back, and sent anyway gets the server’s 422 shown plainly', async ({
    page,
  }) => {
    const panel = await openConsole(page, '/api/create-assistant', prism.url);
    const sent = page.waitForRequest((request) => request.url() === `${prism.url}/assistants`);
    await send(panel);
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(JSON.parse(request.postData() ?? '')).toMatchObject({ model: 'rubra-ai/Meta-Llama-3-8B-Instruct' });
    expect(request.headers()).not.toHaveProperty('authorization');
    await expect(statusCode(panel)).toHaveText('200 OK');
    await expect(panel.locator('[data-console-size]')).toHaveText(/\d+(\.\d)? (B|KB)/);
    await expect(panel.getByRole('status')).toHaveText(/^200 OK in \d+ ms\.$/);
    await panel.getByText(/^Response headers \(\d+\)$/).click();
    await expect(panel.getByText('content-type', { exact: true })).toBeVisible();
    await expect(panel.locator('[data-console-json]')).toContainText('"object": "assistant"');
    await panel.getByRole('button', { name: 'Raw' }).click();
    await expect(panel.locator('[data-console-body] pre')).toContainText('"object":"assistant"');

    await panel.getByLabel('Request body').fill('{"model": 5}');
    await panel.getByRole('button', { name: 'Send request' }).click();
    const problems = panel.locator('[data-console-schema-problems]');
    await expect(problems).toContainText('/model');
    await expect(problems).toContainText('string');
    await panel.getByRole('button', { name: 'Send anyway' }).click();
    await expect(statusCode(panel)).toHaveText(/^422 /);
    await expect(panel.locator('[data-console-error-messages] li').first()).toBeVisible();
  });

  test('sends path and query parameters percent-encoded, and a delete', async ({ page }) => {
    const panel = await openConsole(page, '/api/list-messages', prism.url);
    await panel.getByLabel('thread_id').fill('thread 1/2');
    await panel.getByLabel('limit').fill('5');
    await panel.getByLabel('order').selectOption('asc');
    const sent = page.waitForRequest((request) => request.url().startsWith(`${prism.url}/threads/`));
    await send(panel);
    expect((await sent).url()).toBe(`${prism.url}/threads/thread%201%2F2/messages?limit=5&order=asc`);
    await expect(statusCode(panel)).toHaveText('200 OK');

    const deletion = await openConsole(page, '/api/delete-assistant', prism.url);
    await deletion.getByLabel('assistant_id').fill('asst_1');
    const deleted = page.waitForRequest((request) => request.method() === 'DELETE');
    await send(deletion);
    expect((await deleted).url()).toBe(`${prism.url}/assistants/asst_1`);
    await expect(statusCode(deletion)).toHaveText('200 OK');
  });

  test('uploads a file as multipart/form-data and downloads a file’s bytes', async ({ page }) => {
    const panel = await openConsole(page, '/api/create-file', prism.url);
    await panel.getByLabel('file', { exact: true }).setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('notes'),
    });
    const sent = page.waitForRequest((request) => request.url() === `${prism.url}/files`);
    await send(panel);
    expect((await sent).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    await expect(statusCode(panel)).toHaveText('200 OK');

    const download = await openConsole(page, '/api/download-file', prism.url);
    await download.getByLabel('file_id').fill('file-1');
    await send(download);
    await expect(statusCode(download)).toHaveText('200 OK');
    const link = download.locator('[data-console-download]');
    await expect(link).toHaveAttribute('download', 'file-1.bin');
    const [file] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(file.suggestedFilename()).toBe('file-1.bin');
  });
});

test.describe('against a Rubra-like server', () => {
  test('ids carry from one operation to the next across five pages in one tab', async ({ page }) => {
    const panel = await openConsole(page, '/api/create-assistant', servers.url('rubra'));
    const assistantId = await sendForId(panel);
    await expect(statusCode(panel)).toHaveText('200 OK');

    // Client-side navigation: the sidebar's links keep the tab's memory.
    const step = async (label: string) => {
      await page
        .locator('nav[aria-label="Docs sidebar"]')
        .getByRole('link', { name: new RegExp(`${label}$`) })
        .first()
        .click();
      // The page before stays on screen until the next one has loaded: its Try it is not the one to press.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(label);
      await page.getByRole('button', { name: 'Try it' }).click();
      const next = page.locator('[data-api-console]');
      await expect(next.getByLabel('Server URL')).toHaveValue(servers.url('rubra'));
      const id = await sendForId(next);
      await expect(statusCode(next)).toHaveText('200 OK');
      return { id, request: received().at(-1) };
    };
    const thread = await step('Create a thread');
    const message = await step('Create a message');
    expect(message.request?.path).toBe(`/threads/${thread.id}/messages`);
    const run = await step('Create a run');
    expect(run.request?.path).toBe(`/threads/${thread.id}/runs`);
    expect(JSON.parse(run.request?.body.toString() ?? '{}')).toMatchObject({ assistant_id: assistantId });
    const list = await step('List messages');
    expect(list.request?.path).toBe(`/threads/${thread.id}/messages`);
    await expect(page.locator('[data-console-json]')).toContainText(message.id);
  });

  test('an upload arrives byte for byte', async ({ page }) => {
    const bytes = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255, 254, 0, 13, 10, 13, 10, 66]);
    const panel = await openConsole(page, '/api/create-file', servers.url('rubra'));
    await panel.getByLabel('file', { exact: true }).setInputFiles({
      name: 'bytes.bin',
      mimeType: 'application/octet-stream',
      buffer: bytes,
    });
    await panel.getByLabel('purpose').selectOption('assistants');
    const fileId = await sendForId(panel);
    await expect(statusCode(panel)).toHaveText('200 OK');
    const upload = received().at(-1)?.upload;
    expect(upload).toMatchObject({ filename: 'bytes.bin', purpose: 'assistants' });
    expect(Buffer.compare(upload?.bytes ?? Buffer.alloc(0), bytes)).toBe(0);

    // The next page offers the uploaded file's id, and downloads its bytes.
    const download = await openConsole(page, '/api/download-file');
    await expect(download.getByLabel('file_id')).toHaveValue(fileId);
    await send(download);
    const [saved] = await Promise.all([
      page.waitForEvent('download'),
      download.locator('[data-console-download]').click(),
    ]);
    const { readFileSync } = await import('node:fs');
    expect(Buffer.compare(readFileSync(await saved.path()), bytes)).toBe(0);
  });

  test('the key is sent as a bearer token, and kept nowhere else unless remembered', async ({ page }) => {
    const secret = 'sk-console-secret-7';
    const panel = await openConsole(page, '/api/create-thread', servers.url('rubra'));
    await panel.getByLabel('API key').fill(secret);
    const sent = page.waitForRequest((request) => request.url().startsWith(servers.url('rubra')));
    await send(panel);
    const request = await sent;
    expect(request.headers().authorization).toBe(`Bearer ${secret}`);
    expect(request.url()).not.toContain(secret);
    expect(page.url()).not.toContain(secret);
    await expect(page.locator('[data-api-code-samples]')).not.toContainText(secret);
    await expect(page.locator('[data-api-code-samples]')).toContainText('$OPENAI_API_KEY');
    const stored = () =>
      page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
    expect(await stored()).not.toContain(secret);
    await panel.getByLabel('Remember on this device').check();
    expect(await stored()).toContain(secret);
    await panel.getByRole('button', { name: 'Forget' }).click();
    expect(await stored()).not.toContain(secret);
    await expect(panel.getByLabel('API key')).toHaveValue('');
  });

  test('the samples follow the form while it is open, and the key is kept across pages in memory', async ({ page }) => {
    const panel = await openConsole(page, '/api/list-assistants', servers.url('rubra'));
    const curl = page.locator('[data-api-code-samples] [role="tabpanel"]:not([hidden])');
    await panel.getByLabel('limit').fill('7');
    await expect(curl).toContainText(`curl '${servers.url('rubra')}/assistants?limit=7&order=desc'`);
    await panel.getByLabel('API key').fill('sk-memory');
    await page.keyboard.press('Escape');
    await expect(page.locator('[data-api-console]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Try it' })).toBeFocused();
    await expect(curl).toContainText("curl 'http://localhost:8000/assistants?limit=20&order=desc'");
    await page
      .locator('nav[aria-label="Docs sidebar"]')
      .getByRole('link', { name: /Get an assistant$/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Get an assistant');
    await page.getByRole('button', { name: 'Try it' }).click();
    await expect(page.getByLabel('API key')).toHaveValue('sk-memory');
  });
});

test.describe('when the request fails, the console says why', () => {
  // A refused connection, a server without CORS headers (the console's check that something
  // listens gets the 404 FastAPI answers to a path it does not serve), and the hang server's aborts.
  test.use({ expectedErrors: /ERR_CONNECTION_REFUSED|CORS policy|Failed to fetch|ERR_FAILED|status of 404/ });
  test('on one console: nothing listening, no CORS headers, a timeout and Cancel, a 10 MB answer cut in the view and downloadable whole, an HTML answer shown as text', async ({
    page,
    baseURL,
  }) => {
    const panel = await openConsole(page, '/api/list-models', servers.closedUrl);
    await test.step('nothing listens: asks whether the Rubra server is running', async () => {
      await send(panel);
      await expect(failure(panel)).toContainText(
        `Could not connect to ${servers.closedUrl}. Is the Rubra server running?`,
      );
    });

    await test.step('no CORS headers: names CORS and the origin the server must allow', async () => {
      await panel.getByLabel('Server URL').fill(servers.url(CORS_REFUSED.name));
      await send(panel);
      await expect(failure(panel)).toHaveAttribute('data-console-failure', 'cors');
      await expect(failure(panel)).toContainText(`allow this page's origin, ${new URL(baseURL ?? '').origin}`);
      await expect(failure(panel)).toContainText('https://docs.rubra.ai, http://localhost, http://localhost:3000');
    });

    await panel.getByLabel('Server URL').fill(servers.url('hang'));
    await test.step('times out, and Cancel stops a request at once', async () => {
      await panel.getByLabel('Timeout (seconds)').fill('1');
      await send(panel);
      await expect(failure(panel)).toHaveAttribute('data-console-failure', 'timeout');
      await expect(failure(panel)).toContainText(`No answer from ${servers.url('hang')} within 1 seconds.`);

      await panel.getByLabel('Timeout (seconds)').fill('30');
      await panel.getByRole('button', { name: 'Send request' }).click();
      await panel.getByRole('button', { name: 'Cancel' }).click();
      await expect(failure(panel)).toHaveAttribute('data-console-failure', 'cancelled');
      await expect.poll(() => servers.held.filter((entry) => entry.aborted).length).toBe(2);
    });

    await test.step('a 10 MB answer is cut in the view and downloadable whole', async () => {
      await panel.getByLabel('Server URL').fill(servers.url('big'));
      await send(panel);
      await expect(panel.locator('[data-console-size]')).toHaveText('10.0 MB');
      await expect(panel.getByText(/the first 1\.0 MB are shown/)).toBeVisible();
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        panel.getByRole('link', { name: 'Download the whole body' }).click(),
      ]);
      const path = await file.path();
      const { statSync } = await import('node:fs');
      expect(statSync(path).size).toBe(BIG_BODY_BYTES);
    });

    await test.step('an HTML answer is shown as text and runs nothing', async () => {
      await panel.getByLabel('Server URL').fill(servers.url('html'));
      const title = await page.title();
      await send(panel);
      await expect(panel.locator('[data-console-body] pre')).toHaveText(HTML_BODY);
      expect(await page.evaluate(() => (window as { __consolePwned?: boolean }).__consolePwned)).toBeUndefined();
      expect(await page.title()).toBe(title);
      await expect(panel.locator('[data-console-body] script, [data-console-body] img')).toHaveCount(0);
    });
  });
});

test.describe('bad input is stopped before anything is sent', () => {
  test('a body that is not JSON, a parameter of the wrong type, an empty path parameter, refused server URLs and a URL past 8 KB', async ({
    page,
  }) => {
    await test.step('a body that is not JSON, with its line and column', async () => {
      const panel = await openConsole(page, '/api/create-thread', servers.url('rubra'));
      await panel.getByLabel('Request body').fill('{\n  "metadata": {},\n}');
      await panel.getByRole('button', { name: 'Send request' }).click();
      await expect(panel.locator('[data-console-field-problem]')).toHaveText(
        /^Line 3, column 1: expected a property name in double quotes, found "}"\. Nothing was sent\.$/,
      );
      await expect(panel.getByLabel('Request body')).toBeFocused();
      expect(received()).toEqual([]);
    });

    await test.step('a parameter of the wrong type, an empty required path parameter, and refused server URLs', async () => {
      const panel = await openConsole(page, '/api/list-messages', servers.url('rubra'));
      await panel.getByLabel('limit').fill('ten');
      await panel.getByRole('button', { name: 'Send request' }).click();
      await expect(panel.getByText('Enter thread_id: the path needs it.')).toBeVisible();
      await expect(panel.getByText(/^limit: .*integer/)).toBeVisible();
      await expect(panel.getByLabel('thread_id')).toBeFocused();

      for (const [url, message] of [
        ['javascript:alert(1)', /javascript: is refused/],
        ['file:///etc/passwd', /file: is refused/],
        ['http://0.0.0.0:8000', /Use 127\.0\.0\.1 or localhost/],
      ] as const) {
        await panel.getByLabel('Server URL').fill(url);
        await panel.getByRole('button', { name: 'Send request' }).click();
        await expect(panel.locator('[data-console-field-problem]').first()).toHaveText(message);
      }
      expect(received()).toEqual([]);
    });

    await test.step('a 5,000-character query value is sent percent-encoded, and a URL past 8 KB is refused', async () => {
      const value = `${'x'.repeat(4990)} &=é/?#%`;
      const panel = await openConsole(page, '/api/list-assistants', servers.url('rubra'));
      await panel.getByLabel('after').fill(value);
      await send(panel);
      await expect(statusCode(panel)).toHaveText('200 OK');
      expect(received().at(-1)?.query.after).toBe(value);

      servers.reset();
      await panel.getByLabel('after').fill('é&='.repeat(1700).slice(0, 5000));
      await panel.getByRole('button', { name: 'Send request' }).click();
      await expect(panel.getByText(/The request's URL would be [\d,]+ characters, over the 8,192/)).toBeVisible();
      expect(received()).toEqual([]);
    });
  });
});

test.describe('the console for every reader', () => {
  test('keyboard only: from Try it to the answer, and back with Escape', async ({ page }) => {
    await gotoHydrated(page, '/api/create-thread');
    await page.getByRole('button', { name: 'Try it' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Server URL')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type(servers.url('rubra'));
    await page.keyboard.press('Control+Enter');
    await expect(page.locator('[data-console-status]')).toHaveText(/^200 OK in \d+ ms\.$/);
    await expect(page.locator('[data-console-status]')).toHaveAttribute('role', 'status');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Try it' })).toBeFocused();
  });

  test('axe finds no violation with the console open and answered, light and dark', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      const panel = await openConsole(page, `/api/create-assistant?docusaurus-theme=${theme}`, servers.url('rubra'));
      await send(panel);
      await panel.getByText(/^Response headers/).click();
      expect(
        await axeViolations(page, '[data-api-examples]', { coloursOnly: theme === 'dark' }),
        `${theme} mode`,
      ).toEqual([]);
    }
  });

  test('usable at 390 px: the button under the header, nothing wider than the screen', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const panel = await openConsole(page, '/api/create-assistant', servers.url('rubra'));
    const header = await page.locator('[data-api-endpoint]').boundingBox();
    const button = await page.getByRole('button', { name: 'Try it' }).boundingBox();
    expect(button?.y ?? 0).toBeGreaterThan(header?.y ?? Infinity);
    await send(panel);
    await expect(statusCode(panel)).toHaveText('200 OK');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
