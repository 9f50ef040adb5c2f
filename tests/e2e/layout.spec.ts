import { identity } from '../../src/site/identity';
import { expect, gotoHydrated, test } from './fixtures';

// What the theme does by itself or by an option (the phone menu, the skip link, the colour
// switch and its memory, hiding the navbar on scroll, the sidebar's collapsing, the levels
// of the table of contents) is the theme's to test: the options are read from the
// configuration in tests/unit/site-config.test.ts. Here is what the site adds to it.

test('the announcement can be dismissed, stays dismissed, and returns when its id changes', async ({ page }) => {
  await gotoHydrated(page, '/');
  const bar = page.locator('.theme-announcement-bar');
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'hosted demo' })).toHaveAttribute('href', identity.demoUrl);
  await bar.getByRole('button', { name: 'Close' }).click();
  await expect(bar).toBeHidden();
  await page.reload();
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(bar).toBeHidden();

  // A browser that dismissed an older announcement sees the new one.
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('docusaurus.announcement.id')) {
        localStorage.setItem(key, 'an-older-announcement');
      }
    }
  });
  await page.reload();
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('role', 'banner');
});
