import { axeViolations, expect, gotoHydrated, test, useColourMode } from './fixtures';
import { sitemapRoutes } from './site';

test.describe.configure({ mode: 'parallel' });

for (const route of sitemapRoutes()) {
  test(`axe finds no WCAG 2.1 AA violation on ${route}, light and dark`, async ({ page }) => {
    await gotoHydrated(page, route);
    for (const mode of ['light', 'dark'] as const) {
      await useColourMode(page, mode);
      expect(await axeViolations(page), `${mode} mode`).toEqual([]);
    }
  });
}

test.describe('not-found page', () => {
  // The browser logs the document's own 404 status.
  test.use({ expectedErrors: /Failed to load resource: the server responded with a status of 404/ });

  test('axe finds no violation on the not-found page, light and dark', async ({ page }) => {
    await page.goto('/no-such-page');
    await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
    for (const mode of ['light', 'dark'] as const) {
      await useColourMode(page, mode);
      expect(await axeViolations(page), `${mode} mode`).toEqual([]);
    }
  });
});
