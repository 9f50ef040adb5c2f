import type { Page, Route } from '@playwright/test';

import { expect, gotoHydrated, test } from './fixtures';
import { layoutShift, watchLayoutShift } from './layout-shift';
import { startStaticHost, type StaticHost } from '../support/static-server.mjs';

// What the theme does with no code of ours (its progress bar, its prefetching, the banner of
// a wrong base URL, whose option tests/unit/site-config.test.ts reads) is left to it.
const JS_CHUNKS = '**/assets/js/*.js';

async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
}

test.describe('not-found page', () => {
  // The browser reports the document's own 404 status in the console.
  test.use({ expectedErrors: /Failed to load resource: the server responded with a status of 404/ });

  test('answers 404, names the missing path without shifting the page, and offers the main sections and a search', async ({
    page,
  }) => {
    await watchLayoutShift(page);
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 720 },
    ]) {
      await test.step(`naming the missing path after hydration shifts nothing (${viewport.width} px wide)`, async () => {
        await page.setViewportSize(viewport);
        const response = await page.goto('/models/falcon-180b');
        expect(response?.status()).toBe(404);
        await waitForHydration(page);
        await expect(page.locator('main code')).toHaveText('/models/falcon-180b');
        expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
      });
    }
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    const main = page.locator('main');
    for (const [name, href] of [
      ['Introduction', '/'],
      ['Models', '/category/models'],
      ['Serving / Inferencing', '/category/serving--inferencing'],
      ['Benchmarks', '/benchmark'],
      ['FAQ', '/faq'],
      ['API reference', '/api'],
    ] as const) {
      await expect(main.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    }
    await expect(main.getByRole('link', { name: /search the docs for “models falcon 180b”/ })).toHaveAttribute(
      'href',
      '/search?q=models%20falcon%20180b',
    );
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /^This address is not a page of /,
    );
    await main.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
  });
});

test.describe('page crash', () => {
  test.use({ expectedErrors: /Could not measure the window/ });

  test('shows the crash screen with the chain of causes, and Try again recovers', async ({ page }) => {
    // The first read of the window's width throws: a rendering failure inside the page.
    await page.addInitScript(() => {
      const innerWidth = Object.getOwnPropertyDescriptor(window, 'innerWidth');
      let failed = false;
      Object.defineProperty(window, 'innerWidth', {
        configurable: true,
        get() {
          if (!failed) {
            failed = true;
            throw new Error('Could not measure the window', {
              cause: new Error('The display driver stopped responding'),
            });
          }
          return innerWidth?.get?.call(window) as number;
        },
      });
    });
    await page.goto('/');
    const main = page.locator('#__docusaurus_skipToContent_fallback');
    await expect(page.getByText('This page crashed.')).toBeVisible();
    await expect(main).toContainText('Could not measure the window');
    await expect(main).toContainText('Cause:');
    await expect(main).toContainText('The display driver stopped responding');
    // The navbar and footer stay usable around the crashed content.
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText('This page crashed.')).toBeHidden();
    await expect(page.locator('article .lede')).toBeVisible();
  });
});

test.describe('hosting', () => {
  // /category/models/index.html is no file: the host answers with 404.html first.
  test.use({ expectedErrors: /Failed to load resource: the server responded with a status of 404/ });
  let host: StaticHost;
  test.beforeAll(async () => {
    host = await startStaticHost();
  });
  test.afterAll(async () => {
    await host.close();
  });

  test('normalises .html and /index.html paths to the clean path', async ({ page }) => {
    for (const [path, clean] of [
      ['/faq.html', '/faq'],
      ['/index.html', '/'],
      ['/category/models/index.html', '/category/models'],
    ] as const) {
      await gotoHydrated(page, `${host.origin}${path}?from=bookmark#top`);
      await expect(page).toHaveURL(`${host.origin}${clean}?from=bookmark#top`);
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page not found');
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        new RegExp(`${clean === '/' ? '/' : clean}$`),
      );
    }
  });
});

test.describe('route loading', () => {
  test.describe('when a route chunk fails', () => {
    test.use({ expectedErrors: /Failed to load resource|ChunkLoadError|Loading chunk/ });

    test('logs a warning and reloads the page', async ({ page }) => {
      await gotoHydrated(page, '/');
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') {
          warnings.push(message.text());
        }
      });
      let failing = true;
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() === page.mainFrame()) {
          failing = false;
        }
      });
      await page.route(JS_CHUNKS, (route: Route) => (failing ? route.abort('failed') : route.fallback()));
      const reload = page.waitForEvent('load');
      await page.locator('.theme-doc-sidebar-container').getByRole('link', { name: 'FAQ' }).click();
      await reload;
      await waitForHydration(page);
      expect(failing).toBe(false);
      await expect(page).toHaveURL(/\/faq$/);
      expect(await page.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON().type)).toBe('reload');
      expect(warnings.some((text) => /chunk/i.test(text))).toBe(true);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
});
