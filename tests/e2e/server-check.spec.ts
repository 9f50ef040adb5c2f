import type { Locator, Page } from '@playwright/test';

import { AUTH, type FakeServer } from '../support/fake-server.mjs';
import { axeViolations, expect, gotoHydrated, test, useColourMode } from './fixtures';

/**
 * Check your server on the serving guides, against the fake server's copies of the real
 * servers' set-ups: reports as a reader sees them, at 1280 and 390 px, from the keyboard,
 * with axe, and nothing sent before the press.
 */

async function openCheck(page: Page, guide: string): Promise<Locator> {
  await gotoHydrated(page, guide);
  await page.locator('[data-server-check-button]').click();
  const panel = page.locator('[data-server-check-panel]');
  await expect(panel.getByLabel('Server URL')).toBeFocused();
  return panel;
}

async function runCheck(panel: Locator, serverUrl: string, key = ''): Promise<Locator> {
  await panel.getByLabel('Server URL').fill(serverUrl);
  await panel.getByLabel('API key').fill(key);
  await panel.getByRole('button', { name: 'Run the check' }).click();
  await expect(panel.getByRole('status').first()).toHaveText(/^Check done: /, { timeout: 30_000 });
  return panel.getByRole('list', { name: /^Results for / });
}

/** Each step's title and status, as the list says them. */
async function statuses(results: Locator): Promise<string[]> {
  return results
    .locator('li')
    .evaluateAll((items) =>
      items.map((item) => `${item.getAttribute('data-step')}: ${item.getAttribute('data-status')}`),
    );
}

const step = (results: Locator, id: string) => results.locator(`li[data-step="${id}"]`);

/** Whether anything on the page is wider than the viewport. */
const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

interface Case {
  scenario: string;
  key?: string;
  expect: (results: Locator, fake: FakeServer) => Promise<void>;
}

const CASES: Case[] = [
  {
    scenario: 'healthy',
    expect: async (results) => {
      expect(await statuses(results)).toEqual([
        'reach: passed',
        'models: passed',
        'chat: passed',
        'tool: passed',
        'stream: passed',
        'result: passed',
        'parallel: passed',
        'required: passed',
      ]);
      await expect(step(results, 'parallel')).toContainText('Supported');
      await expect(step(results, 'stream')).toContainText('Joined from the stream: get_current_weather');
    },
  },
  {
    scenario: 'vllm-notools',
    expect: async (results) => {
      const tool = step(results, 'tool');
      await expect(tool).toHaveAttribute('data-status', 'failed');
      await expect(tool).toContainText(
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      );
      await expect(tool.getByRole('link', { name: 'vLLM guide: tools on upstream vLLM' })).toHaveAttribute(
        'href',
        '/inference/vllm#upstream-tools',
      );
      await expect(step(results, 'stream')).toContainText('Not run');
    },
  },
  {
    scenario: 'cors-refused',
    expect: async (results, fake) => {
      const reach = step(results, 'reach');
      await expect(reach).toHaveAttribute('data-status', 'failed');
      const origin = new URL(results.page().url()).origin;
      await expect(reach).toContainText(`--allowed-origins, whose list must then hold "${origin}"`);
      await expect(step(results, 'models')).toContainText('Not run');
      expect(fake.received.filter((request) => request.method === 'POST')).toEqual([]);
    },
  },
  {
    scenario: 'auth',
    key: AUTH.key,
    expect: async (results, fake) => {
      await expect(step(results, 'tool')).toHaveAttribute('data-status', 'passed');
      const sent = fake.received.filter((request) => request.method !== 'OPTIONS');
      expect(sent.every((request) => request.headers.authorization === `Bearer ${AUTH.key}`)).toBe(true);
      expect(sent.some((request) => JSON.stringify(request.json ?? {}).includes(AUTH.key))).toBe(false);
    },
  },
  {
    scenario: 'auth',
    expect: async (results) => {
      // vLLM refuses the missing key before its CORS headers: the browser sees a refusal it cannot read.
      await expect(step(results, 'reach')).toContainText('put the key in API key');
    },
  },
];

// Each case's findings and fixes are unit tests (tests/unit/server-check.test.ts); here, what
// needs a browser: the real CORS and key handling of each set-up, on one page at 1280 px, and
// a failed report with the server's words and a guide link at 390 px.
const LAYOUTS = [
  { width: 1280, cases: CASES.filter((each) => each.scenario !== 'vllm-notools') },
  { width: 390, cases: CASES.filter((each) => each.scenario === 'vllm-notools') },
];

for (const { width, cases } of LAYOUTS) {
  test.describe(`at ${width} px`, () => {
    test.use({
      viewport: { width, height: 900 },
      expectedErrors: /status of (400|401|404)|CORS policy|Failed to fetch|ERR_FAILED/,
    });
    test(`on /inference/vllm, each set-up's report: ${cases.map((each) => `${each.scenario}${each.key ? ' with its key' : ''}`).join(', ')}`, async ({
      page,
      fake,
    }) => {
      // The panel stays open, and each case runs the check again.
      const panel = await openCheck(page, '/inference/vllm');
      for (const each of cases) {
        await test.step(`${each.scenario}${each.key ? ' with its key' : ''}`, async () => {
          fake.reset();
          const results = await runCheck(panel, fake.baseUrl(each.scenario), each.key);
          await each.expect(results, fake);
          await results.scrollIntoViewIfNeeded();
          await expect(results).toBeInViewport();
          expect(await overflows(page), 'nothing wider than the viewport').toBe(false);
          const box = await results.boundingBox();
          expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width, 'the list within the width').toBe(
            true,
          );
        });
      }
    });
  });
}

test('nothing is sent before the press: not on the page, not on intent, not when the panel opens', async ({
  page,
  fake,
}) => {
  await gotoHydrated(page, '/inference/vllm');
  const button = page.locator('[data-server-check-button]');
  await button.hover();
  await button.focus();
  await button.click();
  const panel = page.locator('[data-server-check-panel]');
  await panel.getByLabel('Server URL').fill(fake.baseUrl('healthy'));
  await panel.getByLabel('API key').fill('secret');
  expect(fake.received).toEqual([]);
  await panel.getByRole('button', { name: 'Run the check' }).click();
  await expect(panel.getByRole('status').first()).toHaveText(/^Check done: /, { timeout: 30_000 });
  expect(fake.received.length).toBeGreaterThan(0);
});

test.describe('from the keyboard', () => {
  test.use({ expectedErrors: /status of 500/, permissions: ['clipboard-read', 'clipboard-write'] });

  test('from the keyboard alone: open, run, copy, close; axe finds nothing in the report, light and dark', async ({
    page,
    fake,
  }) => {
    await gotoHydrated(page, '/inference/llamacpp');
    await page.locator('[data-server-check-button]').focus();
    await page.keyboard.press('Enter');
    const panel = page.locator('[data-server-check-panel]');
    await expect(panel.getByLabel('Server URL')).toBeFocused();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(fake.baseUrl('llama-nojinja'));
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status').first()).toHaveText(/^Check done: 3 passed, 1 failed, 4 not run\.$/, {
      timeout: 30_000,
    });
    const copy = panel.getByRole('button', { name: 'Copy report' });
    for (
      let presses = 0;
      presses < 10 && !(await copy.evaluate((node) => node === document.activeElement));
      presses++
    ) {
      await page.keyboard.press('Tab');
    }
    await expect(copy).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('status').first()).toContainText('Report copied as Markdown.');
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('4. **A tool call (get_current_weather)**: Failed');
    expect(copied).toContain('tools param requires --jinja flag');
    expect(await axeViolations(page, '[data-server-check-panel]')).toEqual([]);
    await useColourMode(page, 'dark');
    expect(await axeViolations(page, '[data-server-check-panel]')).toEqual([]);
    await copy.focus();
    await page.keyboard.press('Escape');
    await expect(panel).toHaveCount(0);
    await expect(page.locator('[data-server-check-button]')).toBeFocused();
  });
});
