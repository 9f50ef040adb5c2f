import type { Locator, Page } from '@playwright/test';

import { METHODS, operations, serverUrl, tagOrder, type SpecOperation } from '../support/openapi-operations';
import { axeViolations, expect, gotoHydrated, test, useColourMode } from './fixtures';

/**
 * The API reference in a browser, checked against openapi/rubra.yaml itself: the
 * operation header at a phone's width, the landing page, the sidebar, the schema trees,
 * the code samples, the layout at each width and accessibility. The
 * pages as served are read in tests/built/api.test.ts; their JavaScript weight in
 * first-load.spec.ts.
 */

/** Any request to the documented API's server, which no page may make. */
function watchApiServer(page: Page): string[] {
  const calls: string[] = [];
  const apiOrigin = new URL(serverUrl).origin;
  page.on('request', (request) => {
    if (new URL(request.url()).origin === apiOrigin) {
      calls.push(request.url());
    }
  });
  return calls;
}

/**
 * The page's contents: on operation pages a collapsible list at the top of the left
 * column (the column beside it holds the samples), opened and returned.
 */
async function openCollapsibleToc(page: Page): Promise<Locator> {
  const toc = page.locator('[data-api-toc]');
  const items = toc.locator('.table-of-contents');
  if ((await items.count()) === 0) {
    await toc.getByRole('button', { name: 'On this page' }).click();
  }
  await expect(items).toBeVisible();
  return toc;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, String(locator)).not.toBeNull();
  return found as NonNullable<typeof found>;
}

/**
 * The operations whose header is widest: the longest method and path, and the longest
 * path of each method. Every header holds the same parts, so the widest show whether any fits.
 */
const widestHeaders = [
  ...new Set([
    [...operations].sort((a, b) => (b.method + b.path).length - (a.method + a.path).length)[0],
    ...METHODS.map(
      (method) =>
        operations
          .filter((operation) => operation.method === method.toUpperCase())
          .sort((a, b) => b.path.length - a.path.length)[0],
    ),
  ]),
].filter((operation): operation is SpecOperation => operation !== undefined);

test(`at 390 px the operation header stays whole, and Try it works once hydrated: ${widestHeaders
  .map((operation) => operation.pageId)
  .join(', ')}`, async ({ page }) => {
  const apiCalls = watchApiServer(page);
  await page.setViewportSize({ width: 390, height: 844 });
  for (const operation of widestHeaders) {
    await gotoHydrated(page, `/api/${operation.pageId}`);
    await expect(page.getByRole('button', { name: 'Try it' })).toBeEnabled();
    const endpoint = page.locator('[data-api-endpoint]');
    const outer = await box(endpoint);
    expect(outer.width).toBeLessThanOrEqual(390);
    for (const part of [
      endpoint.locator('[data-method]'),
      endpoint.locator('[data-api-path]'),
      endpoint.getByRole('link', { name: 'openapi.yaml' }),
      endpoint.getByRole('link', { name: 'openapi.json' }),
    ]) {
      const inner = await box(part);
      const where = `${operation.pageId}: ${String(part)}`;
      expect(inner.x, where).toBeGreaterThanOrEqual(outer.x);
      expect(inner.x + inner.width, where).toBeLessThanOrEqual(outer.x + outer.width);
    }
  }
  expect(widestHeaders.length).toBeGreaterThanOrEqual(3);
  expect(apiCalls).toEqual([]);
});

test('/api shows the content, breadcrumbs, current sidebar entry and contents of /api/list-assistants', async ({
  page,
}) => {
  const view = async (route: string) => {
    await gotoHydrated(page, route);
    const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
    return {
      title: await page.locator('h1').textContent(),
      breadcrumbs: (await page.locator('.theme-doc-breadcrumbs .breadcrumbs__item').allInnerTexts())
        .map((text) => text.trim())
        .filter(Boolean),
      current: await sidebar.locator('.theme-doc-sidebar-item-link > a.menu__link--active').allInnerTexts(),
      currentPage: await sidebar
        .locator('a[aria-current="page"]')
        .evaluateAll((links) => links.map((link) => link.getAttribute('href'))),
      main: await page.locator('main').innerHTML(),
      toc: await (await openCollapsibleToc(page)).innerText(),
    };
  };
  const listAssistants = await view('/api/list-assistants');
  expect(listAssistants.breadcrumbs).toEqual(['Assistants', 'List assistants']);
  expect(listAssistants.current).toEqual(['List assistants']);
  expect(listAssistants.currentPage).toEqual(['/api/list-assistants']);
  expect(listAssistants.main.length).toBeGreaterThan(1000);
  const landing = await view('/api');
  expect(landing).toEqual(listAssistants);
  await expect(page.locator('#about-the-api')).toBeVisible();
});

test('the API sidebar lists every operation under its tag, in order, with method badges', async ({ page }) => {
  await gotoHydrated(page, '/api');
  const sidebar = page.locator('nav[aria-label="Docs sidebar"]');
  const categories = sidebar.locator('.theme-doc-sidebar-item-category-level-1');
  await expect(categories.locator(':scope > .menu__list-item-collapsible')).toHaveText(tagOrder);
  for (const [index, tag] of tagOrder.entries()) {
    const expected = operations.filter((operation) => operation.tag === tag);
    const links = categories.nth(index).locator('li.api-sidebar-item > a');
    await expect(links, tag).toHaveText(expected.map((operation) => operation.summary));
    const hrefs = await links.evaluateAll((anchors) => anchors.map((anchor) => anchor.getAttribute('href')));
    expect(hrefs, tag).toEqual(expected.map((operation) => `/api/${operation.pageId}`));
    const badges = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => getComputedStyle(anchor, '::before').content.replace(/"/g, '')),
    );
    expect(badges, tag).toEqual(
      expected.map((operation) => (operation.method === 'DELETE' ? 'DEL' : operation.method)),
    );
  }
  await expect(sidebar.locator('li.api-sidebar-item')).toHaveCount(operations.length);
});

test.describe('schema trees', () => {
  test('a loaded API page shows its schema trees and parameters, their nested parts open natively, and their links navigate in the page', async ({
    page,
  }) => {
    await gotoHydrated(page, '/api/create-run');
    await expect(page.locator('[data-api-parameters] [data-property-name]').first()).toBeVisible();
    await expect(page.locator('[data-api-response="200"] [data-property-name]').first()).toBeVisible();

    // Nested parts still open, natively.
    const details = page.locator('[data-api-response="200"] details').first();
    await details.locator(':scope > summary').click();
    await expect(details).toHaveAttribute('open', '');
    await expect(details.locator('[data-property-name]').first()).toBeVisible();

    // A schema link navigates without reloading the page, as the site's links do.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('[data-api-response="200"]').getByRole('link', { name: 'Run', exact: true }).first().click();
    await expect(page).toHaveURL(/\/api\/get-run#schema-run$/);
    await expect(page.locator('#schema-run')).toBeInViewport();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);

    // Reached in the page, get-run renders its trees itself, nested parts included.
    const response = page.locator('[data-api-response="200"]');
    await expect(response.locator('ul[data-schema-level="top"] > li [data-property-name]').first()).toBeVisible();
    const nested = response.locator('details').first();
    await nested.locator(':scope > summary').click();
    await expect(nested.locator('[data-property-name]').first()).toBeVisible();
  });

  test.describe('when hydration fails', () => {
    // React reports the mismatch, then renders the whole page afresh.
    test.use({ expectedErrors: /Minified React error|hydrat/i });

    test('the schema trees and parameters are rendered anew rather than left empty', async ({ page }) => {
      // Markup that differs from what the page renders makes hydration fail.
      await page.route('**/api/create-run', async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace('<h1>Create a run</h1>', '<h1>Create a run, changed</h1>');
        await route.fulfill({ response, body: html });
      });
      await gotoHydrated(page, '/api/create-run');
      await expect(page.locator('h1')).toHaveText('Create a run');
      await expect(page.locator('[data-api-parameters] [data-property-name]').first()).toBeVisible();
      const response = page.locator('[data-api-response="200"]');
      await expect(response.locator('ul[data-schema-level="top"] > li [data-property-name]').first()).toBeVisible();
    });
  });
});

test.describe('code samples', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test('the tabs switch, the choice sticks across pages, and the copy button copies the sample', async ({ page }) => {
    const apiCalls = watchApiServer(page);
    await gotoHydrated(page, '/api/create-assistant');
    const samples = page.locator('[data-api-code-samples]');
    const visibleCode = samples.locator('[role="tabpanel"]:not([hidden]) pre code');

    await expect(visibleCode).toContainText(`curl '${serverUrl}/assistants'`);
    await samples.getByRole('tab', { name: 'Python' }).click();
    await expect(samples.getByRole('tab', { name: 'Python' })).toHaveAttribute('aria-selected', 'true');
    await expect(visibleCode).toContainText('client.beta.assistants.create(');
    await expect(visibleCode).toContainText(`base_url="${serverUrl}"`);

    await samples.getByRole('tab', { name: 'Node.js' }).click();
    await expect(visibleCode).toContainText('await client.beta.assistants.create({');
    await expect(visibleCode).toContainText(`baseURL: '${serverUrl}'`);

    const shown = await visibleCode.innerText();
    await samples.locator('[role="tabpanel"]:not([hidden])').getByRole('button', { name: /copy/i }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    // innerText puts a blank line after every rendered line; the copied text does not.
    const lines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');
    expect(lines(copied)).toEqual(lines(shown));
    expect(copied).toContain("import OpenAI from 'openai';");

    await gotoHydrated(page, '/api/get-thread');
    await expect(page.locator('[data-api-code-samples]').getByRole('tab', { name: 'Node.js' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.locator('[data-api-code-samples] [role="tabpanel"]:not([hidden]) pre code')).toContainText(
      'await client.beta.threads.retrieve(',
    );
    expect(apiCalls).toEqual([]);
  });
});

test.describe('operation page layout', () => {
  const ROUTE = '/api/create-run';
  const examples = (page: Page) => page.locator('[data-api-examples]');
  const samples = (page: Page) => examples(page).locator('[data-api-code-samples]');
  const exampleResponse = (page: Page) => examples(page).locator('[data-api-example-response]');
  const parameters = (page: Page) => page.getByRole('region', { name: 'Parameters' });

  async function expectNoSidewaysScroll(page: Page) {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, 'horizontal overflow of the page').toBeLessThanOrEqual(0);
  }

  test('at 1280 and 1440 px the samples and example response stand beside the reference and stay in view; on a short screen each scrolls on its own', async ({
    page,
  }) => {
    for (const width of [1280, 1440]) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 800 });
        await gotoHydrated(page, ROUTE);
        await expect(samples(page).locator('[role="tab"]')).toHaveText(['curl', 'Python', 'Node.js']);
        await expect(exampleResponse(page)).toContainText('Example 200 response');
        // The example shows once: in the right-hand column, not again under Responses.
        await expect(page.locator('[data-api-response="200"]').getByText('Example 200 response')).toBeHidden();

        const params = await box(parameters(page));
        for (const part of [samples(page), exampleResponse(page)]) {
          expect((await box(part)).x, String(part)).toBeGreaterThanOrEqual(params.x + params.width);
        }
        // No table of contents beside the page: it is a collapsible list at the top of the left column.
        await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
        const toc = await box(await openCollapsibleToc(page));
        const column = await box(examples(page));
        expect(toc.x + toc.width, 'the contents list ends before the right-hand column').toBeLessThanOrEqual(column.x);
        await expectNoSidewaysScroll(page);

        // Scrolled down to the responses, the column is still on screen, under the navbar.
        await page.locator('#responses').evaluate((heading) => heading.scrollIntoView());
        await expect(page.locator('#responses')).toBeInViewport();
        const navbarBottom = (await box(page.locator('nav.navbar'))).height;
        const stuck = await box(examples(page));
        expect(stuck.y).toBeGreaterThanOrEqual(navbarBottom - 1);
        expect(stuck.y + stuck.height).toBeLessThanOrEqual(800);
        await expect(samples(page)).toBeInViewport();
        await expect(exampleResponse(page)).toBeInViewport();
      });
    }

    await test.step('at 1280 px on a short screen', async () => {
      await page.setViewportSize({ width: 1280, height: 560 });
      await gotoHydrated(page, ROUTE);
      await page.locator('#responses').evaluate((heading) => heading.scrollIntoView());
      await expect(page.locator('#responses')).toBeInViewport();
      const scrollers = examples(page).locator('[data-api-examples-scroller]');
      await expect(scrollers).toHaveCount(2);
      for (const scroller of await scrollers.all()) {
        const state = await scroller.evaluate((element) => {
          const before = window.scrollY;
          element.scrollTop = 80;
          return { scrolled: element.scrollTop, pageScrolled: window.scrollY - before };
        });
        expect(state.scrolled, 'the block scrolls').toBeGreaterThan(0);
        expect(state.pageScrolled, 'the page stays put').toBe(0);
      }
      const column = await box(examples(page));
      expect(column.y + column.height).toBeLessThanOrEqual(560);
    });
  });

  // a11y.spec.ts runs axe on every page at the default 1280 px.
  test('at 390 px one column: the samples come right after the method and path, before the parameters; axe finds no violation there, light and dark', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await gotoHydrated(page, ROUTE);
    const endpoint = await box(page.locator('[data-api-endpoint]'));
    const codeSamples = await box(samples(page));
    const params = await box(parameters(page));
    expect(codeSamples.y).toBeGreaterThanOrEqual(endpoint.y + endpoint.height);
    expect(codeSamples.y + codeSamples.height).toBeLessThanOrEqual(params.y);
    expect(codeSamples.x + codeSamples.width).toBeLessThanOrEqual(390);
    // The example response stays with its response, once.
    await expect(exampleResponse(page)).toBeHidden();
    await expect(page.locator('[data-api-response="200"]').getByText('Example 200 response')).toBeVisible();
    await expect(await openCollapsibleToc(page)).toContainText('Parameters');
    await expectNoSidewaysScroll(page);
    for (const mode of ['light', 'dark'] as const) {
      await useColourMode(page, mode);
      expect(await axeViolations(page, undefined, { coloursOnly: mode === 'dark' }), `${mode} mode`).toEqual([]);
    }
  });
});

test.describe('parameters', () => {
  /**
   * Operations that between them show every parameter of the reference. Each parameter is
   * a row of its own, laid out apart from the others (a wrapping flex row), so every row
   * the reference can show is checked.
   */
  const withParameters: SpecOperation[] = [];
  const shown = new Set<string>();
  for (const operation of [...operations].sort((a, b) => b.parameters.length - a.parameters.length)) {
    if (operation.parameterKeys.some((key) => !shown.has(key))) {
      withParameters.push(operation);
      operation.parameterKeys.forEach((key) => shown.add(key));
    }
  }

  test('the operations checked show every parameter of the reference', () => {
    expect(withParameters.length).toBeGreaterThan(0);
    expect(new Set(operations.flatMap((operation) => operation.parameterKeys))).toEqual(shown);
  });

  // One load per page, in one tab; the layout is read again at each width, once the page has re-rendered for it.
  test(`at 390, 1024, 1280 and 1440 px, on ${withParameters.map(({ pageId }) => pageId).join(', ')}: nothing of a parameter is hidden or cut, and its description has room`, async ({
    page,
  }) => {
    for (const operation of withParameters) {
      await page.setViewportSize({ width: 1280, height: 900 });
      await gotoHydrated(page, `/api/${operation.pageId}`);
      for (const width of [390, 1024, 1280, 1440]) {
        await page.setViewportSize({ width, height: 900 });
        await page.evaluate(
          () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
        );
        const region = page.getByRole('region', { name: 'Parameters' });
        const rows = region.locator('[data-api-parameters] > li');
        await expect(rows).toHaveCount(operation.parameters.length);
        await expect(region.locator('[data-parameter-in]')).toHaveText(
          operation.parameters.map(() => /^in (path|query|header|cookie)$/),
        );
        const layout = await region.evaluate((element) => {
          const bounds = element.getBoundingClientRect();
          return {
            right: bounds.right,
            scrolls: element.scrollWidth > element.clientWidth,
            rows: [...element.querySelectorAll(':scope [data-api-parameters] > li')].map((row) => {
              const rowBounds = row.getBoundingClientRect();
              const cut = [...row.querySelectorAll('*')]
                .filter((child) => {
                  const box = child.getBoundingClientRect();
                  return box.width > 0 && (box.left < rowBounds.left - 1 || box.right > rowBounds.right + 1);
                })
                .map((child) => child.textContent?.slice(0, 40));
              const description = row.querySelector(':scope > p');
              return {
                name: row.querySelector('[data-parameter-name]')?.textContent,
                left: rowBounds.left,
                right: rowBounds.right,
                clipped: row.scrollWidth > row.clientWidth,
                cut,
                descriptionWidth: description ? description.getBoundingClientRect().width : null,
              };
            }),
          };
        });
        const where = `/api/${operation.pageId} at ${width} px`;
        expect(layout.scrolls, `${where}: the parameters scroll sideways`).toBe(false);
        expect(layout.right, where).toBeLessThanOrEqual(width);
        expect(layout.rows.map((row) => row.name)).toEqual(operation.parameters);
        for (const row of layout.rows) {
          expect(row.clipped, `${where}: ${row.name} is clipped`).toBe(false);
          expect(row.cut, `${where}: parts of ${row.name} outside its row`).toEqual([]);
          expect(row.left, `${where}: ${row.name}`).toBeGreaterThanOrEqual(0);
          expect(row.right, `${where}: ${row.name}`).toBeLessThanOrEqual(width);
          if (row.descriptionWidth !== null) {
            expect(row.descriptionWidth, `${where}: ${row.name}'s description`).toBeGreaterThanOrEqual(180);
          }
        }
      }
    }
  });
});
