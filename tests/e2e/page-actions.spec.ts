import type { Locator, Page } from '@playwright/test';

import { identity } from '../../src/site/identity';
import {
  axeViolations,
  expect,
  gotoHydrated,
  PAGE_ACTIONS,
  refuseClipboardWrites,
  test,
  useColourMode,
} from './fixtures';
import { layoutShift, watchLayoutShift } from './layout-shift';
import { builtHtml, PAGE_TYPES, sitemapRoutes } from './site';

const MENU_CHUNK = /\/assets\/js\/page-actions-menu\.[^/]*\.js$/;

/** A doc page, an API page and the two landing pages, with their Markdown twins. */
const PAGES = [
  { route: '/models/llama', twin: '/models/llama.md' },
  { route: '/api/create-run', twin: '/api/create-run.md' },
  { route: '/', twin: '/index.md' },
  { route: '/api', twin: '/api.md' },
] as const;

const DOC_PAGE = PAGES[0];

function trigger(page: Page): Locator {
  return page.getByRole('button', { name: 'Page actions' });
}

function menu(page: Page): Locator {
  return page.getByRole('menu', { name: 'Page actions' });
}

function items(page: Page): Locator {
  return menu(page).getByRole('menuitem');
}

async function openWithMouse(page: Page): Promise<void> {
  await trigger(page).click();
  await expect(menu(page)).toBeVisible();
}

/** Twice the browser's own URL encoding would be wrong too: this is the one a link must carry. */
function encodedTwinUrl(twin: string): string {
  return encodeURIComponent(new URL(twin, identity.url).href);
}

test.describe('where the menu is', () => {
  // The browser reports the not-found page's own 404 status in the console.
  test.use({ expectedErrors: /Failed to load resource: the server responded with a status of 404/ });

  test(`on ${PAGES.map(({ route }) => route).join(', ')}, the page-actions button is beside the title, and its View as Markdown and assistant links point at the page's twin; the search and not-found pages have none`, async ({
    page,
  }) => {
    for (const { route, twin } of PAGES) {
      await test.step(route, async () => {
        await gotoHydrated(page, route);
        const button = trigger(page);
        await expect(button).toBeVisible();
        await expect(button).toHaveAttribute('aria-haspopup', 'menu');
        await expect(button).toHaveAttribute('aria-expanded', 'false');
        const title = await page.locator('article h1').first().boundingBox();
        const box = await button.boundingBox();
        expect(title && box, 'title and button are laid out').toBeTruthy();
        if (title && box) {
          // On the title's first line, to its right.
          expect(box.y).toBeLessThan(title.y + title.height);
          expect(box.y + box.height).toBeGreaterThan(title.y);
          expect(box.x).toBeGreaterThan(title.x);
        }

        await openWithMouse(page);
        await expect(menu(page).getByRole('menuitem', { name: 'View as Markdown' })).toHaveAttribute('href', twin);
        for (const [name, origin] of [
          ['ChatGPT', 'https://chatgpt.com/?q='],
          ['Claude', 'https://claude.ai/new?q='],
        ] as const) {
          const link = menu(page).getByRole('menuitem', { name: `Open in ${name} (opens in a new tab)` });
          const href = (await link.getAttribute('href')) ?? '';
          expect(href.startsWith(origin), href).toBe(true);
          expect(href).toContain(encodedTwinUrl(twin));
          const prompt = new URL(href).searchParams.get('q') ?? '';
          expect(prompt).toContain(new URL(twin, identity.url).href);
          await expect(link).toHaveAttribute('target', '_blank');
          await expect(link).toHaveAttribute('rel', /\bnoopener\b/);
        }
      });
    }
    await test.step('/search?q=llama has none', async () => {
      await gotoHydrated(page, '/search?q=llama');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(trigger(page)).toHaveCount(0);
    });
    await test.step('the not-found page has none', async () => {
      await gotoHydrated(page, '/no-such-page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
      await expect(trigger(page)).toHaveCount(0);
    });
  });

  test('the button is in the server-rendered HTML', async ({ request }) => {
    const html = await (await request.get(DOC_PAGE.route)).text();
    expect(html).toMatch(/<button[^>]*aria-haspopup="?menu"?[^>]*>.*?Page actions/s);
  });
});

test.describe('loading on demand', () => {
  test('the menu code is not in the first load and arrives when the pointer reaches the button', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') {
        scripts.push(request.url());
      }
    });
    await gotoHydrated(page, DOC_PAGE.route);
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => MENU_CHUNK.test(url))).toEqual([]);

    const menuCode = page.waitForRequest((request) => MENU_CHUNK.test(request.url()));
    await trigger(page).hover();
    await menuCode;
    await expect(menu(page)).toHaveCount(0);
  });

  test('focusing the button loads the menu code too', async ({ page }) => {
    await gotoHydrated(page, DOC_PAGE.route);
    const menuCode = page.waitForRequest((request) => MENU_CHUNK.test(request.url()));
    await trigger(page).focus();
    await menuCode;
  });
});

// The menu's keys, clicks and status lines are component tests (tests/unit/components); here, what needs
// a real page: a real navigation to the twin, the clipboard, the chunk loading on demand, layout and axe.
test('View as Markdown opens the twin, as Markdown, from the mouse and from the keyboard', async ({ page }) => {
  const twin = () => page.waitForResponse((response) => new URL(response.url()).pathname === DOC_PAGE.twin);
  await gotoHydrated(page, DOC_PAGE.route);
  await test.step('a click', async () => {
    await openWithMouse(page);
    const opened = twin();
    await menu(page).getByRole('menuitem', { name: 'View as Markdown' }).click();
    const response = await opened;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/markdown/);
  });

  await test.step('Enter, the arrow and Enter', async () => {
    await gotoHydrated(page, DOC_PAGE.route);
    await trigger(page).focus();
    await page.keyboard.press('Enter');
    await expect(items(page).first()).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(items(page).nth(1)).toBeFocused();
    const opened = twin();
    await page.keyboard.press('Enter');
    expect((await opened).status()).toBe(200);
    await expect(page).toHaveURL(new RegExp(`${DOC_PAGE.twin.replace('.', '\\.')}$`));
  });
});

test.describe('Copy page', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  for (const { route, twin } of [PAGES[1]]) {
    test(`on ${route}, puts the exact text of ${twin} on the clipboard and says so`, async ({ page, request }) => {
      const expected = await (await request.get(twin)).text();
      expect(expected.length).toBeGreaterThan(0);
      await gotoHydrated(page, route);
      await page.evaluate(() => navigator.clipboard.writeText('(nothing copied yet)'));
      await openWithMouse(page);
      await menu(page)
        .getByRole('menuitem', { name: /^Copy page/ })
        .click();
      const status = page.getByRole('status').filter({ hasText: 'Copied' });
      await expect(status).toHaveText('Copied the page as Markdown.');
      await expect(trigger(page)).toBeFocused();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
    });
  }
});

test.describe('accessibility', () => {
  test('axe finds no WCAG 2.1 AA violation with the menu open and with a status shown, light and dark', async ({
    page,
  }) => {
    await refuseClipboardWrites(page);
    for (const route of [DOC_PAGE.route, '/api/create-run']) {
      await gotoHydrated(page, route);
      for (const theme of ['light', 'dark'] as const) {
        await test.step(`${route}, ${theme} mode`, async () => {
          await useColourMode(page, theme);
          await openWithMouse(page);
          expect(await axeViolations(page, PAGE_ACTIONS, { coloursOnly: theme === 'dark' }), 'menu open').toEqual([]);

          await menu(page)
            .getByRole('menuitem', { name: /^Copy page/ })
            .click();
          await expect(page.getByRole('status').getByRole('link', { name: 'View as Markdown' })).toBeVisible();
          expect(await axeViolations(page, PAGE_ACTIONS, { coloursOnly: theme === 'dark' }), 'status shown').toEqual(
            [],
          );
        });
      }
    }
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  // The button's place on the breadcrumb line is set by the page's template: one page of each
  // type with page actions (the generated category pages and the search page have none), and,
  // as breadcrumbs differ in length from page to page, the page whose trail is longest.
  const withActions = sitemapRoutes().filter((route) => !route.startsWith('/category/') && route !== '/search');
  const trail = (route: string) => builtHtml(route)('nav[aria-label="Breadcrumbs"] li').text().length;
  const longestTrail = [...withActions].sort((a, b) => trail(b) - trail(a))[0];
  const { home, modelGuide, servingGuide, benchmark, faq, apiLanding, operation } = PAGE_TYPES;
  const routes = [
    ...new Set([home, modelGuide, servingGuide, benchmark, faq, apiLanding, operation, longestTrail ?? home]),
  ];

  test('the phone checks cover every page type with page actions and the longest breadcrumb trail', () => {
    expect(withActions.length).toBeGreaterThan(30);
    for (const route of routes) {
      expect(withActions).toContain(route);
    }
  });

  test(`at 390 px on ${routes.join(', ')}, nothing moves while the page hydrates, the title keeps the whole column, and the button is an icon on the breadcrumb line`, async ({
    page,
  }) => {
    await watchLayoutShift(page);
    for (const route of routes) {
      await test.step(route, async () => {
        await gotoHydrated(page, route);
        // The sum starts again with each page: it covers this page's first paint and hydration.
        expect(await layoutShift(page), 'layout shift while the page loads and hydrates').toBeLessThan(0.001);
        const layout = await page.evaluate(() => {
          const rect = (element: Element | null | undefined) => {
            const box = element?.getBoundingClientRect();
            return box ? { x: box.x, y: box.y, right: box.right, bottom: box.bottom, width: box.width } : null;
          };
          const title = document.querySelector('article h1');
          const breadcrumbs = document.querySelector('article .theme-doc-breadcrumbs');
          return {
            title: rect(title),
            column: rect(title?.parentElement),
            breadcrumbs: rect(breadcrumbs),
            crumbs: [...(breadcrumbs?.querySelectorAll('li') ?? [])].map((item) => rect(item)),
            button: rect(document.querySelector('button[aria-haspopup="menu"]')),
          };
        });
        const { title, column, breadcrumbs, button } = layout;
        if (!title || !column || !breadcrumbs || !button) {
          throw new Error(`${route}: the title, its column, the breadcrumbs or the button is missing`);
        }
        await expect(trigger(page)).toBeVisible();
        expect(title.width, "the title's width").toBeGreaterThanOrEqual(column.width - 1);
        // On the breadcrumb line, at its right end, overlapping neither the title nor a crumb.
        expect(button.y).toBeGreaterThanOrEqual(breadcrumbs.y - 1);
        expect(button.bottom).toBeLessThanOrEqual(breadcrumbs.bottom + 1);
        expect(button.bottom).toBeLessThanOrEqual(title.y);
        expect(button.right).toBeLessThanOrEqual(390);
        for (const crumb of layout.crumbs) {
          const apart = !crumb || crumb.right <= button.x || crumb.y >= button.bottom || crumb.bottom <= button.y;
          expect(apart, 'a breadcrumb under the button').toBe(true);
        }
        expect(button.width).toBeGreaterThanOrEqual(44);
        expect(button.width, 'an icon, not a labelled button').toBeLessThan(60);
      });
    }
  });

  test('at 390 px the titles of the longest pages take fewer lines and nothing moves when the menu arrives', async ({
    page,
  }) => {
    await watchLayoutShift(page);
    // Three and five lines when the button stood beside the title.
    const longest = { '/api/create-assistant': 2, '/inference/transformers': 3 };
    for (const [route, most] of Object.entries(longest)) {
      await gotoHydrated(page, route);
      const title = page.locator('article h1').first();
      const lines = await title.evaluate((element) => {
        const style = getComputedStyle(element);
        return Math.round(element.getBoundingClientRect().height / parseFloat(style.lineHeight));
      });
      expect(lines, `${route}: lines of the title`).toBeLessThanOrEqual(most);
      const before = await title.boundingBox();
      const shiftBefore = await layoutShift(page);
      const menuCode = page.waitForRequest((request) => MENU_CHUNK.test(request.url()));
      await trigger(page).tap();
      await menuCode;
      await expect(menu(page)).toBeVisible();
      expect(await title.boundingBox(), route).toEqual(before);
      expect((await layoutShift(page)) - shiftBefore, route).toBeLessThan(0.001);
      await page.keyboard.press('Escape');
    }
  });

  for (const route of ['/models/llama', '/api/create-run']) {
    test(`at 390 px on ${route}, the open menu fits and its targets are comfortable`, async ({ page }) => {
      await gotoHydrated(page, route);
      const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);
      const widthBefore = await pageWidth();
      await trigger(page).tap();
      await expect(menu(page)).toBeVisible();
      // The menu adds no horizontal scrolling to what the page already has.
      expect(await pageWidth()).toBeLessThanOrEqual(Math.max(widthBefore, 390));
      for (const target of [trigger(page), menu(page)]) {
        const box = await target.boundingBox();
        expect(box).not.toBeNull();
        expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
        expect((box?.x ?? 0) + (box?.width ?? 1000)).toBeLessThanOrEqual(390);
      }
      for (const target of [trigger(page), ...(await items(page).all())]) {
        const box = await target.boundingBox();
        expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      }
    });
  }
});
