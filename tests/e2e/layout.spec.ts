import { identity } from '../../src/site/identity';
import { expect, gotoHydrated, test } from './fixtures';
import { servedHtml } from './site';

// What the theme options switch on (the navbar's items and hiding on scroll, the sidebar's
// collapsing, the levels of the table of contents, the footer, the announcement) is read
// from the configuration in tests/unit/site-config.test.ts; here is what needs a page.

/** External links carry a hidden "(opens in new tab)" after their label. */
const linkName = (label: string) => new RegExp(`^${label} ?(\\(opens in new tab\\))?$`);

test('on a phone the navbar menu opens on the docs sidebar, leads back to the main menu, and navigates', async ({
  page,
}) => {
  await page.setViewportSize({ width: 420, height: 800 });
  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  const menu = page.locator('.navbar-sidebar');
  await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
  await expect(menu.getByRole('link', { name: 'FAQ' })).toBeVisible();
  await menu.getByRole('button', { name: /Back to main menu/ }).click();
  await expect(menu.getByRole('link', { name: linkName('GitHub') })).toBeVisible();
  await expect(menu.getByRole('link', { name: linkName('Discord') })).toBeVisible();
  await menu.getByRole('button', { name: 'Close navigation bar' }).click();
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);

  await gotoHydrated(page, '/');
  await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
  await menu.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL(/\/faq$/);
  await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
});

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

test('skip to content moves focus past the navbar to the main content', async ({ page }) => {
  await gotoHydrated(page, '/faq');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  // The next Tab lands on the first focusable element of the main content, past the
  // navbar and the sidebar.
  await page.keyboard.press('Tab');
  const focused = await page.evaluate(() => ({
    inMain: Boolean(document.activeElement?.closest('main')),
    inNavbar: Boolean(document.activeElement?.closest('nav.navbar')),
    inSidebar: Boolean(document.activeElement?.closest('.theme-doc-sidebar-container')),
  }));
  expect(focused).toEqual({ inMain: true, inNavbar: false, inSidebar: false });
});

test('a nested page’s breadcrumbs lead home and to its category', async ({ request }) => {
  const $ = await servedHtml(request, '/models/llama');
  const crumbs = $('nav[aria-label="Breadcrumbs"]');
  expect(crumbs.find('a[aria-label="Home page"]').attr('href')).toBe('/');
  expect(crumbs.find('a:contains("Models")').attr('href')).toBe('/category/models');
  expect(crumbs.find('.breadcrumbs__item--active').text()).toBe('Llama 3');
});
