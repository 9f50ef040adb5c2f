import { expect, test as base, type Page } from '@playwright/test';

/**
 * The shared test fixture. Every test runs offline: any request that leaves
 * 127.0.0.1 is aborted and fails the test. Console errors and uncaught page errors
 * fail the test too, unless a test lists the ones it provokes on purpose.
 */
export interface SiteFixtures {
  /** Console or page errors a test provokes on purpose (one pattern; use | for several). */
  expectedErrors: RegExp | null;
  /** Requests that left the machine, recorded by the offline guard. */
  externalRequests: string[];
}

const LOCAL_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function isLocalUrl(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  if (protocol === 'data:' || protocol === 'blob:' || protocol === 'about:') {
    return true;
  }
  return LOCAL_HOSTS.has(hostname);
}

export const test = base.extend<SiteFixtures>({
  expectedErrors: [null, { option: true }],
  externalRequests: async ({ context }, use) => {
    const external: string[] = [];
    await context.route(
      (url) => !isLocalUrl(url.href),
      async (route) => {
        external.push(route.request().url());
        await route.abort('blockedbyclient');
      },
    );
    await use(external);
    expect(external, 'requests that left 127.0.0.1').toEqual([]);
  },
  page: async ({ page, expectedErrors, externalRequests }, use) => {
    void externalRequests;
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') {
        errors.push(`console: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
    await use(page);
    const unexpected = errors.filter((text) => !expectedErrors?.test(text));
    expect(unexpected, 'console errors').toEqual([]);
  },
});

export { expect };

/** Opens a path and waits until React has hydrated the page. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}
