import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { readFactRows } from '../support/facts';
import { benchmarkFactColumns } from '../support/facts-tables';
import { expect, gotoHydrated, test } from './fixtures';
import { darkCodeTheme, lightCodeTheme } from '../../src/site/codeThemes';
import { BUILD_DIR } from '../support/static-server.mjs';

const benchmarkFacts = readFactRows('benchmarks');

type Cell = string | number | null;

/** The colour a code theme gives a token type: the last of its styles that names the type. */
function themeColour(theme: typeof lightCodeTheme, type: string): string {
  const entry = theme.styles.filter((style) => style.types.includes(type) && style.style.color).at(-1);
  return entry?.style.color ?? '';
}

/** A colour as the browser computes it: `#rrggbb` becomes `rgb(r, g, b)`. */
const rgb = (colour: string): string =>
  colour.startsWith('#')
    ? `rgb(${[1, 3, 5].map((start) => parseInt(colour.slice(start, start + 2), 16)).join(', ')})`
    : colour;

/**
 * The body cells of a table as a reader sees them: footnote markers dropped, an
 * em dash read as "not measured" (null), figures as numbers after `textColumns`.
 */
async function tableBody(table: Locator, textColumns: number): Promise<Cell[][]> {
  const rows = await table.locator('tbody tr').evaluateAll((trs) =>
    trs.map((tr) =>
      [...tr.querySelectorAll('th, td')].map((cell) => {
        const copy = cell.cloneNode(true) as HTMLElement;
        copy.querySelectorAll('sup').forEach((sup) => sup.remove());
        return (copy.textContent ?? '').trim();
      }),
    ),
  );
  return rows.map((cells) =>
    cells.map((text, index) => {
      if (index < textColumns) {
        return text;
      }
      if (text === '—not measured') {
        return null;
      }
      const value = Number(text.replace(/,/g, ''));
      if (Number.isNaN(value)) {
        throw new Error(`A figure cell reads "${text}"`);
      }
      return value;
    }),
  );
}

test.describe('the benchmark table', () => {
  const table = (page: Page): Locator => page.locator('table[data-benchmark-table]');
  const header = (page: Page, name: string): Locator =>
    table(page).locator('thead th', { has: page.getByRole('button', { name, exact: true }) });
  const column = async (page: Page, index: number): Promise<Cell[]> =>
    (await tableBody(table(page), 2)).map((row) => row[index] ?? null);

  const expectSorted = (values: Cell[], direction: 'ascending' | 'descending'): void => {
    const firstNull = values.indexOf(null);
    const measured = (firstNull === -1 ? values : values.slice(0, firstNull)) as number[];
    expect(
      values.slice(measured.length).every((value) => value === null),
      'not measured goes last',
    ).toBe(true);
    expect(measured).toEqual([...measured].sort((a, b) => (direction === 'ascending' ? a - b : b - a)));
  };

  test('at 1280 px every column shows without scrolling sideways and the header row stays in view; it sorts with the keyboard; at 390 px it scrolls sideways with the model column fixed, and keeps its header row', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, '/benchmark');
    await test.step('at 1280 px', async () => {
      const region = page.getByRole('region', { name: 'Benchmark results' });
      const fits = await region.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, 'the table fits its column').toBe(true);
      const regionBox = await region.boundingBox();
      const headers = table(page).locator('thead th');
      await expect(headers).toHaveCount(2 + benchmarkFactColumns.length);
      for (const cell of await headers.all()) {
        const cellBox = await cell.boundingBox();
        expect((cellBox?.x ?? 0) + (cellBox?.width ?? 0), await cell.innerText()).toBeLessThanOrEqual(
          (regionBox?.x ?? 0) + (regionBox?.width ?? 0) + 1,
        );
      }
      // The contents list leaves the side of the page for a collapsible list at its top.
      await expect(page.locator('.theme-doc-toc-desktop')).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'On this page' })).toBeVisible();

      // Model names take one or two lines.
      const lines = await table(page)
        .locator('tbody th')
        .evaluateAll((cells) =>
          cells.map((cell) => {
            // The name's own text, without the raised footnote marks.
            const tops = new Set<number>();
            const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              if (node.parentElement?.closest('sup')) {
                continue;
              }
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const rect of range.getClientRects()) {
                tops.add(Math.round(rect.top));
              }
            }
            return { name: cell.textContent, lines: tops.size };
          }),
        );
      expect(lines.filter((row) => row.lines > 2)).toEqual([]);

      // Scrolled to the middle of the rows, the header row sits under the navbar.
      const navbarHeight = (await page.locator('nav.navbar').boundingBox())?.height ?? 0;
      await table(page)
        .locator('tbody tr')
        .nth(Math.floor(benchmarkFacts.length / 2))
        .evaluate((row) => row.scrollIntoView({ block: 'center' }));
      // The page scrolls smoothly: wait until it has settled with the table's top gone.
      await expect.poll(async () => (await table(page).boundingBox())?.y ?? 0).toBeLessThan(navbarHeight - 200);
      await expect
        .poll(
          async () => Math.abs(((await table(page).locator('thead th').first().boundingBox())?.y ?? 0) - navbarHeight),
          {
            message: 'the header row under the navbar',
          },
        )
        .toBeLessThanOrEqual(1);
    });

    await test.step('sorts with the keyboard', async () => {
      const button = page.getByRole('button', { name: /^Function calling/ });
      await button.focus();
      await page.keyboard.press('Enter');
      await expect(header(page, 'Function calling')).toHaveAttribute('aria-sort', 'descending');
      const values = await column(page, 3);
      expectSorted(values, 'descending');
      expect(values[0]).toBe(98.57);
      await page.keyboard.press('Space');
      await expect(table(page).locator('th[aria-sort="ascending"]')).toContainText('Function calling');
      expectSorted(await column(page, 3), 'ascending');
      await page.keyboard.press('Shift+Tab');
      await page.keyboard.press('Enter');
      await expect(table(page).locator('th[aria-sort="descending"]')).toContainText('Params (B)');
    });

    await test.step('at 390 px', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await gotoHydrated(page, '/benchmark');
      const region = page.getByRole('region', { name: 'Benchmark results' });
      const firstColumn = table(page).locator('tbody tr').first().locator('th');
      const lastColumn = table(page).locator('tbody tr').first().locator('td').last();
      const before = { first: await firstColumn.boundingBox(), last: await lastColumn.boundingBox() };
      const scrolled = await region.evaluate((element) => {
        element.scrollLeft = 200;
        return element.scrollLeft;
      });
      expect(scrolled, 'the table scrolls sideways').toBeGreaterThan(0);
      await expect
        .poll(async () => (await lastColumn.boundingBox())?.x)
        .toBeLessThan((before.last?.x ?? 0) - scrolled + 1);
      expect(Math.abs(((await firstColumn.boundingBox())?.x ?? 0) - (before.first?.x ?? 0))).toBeLessThanOrEqual(1);
      const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(pageOverflow, 'the page itself does not scroll sideways').toBeLessThanOrEqual(0);

      // Scrolling the rows keeps the header row at the top of the table's box.
      const regionTop = (await region.boundingBox())?.y ?? 0;
      const rowsScrolled = await region.evaluate((element) => {
        element.scrollTop = 300;
        return element.scrollTop;
      });
      expect(rowsScrolled, 'the rows scroll inside the box').toBeGreaterThan(0);
      await expect
        .poll(async () => Math.abs(((await table(page).locator('thead th').first().boundingBox())?.y ?? 0) - regionTop))
        .toBeLessThanOrEqual(1);
    });
  });
});

test.describe('guides', () => {
  test('code arrives highlighted: tokens take the code theme of each mode, and no Prism reaches the browser', async ({
    page,
  }) => {
    const scripts: Promise<string>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        scripts.push(response.text());
      }
    });
    for (const [mode, theme] of [
      ['light', lightCodeTheme],
      ['dark', darkCodeTheme],
    ] as const) {
      await gotoHydrated(page, `/inference/vllm?docusaurus-theme=${mode}`);
      const keyword = page
        .locator('.theme-code-block', { has: page.getByText('Dockerfile', { exact: true }) })
        .locator('.token.keyword')
        .first();
      await expect(keyword).toHaveCSS('color', rgb(themeColour(theme, 'keyword')));
      await expect(page.locator('.theme-code-block pre').first()).toHaveCSS(
        'background-color',
        rgb(theme.plain.backgroundColor ?? ''),
      );
    }
    await gotoHydrated(page, '/api/create-run');
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(5);
    // Prism's core names its tokenizer hooks; no script the site serves holds them.
    expect(bodies.filter((body) => body.includes('before-tokenize'))).toEqual([]);
  });

  test('nor do its settings: no script of the build holds a colour of the code themes or themeConfig.prism', () => {
    const folder = join(BUILD_DIR, 'assets', 'js');
    const scripts = readdirSync(folder)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(folder, file), 'utf8'));
    const colours = [lightCodeTheme, darkCodeTheme]
      .flatMap((theme) => [
        theme.plain.color,
        theme.plain.backgroundColor,
        ...theme.styles.map((entry) => entry.style.color),
      ])
      .filter((colour): colour is string => colour !== undefined);
    expect(scripts.length).toBeGreaterThan(5);
    expect(colours.length).toBeGreaterThan(10);
    expect(colours.filter((colour) => scripts.some((script) => script.includes(colour)))).toEqual([]);
    expect(scripts.filter((script) => script.includes('additionalLanguages'))).toEqual([]);
  });

  test('the chart draws in both colour modes with readable text and a text alternative', async ({ page }) => {
    for (const theme of ['light', 'dark'] as const) {
      await gotoHydrated(page, `/benchmark?docusaurus-theme=${theme}`);
      await expect(page.locator('html')).toHaveAttribute('data-theme', theme);
      const chart = page.locator('svg[data-benchmark-chart]');
      await expect(chart).toHaveAttribute('role', 'img');
      await expect(chart.locator('desc')).toContainText('Rubra Llama-3 70B Instruct');
      const contrast = await chart.evaluate((svg) => {
        const parse = (color: string): number[] => (color.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number);
        const luminance = ([r = 0, g = 0, b = 0]: number[]): number => {
          const channel = (v: number): number => {
            const c = v / 255;
            return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
          };
          return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
        };
        // The first opaque background behind the chart; the page itself is white when none is set.
        let background = [255, 255, 255];
        for (let node: Element | null = svg; node; node = node.parentElement) {
          const color = getComputedStyle(node).backgroundColor;
          if (!/rgba\(.*,\s*0\)$/.test(color) && color !== 'transparent') {
            background = parse(color);
            break;
          }
        }
        const text = svg.querySelector('text[text-anchor="end"]');
        const fill = parse(text ? getComputedStyle(text).fill : '');
        const [light, dark] = [luminance(background), luminance(fill)].sort((a, b) => b - a) as [number, number];
        return (light + 0.05) / (dark + 0.05);
      });
      expect(contrast, `${theme} mode`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
