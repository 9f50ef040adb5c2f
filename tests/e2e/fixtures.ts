import { readFileSync } from 'node:fs';

import type { AxeResults, RunOnly } from 'axe-core';
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { startFakeServer, type FakeServer } from '../support/fake-server.mjs';

/**
 * The shared test fixture. Every test runs offline: any request that leaves
 * 127.0.0.1 fails the test, and finds no host to go to. Console errors and uncaught page errors
 * fail the test too, unless a test lists the ones it provokes on purpose.
 */
export interface SiteFixtures {
  /** Console or page errors a test provokes on purpose (one pattern; use | for several). */
  expectedErrors: RegExp | null;
  /** Requests that left the machine, recorded by the offline guard. */
  externalRequests: string[];

  /**
   * The fake server of the console tests (tests/support/fake-server.mjs) on 127.0.0.1, started once per worker and
   * emptied of what earlier tests sent before each test that uses it.
   */
  fake: FakeServer;
}

export interface WorkerFixtures {
  fakeServer: FakeServer;
}

declare global {
  interface Window {
    reportCspViolation?: (text: string) => void;
  }
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLocalUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') {
    return true;
  }
  return LOCAL_HOSTS.has(hostname);
}

/** Records, as they start, the requests of a context that leave 127.0.0.1 (nothing is intercepted, so the rest cost nothing). */
function recordExternalRequests(context: BrowserContext): string[] {
  const external: string[] = [];
  context.on('request', (request) => {
    if (!isLocalUrl(request.url())) {
      external.push(request.url());
    }
  });
  return external;
}

/** Records a page's console errors and uncaught errors. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') {
      errors.push(`console: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

const unexpectedErrors = (errors: readonly string[], expected: RegExp | null) =>
  errors.filter((text) => !expected?.test(text));

/**
 * A page in a context of its own (a cold cache), for a test that visits several pages at
 * once, guarded as the `page` fixture is: `finish` closes the context and fails on a request
 * that left 127.0.0.1 or on an error other than `expectedErrors`.
 */
export async function openGuardedPage(
  browser: Browser,
  expectedErrors: RegExp | null = null,
): Promise<{ page: Page; finish: () => Promise<void> }> {
  const context = await browser.newContext();
  const external = recordExternalRequests(context);
  const page = await context.newPage();
  const errors = recordErrors(page);
  return {
    page,
    finish: async () => {
      await context.close();
      expect(external, 'requests that left 127.0.0.1').toEqual([]);
      expect(unexpectedErrors(errors, expectedErrors), 'console errors').toEqual([]);
    },
  };
}

/** Makes every write to the clipboard fail as a browser that refuses it does, from the next load on. */
export async function refuseClipboardWrites(page: Page): Promise<void> {
  await page.addInitScript(() => {
    navigator.clipboard.writeText = () => Promise.reject(new DOMException('Denied.', 'NotAllowedError'));
  });
}

/** Runs `visit` on every item, `atOnce` at a time, in the items' order. */
export async function eachAtOnce<T>(items: readonly T[], atOnce: number, visit: (item: T) => Promise<void>) {
  const queue = [...items];
  const visitor = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      await visit(item);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, visitor));
}

export const test = base.extend<SiteFixtures, WorkerFixtures>({
  // The browser resolves no host but the local ones, so a request elsewhere goes nowhere.
  launchOptions: [
    async ({ launchOptions }, use) => {
      const rules = ['MAP * ~NOTFOUND', ...[...LOCAL_HOSTS].map((host) => `EXCLUDE ${host}`)].join(', ');
      await use({ ...launchOptions, args: [...(launchOptions.args ?? []), `--host-resolver-rules=${rules}`] });
    },
    { scope: 'worker' },
  ],
  expectedErrors: [null, { option: true }],
  externalRequests: async ({ context }, use) => {
    const external = recordExternalRequests(context);
    await use(external);
    expect(external, 'requests that left 127.0.0.1').toEqual([]);
  },
  page: async ({ page, expectedErrors, externalRequests }, use) => {
    void externalRequests;
    const errors = recordErrors(page);
    await use(page);
    expect(unexpectedErrors(errors, expectedErrors), 'console errors').toEqual([]);
  },
  fakeServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const server = await startFakeServer();
      await use(server);
      await server.close();
    },
    { scope: 'worker' },
  ],
  fake: async ({ fakeServer }, use) => {
    fakeServer.reset();
    await use(fakeServer);
  },
});

export interface PolicyFixtures {
  /** Content-Security-Policy violations a test provokes on purpose (one pattern; use | for several). */
  expectedViolations: RegExp | null;
  /** The page's Content-Security-Policy violations, across navigations. */
  cspViolations: string[];
}

/**
 * The tests of the site as deployed (the `nginx` project, which serves the policy): a
 * policy violation on the page, other than the expected ones, fails the test too.
 */
export const testUnderPolicy = test.extend<PolicyFixtures>({
  expectedViolations: [null, { option: true }],
  cspViolations: [
    async ({ page, expectedViolations }, use) => {
      const violations: string[] = [];
      await page.exposeFunction('reportCspViolation', (text: string) => violations.push(text));
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.reportCspViolation?.(
            `${event.documentURI}: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'} ${event.sample}`,
          );
        });
      });
      await use(violations);
      const unexpected = violations.filter((text) => !expectedViolations?.test(text));
      expect(unexpected, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Opens a path and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

/** The page-actions button, its menu and its status: what axe checks of them, the rest of each page being a11y.spec.ts's. */
export const PAGE_ACTIONS = 'div:has(> button[aria-label="Page actions"])';

/** The axe rule tags of every accessibility check: WCAG 2.1 A and AA. */
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** The rules among those whose outcome depends on the colours: all a second colour mode can change. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Axe's WCAG 2.1 AA violations on the page, or inside `include`, each as its rule and first
 * targets. With `coloursOnly`, only the rules colours decide: for a colour mode switched to
 * on a page whose every rule ran in the other mode, as the DOM is the same.
 */
export async function axeViolations(
  page: Page,
  include?: string,
  { coloursOnly = false }: { coloursOnly?: boolean } = {},
): Promise<string[]> {
  // axe-core is put in each frame once per document and run there: compiling it again for
  // each analysis, as @axe-core/playwright does, took as long as the analysis itself.
  for (const frame of page.frames()) {
    if (!(await frame.evaluate(() => 'axe' in window))) {
      await frame.evaluate(AXE_SOURCE);
    }
  }
  const runOnly: RunOnly = coloursOnly ? { type: 'rule', values: COLOUR_RULES } : { type: 'tag', values: WCAG_21_AA };
  // Only violations are reported: axe then skips the details of what passed, a fifth of its time.
  return page.evaluate(
    async ({ include, runOnly }) => {
      const { axe } = window as unknown as { axe: { run: (context: unknown, options: object) => Promise<AxeResults> } };
      const context = include ? { include: [include] } : document;
      const { violations } = await axe.run(context, { runOnly, resultTypes: ['violations'] });
      return violations.map(
        ({ id, nodes }) =>
          `${id}: ${nodes
            .slice(0, 5)
            .map((node) => node.target.join(' '))
            .join(', ')}`,
      );
    },
    { include, runOnly },
  );
}

/**
 * Switches the page to a colour mode with the navbar's toggle, as a reader does (on a
 * narrow screen, from the navbar's menu), and waits for the colours' transitions to end,
 * so that what is measured next is the mode's.
 */
export async function useColourMode(page: Page, mode: 'light' | 'dark'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== mode) {
    const toggle = page.getByRole('button', { name: /dark and light mode/ });
    const inMenu = (await toggle.count()) === 0;
    if (inMenu) {
      await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    }
    await toggle.click();
    if (inMenu) {
      await page.getByRole('button', { name: 'Close navigation bar' }).click();
      await expect(page.locator('.navbar-sidebar--show')).toHaveCount(0);
    }
  }
  await expect(html).toHaveAttribute('data-theme', mode);
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSTransition)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}
