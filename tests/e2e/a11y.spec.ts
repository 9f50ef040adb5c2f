import AxeBuilder from '@axe-core/playwright';

import { expect, gotoHydrated, test } from './fixtures';
import { sitemapRoutes } from './site';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

test.describe.configure({ mode: 'parallel' });

for (const route of sitemapRoutes()) {
  test(`axe finds no WCAG 2.1 AA violation on ${route}, light and dark`, async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await gotoHydrated(page, `${route}?docusaurus-theme=${theme}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      const violations = results.violations.map((violation) => ({
        rule: violation.id,
        impact: violation.impact,
        nodes: violation.nodes.map((node) => node.target.join(' ')).slice(0, 5),
      }));
      expect(violations, `${theme} mode`).toEqual([]);
    }
  });
}

test.describe('not-found page', () => {
  // The browser logs the document's own 404 status.
  test.use({ expectedErrors: /Failed to load resource: the server responded with a status of 404/ });

  test('axe finds no violation on the not-found page, light and dark', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await page.goto(`/no-such-page?docusaurus-theme=${theme}`);
      await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      expect(
        results.violations.map((violation) => violation.id),
        `${theme} mode`,
      ).toEqual([]);
    }
  });
});
