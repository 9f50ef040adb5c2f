import type { Page } from '@playwright/test';

import { axeViolations, expect, gotoHydrated, test, useColourMode } from './fixtures';
import { PAGE_TYPES, sitemapRoutes } from './site';

test.describe.configure({ mode: 'parallel' });

/**
 * Opens every collapsed part of the page's content, so that axe sees all of it: the
 * site's details blocks by their summary, as a reader opens them (their content renders
 * on the first open), and the API reference's schema trees, which are plain details
 * elements, all at once. On the API pages this shows each shape the reference renders:
 * query parameters, oneOf variants, nullable fields and enums, nested lists, multipart
 * and binary bodies, and shared schemas described in a list's items.
 */
async function openEverything(page: Page): Promise<void> {
  const content = page.locator('.theme-doc-markdown');
  for (const summary of await content.locator('details[data-collapsed="true"] > summary').all()) {
    await summary.click();
  }
  await content.locator('details').evaluateAll((elements) => {
    for (const element of elements) {
      (element as HTMLDetailsElement).open = true;
    }
  });
  await expect(content.locator('details:not([open]), details[data-collapsed="true"]')).toHaveCount(0);
}

// What a page holds (headings, names, alternatives, tables, the API reference's shapes) differs
// from page to page, so every page is checked, in light mode. The dark palette is the theme's,
// the same for every page of a type: it is checked on one page of each type.
const darkChecked = new Set<string>(Object.values(PAGE_TYPES));

test('the dark mode checks cover every page type', () => {
  const routes = sitemapRoutes();
  for (const route of darkChecked) {
    expect(routes).toContain(route);
  }
});

for (const route of sitemapRoutes()) {
  const modes = darkChecked.has(route) ? (['light', 'dark'] as const) : (['light'] as const);
  test(`axe finds no WCAG 2.1 AA violation on ${route}, everything open, ${modes.join(' and ')}`, async ({ page }) => {
    await gotoHydrated(page, route);
    await openEverything(page);
    for (const mode of modes) {
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
