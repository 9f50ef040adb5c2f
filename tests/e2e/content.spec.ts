import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Locator, Page } from '@playwright/test';

import { readFactRows } from '../support/facts';
import { benchmarkFactColumns, expectedSpecRows, kindLabel, pairwiseFactColumns } from '../support/facts-tables';
import { expect, gotoHydrated, test } from './fixtures';
import { darkCodeTheme, lightCodeTheme } from '../../src/site/codeThemes';
import { BUILD_DIR } from '../support/static-server.mjs';

const benchmarkFacts = readFactRows('benchmarks');
const pairwiseFacts = readFactRows('mtbench-pairwise');
const modelFacts = readFactRows('models');

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

const expectedBenchmarkRow = (row: Record<string, string>): Cell[] => [
  row.model ?? '',
  kindLabel[row.kind ?? ''] ?? '',
  ...benchmarkFactColumns.map((column) => (row[column] ? Number(row[column]) : null)),
];

const expectedPairwiseRow = (row: Record<string, string>): Cell[] => [
  row.model ?? '',
  row.compared_with ?? '',
  ...pairwiseFactColumns.map((column) => Number(row[column])),
];

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

interface ContentPage {
  route: string;
  h1: string;
  /** The h2 headings the table of contents lists, in order. */
  toc: string[];
}

const modelToc = ['Specifications', 'Benchmarks', 'Serving', 'Things to know'];
const pages: ContentPage[] = [
  { route: '/models/llama', h1: 'Rubra Llama 3', toc: modelToc },
  { route: '/models/gemma', h1: 'Rubra Gemma', toc: modelToc },
  { route: '/models/Mistral', h1: 'Rubra Mistral', toc: modelToc },
  { route: '/models/Phi', h1: 'Rubra Phi-3', toc: modelToc },
  { route: '/models/Qwen', h1: 'Rubra Qwen2', toc: modelToc },
  {
    route: '/inference/llamacpp',
    h1: 'Serve Rubra models with llama.cpp',
    toc: [
      '1. Get the source',
      '2. Build',
      '3. Install the JSON repair helper',
      '4. Download a model',
      '5. Start the server',
      '6. Check the server',
      '7. Call a tool from Python',
      '8. Stream the response',
      'Chat templates',
      'Troubleshooting',
    ],
  },
  {
    route: '/inference/vllm',
    h1: 'Serve Rubra models with vLLM',
    toc: [
      '1. Install',
      '2. Start the server',
      '3. Check the server',
      '4. Call a tool from Python',
      'Run it in a container',
      'Troubleshooting',
    ],
  },
  {
    route: '/inference/transformers',
    h1: 'Use Rubra models with Hugging Face transformers',
    toc: [
      '1. Install',
      '2. How rubra_tools works',
      '3. Call a tool',
      '4. Multi-turn tool use',
      'Qwen2',
      'Troubleshooting',
    ],
  },
  {
    route: '/benchmark',
    h1: 'Benchmarks',
    toc: ['Function calling at a glance', 'All results', 'MT-bench pairwise', 'Methods'],
  },
  {
    route: '/faq',
    h1: 'Frequently asked questions',
    toc: [
      'Who is Rubra for?',
      'Why Rubra rather than plain Llama or Mistral, or fine-tunes such as Hermes Pro and Gorilla?',
      "Mistral 7B Instruct v0.3 already calls tools. Why use Rubra's version?",
      "vLLM already has tool calling. Why use Rubra's fork?",
      'How were the models trained?',
      "Why do the benchmark results differ from the parent models' cards?",
      'How was the training set built?',
    ],
  },
];

const categories = [
  {
    route: '/category/models',
    h1: 'Models',
    children: ['/models/llama', '/models/gemma', '/models/Mistral', '/models/Phi', '/models/Qwen'],
  },
  {
    route: '/category/serving--inferencing',
    h1: 'Serving / Inferencing',
    children: ['/inference/llamacpp', '/inference/vllm', '/inference/transformers'],
  },
];

/** The page's contents: beside the page, or (pages with wide content) a collapsible list, opened. */
async function h2Texts(page: Page): Promise<string[]> {
  const collapsible = page.getByRole('button', { name: 'On this page' });
  if ((await page.locator('.theme-doc-toc-desktop').count()) === 0 && (await collapsible.count()) === 1) {
    await collapsible.click();
  }
  return page
    .locator('.table-of-contents > li > a')
    .evaluateAll((links) => links.map((a) => (a.textContent ?? '').trim()));
}

test.describe('content pages', () => {
  for (const expected of pages) {
    test(`${expected.route} renders its heading and table of contents`, async ({ page }) => {
      await gotoHydrated(page, expected.route);
      await expect(page.locator('article h1')).toHaveText(expected.h1);
      expect(await h2Texts(page)).toEqual(expected.toc);
      const headings = await page
        .locator('article .markdown h2:not(#footnote-label)')
        .evaluateAll((hs) => hs.map((h) => ({ text: (h.textContent ?? '').replace(/\u200b/g, '').trim(), id: h.id })));
      expect(headings.map((h) => h.text)).toEqual(expected.toc);
      expect(headings.every((h) => /^[a-z0-9-]+$/.test(h.id))).toBe(true);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/);
    });
  }

  for (const category of categories) {
    test(`${category.route} lists its pages`, async ({ page }) => {
      await gotoHydrated(page, category.route);
      await expect(page.locator('h1')).toHaveText(category.h1);
      const links = await page
        .locator('article a.card')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      expect(links).toEqual(category.children);
      await expect(page.locator('main header p').first()).not.toBeEmpty();
    });
  }

  test('the sidebar follows the spec: order and labels', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const sidebar = page.locator('nav[aria-label="Docs sidebar"] .theme-doc-sidebar-menu');
    const top = await sidebar
      .locator(':scope > li > div > a, :scope > li > a')
      .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));
    expect(top).toEqual(['Introduction', 'Models', 'Serving / Inferencing', 'Benchmarks', 'FAQ']);
    const nested = async (label: string): Promise<string[]> =>
      sidebar
        .locator(':scope > li', { has: page.getByRole('link', { name: label, exact: true }) })
        .locator('ul a')
        .evaluateAll((as) => as.map((a) => (a.textContent ?? '').trim()));
    expect(await nested('Models')).toEqual(['Llama 3', 'Gemma', 'Mistral', 'Phi 3', 'Qwen 2']);
    expect(await nested('Serving / Inferencing')).toEqual(['llama.cpp', 'vLLM', 'HuggingFace Transformers']);
  });
});

test.describe('tables match the facts, cell by cell', () => {
  test('the benchmark table holds every row in the server HTML, before any script runs', async ({ page }) => {
    const response = await page.request.get('/benchmark');
    const html = await response.text();
    const table = /<table[^>]*data-benchmark-table[^>]*>([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
    expect(table.match(/<tr/g)?.length).toBe(benchmarkFacts.length + 1);
    for (const fact of benchmarkFacts) {
      expect(table).toContain(`>${(fact.model ?? '').replace(/'/g, '&#x27;')}`);
    }
  });

  test('the benchmark page shows every figure of benchmarks.ts and mtbench-pairwise.ts', async ({ page }) => {
    await gotoHydrated(page, '/benchmark');
    expect(await tableBody(page.locator('table[data-benchmark-table]'), 2)).toEqual(
      benchmarkFacts.map(expectedBenchmarkRow),
    );
    expect(await tableBody(page.locator('table[data-mtbench-pairwise]'), 2)).toEqual(
      pairwiseFacts.map(expectedPairwiseRow),
    );
  });

  const families = [...new Set(modelFacts.map((row) => row.family ?? ''))];
  for (const family of families) {
    const rows = modelFacts.filter((row) => row.family === family);
    const route = rows[0]?.page_route ?? '';
    test(`${route} shows the ${family} facts of models.ts, benchmarks.ts and mtbench-pairwise.ts`, async ({ page }) => {
      await gotoHydrated(page, route);
      const specs = await tableBody(page.locator('table[data-model-specs]'), 6);
      expect(specs).toEqual(expectedSpecRows(rows));
      const repos = page.locator('table[data-model-repos] a');
      const hrefs = await repos.evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href));
      expect(hrefs).toEqual(
        rows.flatMap((row) =>
          [row.hf_repo, row.gguf_repo, row.other_repos]
            .filter((repo): repo is string => Boolean(repo))
            .map((repo) => `https://huggingface.co/${repo}`),
        ),
      );
      const benchmarkRows = await tableBody(page.locator('table[data-benchmark-table]'), 2);
      const names = new Set(benchmarkRows.map((row) => row[0]));
      expect(benchmarkRows).toHaveLength(rows.length * 2);
      expect(benchmarkRows).toEqual(
        benchmarkFacts.filter((row) => names.has(row.model ?? '')).map(expectedBenchmarkRow),
      );
      const pairwise = await tableBody(page.locator('table[data-mtbench-pairwise]'), 2);
      expect(pairwise).toHaveLength(rows.length * 2);
      expect(pairwise).toEqual(pairwiseFacts.filter((row) => names.has(row.model ?? '')).map(expectedPairwiseRow));
      const template = rows[0]?.llamacpp_chat_template ?? '';
      await expect(page.locator('article code', { hasText: new RegExp(`^${template}$`) }).first()).toBeVisible();
    });
  }

  test('the llama.cpp guide lists the chat template of every family', async ({ page }) => {
    await gotoHydrated(page, '/inference/llamacpp');
    const rows = await tableBody(page.locator('table[data-chat-templates]'), 3);
    expect(rows).toEqual(
      families.map((family) => {
        const familyRows = modelFacts.filter((row) => row.family === family);
        return [family, familyRows.map((row) => row.model).join(', '), familyRows[0]?.llamacpp_chat_template ?? ''];
      }),
    );
  });
});

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

  test('sorts by every column with the mouse, not measured last', async ({ page }) => {
    await gotoHydrated(page, '/benchmark');
    const labels = await table(page)
      .locator('thead button')
      .evaluateAll((buttons) => buttons.map((b) => (b.textContent ?? '').replace(/[↕↑↓]/g, '').trim()));
    expect(labels).toHaveLength(9);
    for (const [index, label] of labels.entries()) {
      const button = table(page).locator('thead button').nth(index);
      await button.click();
      const first = index < 2 ? 'ascending' : 'descending';
      await expect(header(page, label).first()).toHaveAttribute('aria-sort', first);
      await expect(table(page).locator('th[aria-sort]')).toHaveCount(1);
      if (index >= 2) {
        expectSorted(await column(page, index), first);
      }
      await button.click();
      const second = first === 'ascending' ? 'descending' : 'ascending';
      await expect(header(page, label).first()).toHaveAttribute('aria-sort', second);
      if (index >= 2) {
        expectSorted(await column(page, index), second);
      } else if (index === 0) {
        const names = (await column(page, 0)) as string[];
        expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
      }
    }
  });

  test('sorts with the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/benchmark');
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

  test('filters by kind and by text, with the mouse and the keyboard', async ({ page }) => {
    await gotoHydrated(page, '/benchmark');
    const status = page.getByRole('status').filter({ hasText: 'Showing' });
    await expect(status).toHaveText(`Showing ${benchmarkFacts.length} of ${benchmarkFacts.length} models.`);
    for (const label of ['Base', 'Other open models', 'Closed models']) {
      await page.getByRole('checkbox', { name: label }).click();
    }
    const rubra = benchmarkFacts.filter((row) => row.kind === 'rubra');
    await expect(status).toHaveText(`Showing ${rubra.length} of ${benchmarkFacts.length} models.`);
    expect(await column(page, 0)).toEqual(rubra.map((row) => row.model));

    const closed = page.getByRole('checkbox', { name: 'Closed models' });
    await closed.focus();
    await page.keyboard.press('Space');
    await expect(closed).toBeChecked();
    const shown = benchmarkFacts.filter((row) => row.kind === 'rubra' || row.kind === 'closed');
    expect(await column(page, 0)).toEqual(shown.map((row) => row.model));

    const search = page.getByRole('searchbox', { name: 'Model name contains' });
    await search.focus();
    await page.keyboard.type('llama-3');
    const matching = shown.filter((row) => row.model?.toLowerCase().includes('llama-3'));
    expect(matching.length).toBeGreaterThan(0);
    await expect(table(page).locator('tbody tr')).toHaveCount(matching.length);
    expect(await column(page, 0)).toEqual(matching.map((row) => row.model));
    await search.fill('no such model');
    await expect(table(page).locator('tbody tr')).toHaveCount(0);
    await expect(status).toHaveText(`Showing 0 of ${benchmarkFacts.length} models.`);
  });

  test('at 1280 px every column shows without scrolling sideways, and the header row stays in view', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await gotoHydrated(page, '/benchmark');
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

  test('at 390 px the table scrolls sideways with the model column fixed, and keeps its header row', async ({
    page,
  }) => {
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

  test('marks models that do not accept tool observations and links the footnote', async ({ page }) => {
    await gotoHydrated(page, '/benchmark');
    const marked = await table(page)
      .locator('tbody th', { has: page.locator('sup a[href="#benchmark-note-tool-observations"]') })
      .evaluateAll((ths) => ths.map((th) => th.firstChild?.textContent ?? ''));
    expect(marked).toEqual(
      benchmarkFacts.filter((row) => row.note?.startsWith('does not accept tool observations')).map((row) => row.model),
    );
    await expect(page.locator('#benchmark-note-tool-observations')).toContainText('∔');
    const notes = await page.locator('ol li[id^="benchmark-note-"]').allTextContents();
    expect(notes).toEqual([...new Set(benchmarkFacts.map((row) => row.note).filter(Boolean))]);
  });
});

test.describe('guides', () => {
  test('a platform tab choice carries across pages and reloads', async ({ page }) => {
    await gotoHydrated(page, '/inference/llamacpp');
    const cuda = page.getByRole('tab', { name: 'NVIDIA CUDA' }).first();
    await expect(page.getByRole('tab', { name: 'macOS' }).first()).toHaveAttribute('aria-selected', 'true');
    await cuda.click();
    await expect(cuda).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('make LLAMA_CUDA=1')).toBeVisible();

    await gotoHydrated(page, '/inference/vllm');
    await expect(page.getByRole('tab', { name: 'NVIDIA CUDA' }).first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('export CUDA_HOME=/usr/local/cuda')).toBeVisible();
    await page.getByRole('tab', { name: 'macOS' }).first().click();

    await gotoHydrated(page, '/inference/llamacpp');
    await expect(page.getByRole('tab', { name: 'macOS' }).first()).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('make LLAMA_CUDA=1')).toBeHidden();
  });

  test('code blocks carry titles, and the Dockerfile is highlighted as docker', async ({ page }) => {
    await gotoHydrated(page, '/inference/vllm');
    const dockerfile = page.locator('.theme-code-block', { has: page.getByText('Dockerfile', { exact: true }) });
    await expect(dockerfile).toHaveCount(1);
    await expect(dockerfile.locator('pre')).toHaveClass(/language-docker/);
    expect(await dockerfile.locator('.token').count()).toBeGreaterThan(10);
    const titles = await page.locator('.theme-code-block [class*="codeBlockTitle"]').allTextContents();
    expect(titles).toContain('Build and run the image');
  });

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

  test('the FAQ hides the function definitions in a details block and shows both outputs in tabs', async ({ page }) => {
    await gotoHydrated(page, '/faq');
    const details = page.locator('details', { hasText: 'The three function definitions' });
    await expect(details.getByText('"name": "count"')).toBeHidden();
    await details.locator('summary').click();
    await expect(details.getByText('"name": "count"')).toBeVisible();
    await page.getByRole('tab', { name: 'Rubra Mistral 7B Instruct v0.3' }).click();
    await expect(page.getByRole('tabpanel').filter({ hasText: '422' })).toBeVisible();
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
