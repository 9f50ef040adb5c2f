import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Request } from '@playwright/test';

import { benchmarks, mtBenchPairwise, scoreColumns } from '../../src/data/benchmarks';
import { readFacts } from '../../src/data/facts';
import { tableModels } from '../../src/shared/tables';
import { formatScore } from '../../src/shared/tables/format';
import { BUILD_DIR } from '../support/static-server.mjs';
import { eachAtOnce, expect, test } from './fixtures';
import { sitemapRoutes } from './site';

// What each page fetches as a reader first opens it: every page is visited once, with no
// cache, until its load event (by which the site's runtime has asked for the route's chunks it
// hydrates with), and the scripts it asked for are read from the build.
//
// The static tables are markup in their pages: the figures ship in the chunks of the
// page that shows them (its content and its tables' markup, src/plugins/static-tables)
// and nowhere else, and the facts, their schema check, the table models and their
// renderer ship to /benchmark only, whose sortable table needs them: a chunk that holds
// figures must be one page's own.
//
// The API reference's code (schema trees, samples, the Try it button) stays light: an API
// page loads at most API_JS_BUDGET more gzipped JavaScript than a doc page.

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
    if (error instanceof Error) return error.message.replace(/^[^:]*: /, '');
  }
  throw new Error('the schema check accepts a file without rows');
})();

/** What the table models carry and no page's text does: the files their figures come from. */
const modelMarkers = [...new Set(tableModels.map((model) => model.source))];

/**
 * The fields of a column that only the renderers read (a bulleted list of items, the
 * attributes of a row), which minification keeps as property names.
 */
const rendererMarkers = ['bulleted', 'rowAttributes'];

/** How much more JavaScript, gzipped, an API page may load than a doc page. */
const API_JS_BUDGET = 30 * 1024;
/** The doc page the API pages are weighed against. */
const DOC_PAGE = '/';

const chunkDir = join(BUILD_DIR, 'assets', 'js');
const chunks = readdirSync(chunkDir)
  .filter((name) => name.endsWith('.js'))
  .map((name) => ({ name, text: readFileSync(join(chunkDir, name), 'utf8') }));

/** How many pairs of a row's figures a chunk holds. */
const figureCount = (text: string) => rowPatterns.filter((pattern) => pattern.test(text)).length;
const codeMarkers = (text: string) =>
  [schemaMarker, ...modelMarkers, ...rendererMarkers].filter((marker) => text.includes(marker));

/** A built script's gzipped size, by its URL path. */
const gzipBytes = (pathname: string) => gzipSync(readFileSync(join(BUILD_DIR, pathname))).length;

test('first loads: no chunk but a page’s own holds a figure, none outside /benchmark the facts or the table code, and an API page stays within its JavaScript budget', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  expect(rowPatterns.length, 'pairs of figures read from the facts').toBeGreaterThan(10);

  // The scripts each page asks for on its first load, by URL path.
  const scriptsOf = new Map<string, Set<string>>();
  // Four pages at a time, each visiting its share of the routes with the browser's cache off,
  // so that every visit asks the server for all it loads: a visit waits on the server as much
  // as it computes, and a page that stays open saves starting a browser process per visit.
  const lanes = await Promise.all(
    Array.from({ length: 4 }, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const devtools = await context.newCDPSession(page);
      await devtools.send('Network.enable');
      await devtools.send('Network.setCacheDisabled', { cacheDisabled: true });
      return page;
    }),
  );
  await eachAtOnce(sitemapRoutes(), lanes.length, async (route) => {
    const page = lanes.pop();
    if (!page) throw new Error('more visits at once than pages');
    const scripts = new Set<string>();
    const record = (request: Request) => {
      if (request.resourceType() === 'script') scripts.add(new URL(request.url()).pathname);
    };
    page.on('request', record);
    await page.goto(`${baseURL}${route}`);
    page.off('request', record);
    scriptsOf.set(route, scripts);
    lanes.push(page);
  });
  await Promise.all(lanes.map((page) => page.context().close()));
  const loadedBy = new Map<string, string[]>();
  for (const [route, scripts] of scriptsOf) {
    for (const script of scripts) {
      const name = script.split('/').pop() ?? '';
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

  const jsBytes = (route: string) =>
    [...(scriptsOf.get(route) ?? [])].reduce((sum, script) => sum + gzipBytes(script), 0);
  const docPage = jsBytes(DOC_PAGE);
  const [heaviestRoute, heaviest] = [...scriptsOf.keys()]
    .filter((route) => route === '/api' || route.startsWith('/api/'))
    .map((route) => [route, jsBytes(route)] as const)
    .sort((a, b) => b[1] - a[1])[0] ?? ['no API page', 0];
  test.info().annotations.push({
    type: 'js-gzip-bytes',
    description: `doc page ${DOC_PAGE} ${docPage}; heaviest API page ${heaviestRoute} ${heaviest}`,
  });
  expect(docPage).toBeGreaterThan(0);
  expect(heaviest - docPage, `${heaviestRoute} against ${DOC_PAGE}`).toBeLessThanOrEqual(API_JS_BUDGET);
});
