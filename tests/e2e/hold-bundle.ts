import type { Page } from '@playwright/test';

/**
 * Holds the site's bundle back until the returned function lets it go: meanwhile the
 * page is its server-rendered HTML plus what its own early scripts do.
 */
export async function holdSiteBundle(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/js\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
