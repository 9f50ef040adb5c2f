import { expect, gotoHydrated, test } from './fixtures';

test('home page hydrates', async ({ page }) => {
  await gotoHydrated(page, '/');
  await expect(page.locator('h1')).toHaveText('Rubra');
});
