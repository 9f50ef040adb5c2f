import { expect, gotoHydrated, test } from './fixtures';
import { storageValue } from './storage';

const toggleName = /Switch between dark and light mode/;

test('light is the default, whatever the system prefers', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await gotoHydrated(page, '/');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await storageValue(page, 'theme')).toBeUndefined();
});

test('the toggle switches mode, restyles code, and the choice survives a reload', async ({ page }) => {
  await gotoHydrated(page, '/inference/llamacpp');
  const code = page.locator('.prism-code').first();
  const lightBackground = await code.evaluate((node) => getComputedStyle(node).backgroundColor);

  await page.getByRole('button', { name: toggleName }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await storageValue(page, 'theme')).toBe('dark');
  await expect.poll(() => code.evaluate((node) => getComputedStyle(node).backgroundColor)).not.toBe(lightBackground);

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: toggleName }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await storageValue(page, 'theme')).toBe('light');
});

test('a choice made in one tab reaches the other open tabs', async ({ page, context }) => {
  await gotoHydrated(page, '/');
  const other = await context.newPage();
  await gotoHydrated(other, '/faq');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: toggleName }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'dark');

  await other.getByRole('button', { name: toggleName }).click();
  await expect(other.locator('html')).toHaveAttribute('data-theme', 'light');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await other.close();
});
