import { expect, gotoHydrated, test } from './fixtures';
import { storageValue } from './storage';

// The default mode and the switch are theme options, read from the configuration in
// tests/unit/site-config.test.ts; the code themes of each mode are checked in content.spec.ts.

const toggleName = /Switch between dark and light mode/;

test('the toggle switches mode, and the choice survives a reload', async ({ page }) => {
  await gotoHydrated(page, '/inference/llamacpp');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');

  await page.getByRole('button', { name: toggleName }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  expect(await storageValue(page, 'theme')).toBe('dark');

  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.locator('html[data-has-hydrated="true"]').waitFor({ state: 'attached' });
  await page.getByRole('button', { name: toggleName }).click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  expect(await storageValue(page, 'theme')).toBe('light');
});
