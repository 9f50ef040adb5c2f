import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

import { recordVisit } from '../../scripts/bench/visit';
import { benchmarks, mtBenchPairwise, scoreColumns } from '../../src/data/benchmarks';
import { FactError, readFacts } from '../../src/data/facts';
import { tableModels } from '../../src/shared/tables';
import { formatScore } from '../../src/shared/tables/format';
import { BUILD_DIR, startStaticHost, type StaticHost } from '../support/static-server.mjs';
import { expect, test } from './fixtures';
import { sitemapRoutes } from './site';

// The static tables are markup in their pages: the figures ship in the chunks of the
// page that shows them (its content and its tables' markup, src/plugins/static-tables)
// and nowhere else, and the facts, their schema check, the table models and their
// renderer ship to /benchmark only, whose sortable table needs them. Every built chunk
// is read, and every page's first load is recorded: a chunk that holds figures must
// be one page's own.

/** The page whose sortable table keeps the facts and the renderer in the browser. */
const BENCHMARK_PAGE = '/benchmark';

/** A figure as the facts hold it or as the tables write it, never part of a longer number. */
const figurePattern = (value: number): string =>
  `(?<![\\d.])(?:${[...new Set([String(value), formatScore(value)])].map((text) => text.replace('.', '\\.')).join('|')})(?![\\d])`;

/** How far apart two figures of a row may be, in characters, in the data or in the markup. */
const ROW_SPAN = 400;

/**
 * A pattern per pair of neighbouring figures with a decimal part in a row of the
 * benchmark facts, in the row's order and close together: the facts and a table's
 * markup hold them so, and a number elsewhere that happens to read like one figure does not.
 */
const rowPatterns = [
  ...benchmarks.map((row) => scoreColumns.map((column) => row[column.key])),
  ...mtBenchPairwise.map((row) => [row.winRate, row.lossRate, row.adjustedWinRate]),
].flatMap((values) => {
  const decimals = values.filter((value): value is number => typeof value === 'number' && !Number.isInteger(value));
  return decimals.flatMap((next, index) => {
    const previous = decimals[index - 1];
    return previous === undefined
      ? []
      : [new RegExp(`${figurePattern(previous)}[^]{1,${ROW_SPAN}}?${figurePattern(next)}`)];
  });
});

/** The schema check's message for a file without rows, without the file's name. */
const schemaMarker = (() => {
  try {
    readFacts('none.ts', [], {});
  } catch (error) {
    if (error instanceof FactError) return error.message.replace(/^[^:]*: /, '');
  }
  throw new Error('the schema check accepts a file without rows');
})();

/** What the table models carry and no page's text does: the files their figures come from. */
const modelMarkers = [...new Set(tableModels.map((model) => model.source))];

/**
 * The fields of a column that only the renderers read (the alignment of a heading, the
 * attributes of a row), which minification keeps as property names.
 */
const rendererMarkers = ['headingAlign', 'rowAttributes'];

const chunkDir = join(BUILD_DIR, 'assets', 'js');
const chunks = readdirSync(chunkDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, text: readFileSync(join(chunkDir, name), 'utf8') }));

/** How many pairs of a row's figures a chunk holds. */
const figureCount = (text: string) => rowPatterns.filter((pattern) => pattern.test(text)).length;
const codeMarkers = (text: string) =>
  [schemaMarker, ...modelMarkers, ...rendererMarkers].filter((marker) => text.includes(marker));

let host: StaticHost;
test.beforeAll(async () => {
  host = await startStaticHost();
});
test.afterAll(async () => {
  await host.close();
});

test('no chunk but a page’s own holds a figure, and none outside /benchmark the facts or the table code', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  expect(rowPatterns.length, 'pairs of figures read from the facts').toBeGreaterThan(10);

  // Which pages load each chunk on their first load.
  const loadedBy = new Map<string, string[]>();
  for (const route of sitemapRoutes()) {
    const context = await browser.newContext();
    const visit = await recordVisit(await context.newPage(), host.origin + route, 0);
    await context.close();
    for (const file of visit.fetched.filter((fetched) => fetched.phase === 'load')) {
      const name = new URL(file.url).pathname.split('/').pop() ?? '';
      loadedBy.set(name, [...(loadedBy.get(name) ?? []), route]);
    }
  }

  const strays: string[] = [];
  let benchmarkCode = 0;
  let pageFigures = 0;
  for (const { name, text } of chunks) {
    const pages = loadedBy.get(name) ?? [];
    const held = figureCount(text);
    if (held > 0) {
      pageFigures += 1;
      if (pages.length !== 1) {
        strays.push(
          `${name} holds ${held} pairs of a row's figures and is the first load of ${pages.length} pages: ${pages.join(', ')}`,
        );
      }
    }
    const markers = codeMarkers(text);
    if (markers.length > 0) {
      if (pages.length === 0 || pages.some((page) => page !== BENCHMARK_PAGE)) {
        strays.push(`${name} holds ${markers.join(', ')} and is the first load of ${pages.join(', ') || 'no page'}`);
      } else {
        benchmarkCode += 1;
      }
    }
  }
  expect(strays).toEqual([]);
  // The markers find what they look for: the benchmark page's table and the pages' figures.
  expect(benchmarkCode, `${BENCHMARK_PAGE} loads the facts and the table code`).toBeGreaterThan(0);
  expect(pageFigures, 'chunks of pages with figures').toBeGreaterThan(1);
});
