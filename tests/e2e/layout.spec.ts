import { identity, copyrightLine } from '../../src/site/identity';
import { expect, gotoHydrated, test } from './fixtures';

const { links } = identity;

/** External links carry a hidden "(opens in new tab)" after their label. */
const linkName = (label: string) => new RegExp(`^${label} ?(\\(opens in new tab\\))?$`);

test.describe('navbar', () => {
  test('has the Docs link on the left and Home, Hugging Face, GitHub, Discord on the right', async ({ page }) => {
    await gotoHydrated(page, '/');
    const navbar = page.getByRole('navigation', { name: 'Main' });
    const left = navbar.locator('.navbar__items:not(.navbar__items--right)');
    const right = navbar.locator('.navbar__items--right');
    await expect(left.getByRole('link', { name: 'Docs', exact: true })).toHaveAttribute('href', '/');
    const rightLinks = right.getByRole('link');
    await expect(rightLinks).toHaveCount(4);
    const expected = [links.home, links.huggingFace, links.github, links.discord];
    for (const [index, link] of expected.entries()) {
      await expect(rightLinks.nth(index)).toHaveAccessibleName(linkName(link.label));
      await expect(rightLinks.nth(index)).toHaveAttribute('href', link.href);
    }
    // Home stays in the same tab and says nothing about a new tab; the others open one.
    await expect(rightLinks.nth(0)).toHaveAttribute('target', '_self');
    await expect(rightLinks.nth(0)).toHaveAccessibleName(links.home.label);
    for (const index of [1, 2, 3]) {
      await expect(rightLinks.nth(index)).toHaveAttribute('target', '_blank');
    }
    await expect(navbar.getByRole('button', { name: /Switch between dark and light mode/ })).toBeVisible();
    await expect(navbar.locator('.navbar__brand')).toContainText(identity.title);
  });

  test('offers a language dropdown with English only', async ({ page }) => {
    await gotoHydrated(page, '/');
    const dropdown = page.locator('.navbar__items--right .dropdown');
    await expect(dropdown.getByRole('button', { name: 'English' })).toBeVisible();
    await dropdown.hover();
    const options = dropdown.locator('.dropdown__menu a');
    await expect(options).toHaveCount(1);
    await expect(options.first()).toHaveText('English');
    await expect(options.first()).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  });

  test('hides on scroll down and comes back on scroll up', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    await gotoHydrated(page, '/');
    const navbar = page.locator('nav.navbar');
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await page.mouse.move(640, 400);
    for (let step = 0; step < 4; step += 1) {
      await page.mouse.wheel(0, 300);
    }
    await expect(navbar).toHaveClass(/navbarHidden/);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? 0).toBeLessThan(-10);
    await page.mouse.wheel(0, -300);
    await expect(navbar).not.toHaveClass(/navbarHidden/);
    await expect.poll(async () => (await navbar.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  });

  test('shows the full navbar above 996 px and a slide-out menu at 996 px and below', async ({ page }) => {
    await page.setViewportSize({ width: 997, height: 800 });
    await gotoHydrated(page, '/');
    const toggle = page.getByRole('button', { name: 'Toggle navigation bar' });
    await expect(toggle).toBeHidden();
    await expect(page.locator('.navbar__items--right').getByRole('link', { name: linkName('GitHub') })).toBeVisible();

    await page.setViewportSize({ width: 996, height: 800 });
    await expect(toggle).toBeVisible();
    await expect(page.locator('.navbar__items--right').getByRole('link', { name: linkName('GitHub') })).toBeHidden();
    await toggle.click();
    const sidebar = page.locator('.navbar-sidebar');
    await expect(page.locator('nav.navbar')).toHaveClass(/navbar-sidebar--show/);
    // On a docs page the menu opens on the docs sidebar, with a way back to the main menu.
    await expect(sidebar.getByRole('link', { name: 'FAQ' })).toBeVisible();
    await sidebar.getByRole('button', { name: /Back to main menu/ }).click();
    await expect(sidebar.getByRole('link', { name: linkName('GitHub') })).toBeVisible();
    await expect(sidebar.getByRole('link', { name: linkName('Discord') })).toBeVisible();
    await sidebar.getByRole('button', { name: 'Close navigation bar' }).click();
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });

  test('the mobile menu opens the docs sidebar and navigates', async ({ page }) => {
    await page.setViewportSize({ width: 420, height: 800 });
    await gotoHydrated(page, '/');
    await page.getByRole('button', { name: 'Toggle navigation bar' }).click();
    const menu = page.locator('.navbar-sidebar');
    await menu.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.locator('nav.navbar')).not.toHaveClass(/navbar-sidebar--show/);
  });
});

test.describe('footer and announcement', () => {
  test('footer links to GitHub, Twitter and Discord with the 2024 copyright', async ({ page }) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer.footer');
    for (const link of [links.github, links.twitter, links.discord]) {
      await expect(footer.getByRole('link', { name: linkName(link.label) })).toHaveAttribute('href', link.href);
    }
    await expect(footer).toContainText(copyrightLine);
    await expect(footer).toContainText('Copyright © 2024 Rubra');
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
});

test.describe('docs layout', () => {
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

  test('breadcrumbs show the path to a nested page', async ({ page }) => {
    await gotoHydrated(page, '/models/llama');
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumbs' });
    await expect(crumbs.getByRole('link', { name: 'Home page' })).toHaveAttribute('href', '/');
    await expect(crumbs).toContainText('Models');
    await expect(crumbs.locator('.breadcrumbs__item--active')).toHaveText('Llama 3');
    await crumbs.getByRole('link', { name: 'Models' }).click();
    await expect(page).toHaveURL(/\/category\/models$/);
  });

  test('the table of contents lists heading levels 2 and 3 only', async ({ page }) => {
    await page.setViewportSize({ width: 1400, height: 900 });
    await gotoHydrated(page, '/');
    const toc = page.locator('.theme-doc-toc-desktop');
    const tocTargets = await toc
      .locator('a')
      .evaluateAll((anchors) => anchors.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
    const headings = await page
      .locator('article .markdown')
      .locator('h2[id], h3[id], h4[id]')
      .evaluateAll((nodes) => nodes.map((node) => ({ id: node.id, level: node.tagName })));
    expect(tocTargets.length).toBeGreaterThan(3);
    expect(tocTargets).toEqual(headings.filter((h) => h.level !== 'H4').map((h) => h.id));
    expect(headings.some((h) => h.level === 'H3')).toBe(true);
  });

  test('sidebar categories collapse and expand, and do not auto-collapse', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const sidebar = page.locator('.theme-doc-sidebar-container');
    const models = sidebar.locator('.theme-doc-sidebar-item-category', { hasText: 'Models' }).first();
    const serving = sidebar.locator('.theme-doc-sidebar-item-category', { hasText: 'Serving / Inferencing' }).first();
    const modelsToggle = models.getByRole('button', { name: /Models/ });
    const servingToggle = serving.getByRole('button', { name: /Serving \/ Inferencing/ });

    // Both categories start open.
    await expect(modelsToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(servingToggle).toHaveAttribute('aria-expanded', 'true');

    await modelsToggle.click();
    await expect(modelsToggle).toHaveAttribute('aria-expanded', 'false');
    await expect(models.getByRole('link', { name: 'Llama 3' })).toBeHidden();
    await servingToggle.click();
    await expect(servingToggle).toHaveAttribute('aria-expanded', 'false');

    await modelsToggle.click();
    await expect(modelsToggle).toHaveAttribute('aria-expanded', 'true');
    await expect(models.getByRole('link', { name: 'Llama 3' })).toBeVisible();
    await servingToggle.click();
    await expect(servingToggle).toHaveAttribute('aria-expanded', 'true');
    // Opening one category does not close the other.
    await expect(modelsToggle).toHaveAttribute('aria-expanded', 'true');

    // Following a link inside a category keeps the other one open.
    await models.getByRole('link', { name: 'Gemma' }).click();
    await expect(page).toHaveURL(/\/models\/gemma$/);
    await expect(servingToggle).toHaveAttribute('aria-expanded', 'true');
    // The sidebar cannot be hidden.
    await expect(page.getByRole('button', { name: 'Collapse sidebar', exact: true })).toHaveCount(0);
    await expect(page.locator('.theme-doc-sidebar-container button[title="Collapse sidebar"]')).toHaveCount(0);
  });

  test('the collapse animation follows the content height, and takes 1 ms with reduced motion', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    const durations: string[] = [];
    for (const reducedMotion of ['no-preference', 'reduce'] as const) {
      await page.emulateMedia({ reducedMotion });
      await gotoHydrated(page, '/');
      const category = page.locator('.theme-doc-sidebar-item-category', { hasText: 'Models' }).first();
      await category.getByRole('button', { name: /Models/ }).click();
      const list = category.locator('ul.menu__list');
      // The theme sets the transition in an animation frame after the click.
      const transition = () => list.evaluate((node) => (node as HTMLElement).style.transition);
      await expect.poll(transition).toMatch(/height \d+ms/);
      durations.push(await transition());
    }
    expect(durations[0]).toMatch(/height (\d+)ms/);
    expect(Number(/height (\d+)ms/.exec(durations[0] ?? '')?.[1])).toBeGreaterThan(1);
    expect(durations[1]).toMatch(/height 1ms/);
  });

  test('the home page leads with the tagline and describes itself with it', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page).toHaveTitle(`Rubra | ${identity.title}`);
    await expect(page.locator('article .lede')).toHaveText(identity.tagline);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      new RegExp(`^${identity.tagline}`),
    );
    await expect(page.getByRole('table', { name: /Rubra enhanced models/ })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Edit this page' })).toHaveAttribute(
      'href',
      `${identity.editUrl}/README.mdx`,
    );
  });
});
