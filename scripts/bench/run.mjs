// npm run bench: what a reader waits for, measured on the production build.
//   node scripts/bench/run.mjs [--reference DIR] [--only build,pages,lighthouse,search,console,relevance,scale] [--skip ...]
//                          [--pages home,model,...]
//   --reference DIR  bench another build folder in the same run, side by side (interleaved)
//   --pages          page types to visit (ids in scripts/bench/pages.ts; default all)
//   --queries FILE   the relevance part asks the queries of FILE (the format of search-queries.json)
//                    instead of both sets, search-queries.json and search-queries-readers.json
//   BENCH_BUILD_DIR  the build to measure (default build/, rebuilt cold by the build part)
//   BENCH_RUNS       Lighthouse and search runs (default 5); figures are medians
//   BENCH_PAGES, BENCH_OPERATIONS  size of the scale variant (default 2000 and 300)
// It prints Markdown tables and writes them, with the raw figures, to bench-report/.
// A benchmark, not a test: it reports and never fails on a figure (the budgets'
// test does, in the suite).
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import createJiti from 'jiti';

import { coldBuild } from './build-time.mjs';
import { FIGURES, launchLighthouseChrome, PRESETS, runLighthouse, summariseRuns } from './lighthouse.mjs';
import { measureConsole, measureIntent, measureSearch } from './measure.mjs';
import { checkExpectedPages, devEngine, mcpEngine, readQueries, siteEngine } from './relevance-engines.mjs';
import { directorySize, runScale } from './scale.mjs';
import { startStaticHost } from '../../tests/support/static-server.mjs';
import { launchChromium } from '../chromium.mjs';

/** @typedef {import('./lighthouse.mjs').LighthouseRun} LighthouseRun */

// The parts, in the order they run.
/** @type {Record<string, () => Promise<unknown>>} */
const steps = {
  build: benchBuild,
  pages: benchPages,
  lighthouse: benchLighthouse,
  search: benchSearch,
  console: benchConsole,
  relevance: benchRelevance,
  scale: benchScale,
};
const PARTS = Object.keys(steps);
const QUERIES = ['llama', 'enhanced', 'quantization', 'assistants', 'vllm', 'benchmark', 'license'];

const { values: args } = parseArgs({
  options: {
    reference: { type: 'string' },
    only: { type: 'string' },
    skip: { type: 'string' },
    pages: { type: 'string' },
    queries: { type: 'string' },
  },
});
/**
 * The values of a comma-separated option, each one of `known`.
 * @param {string | undefined} value
 * @param {string} what
 * @param {readonly string[]} known
 */
function listOption(value, what, known) {
  const values = value ? value.split(',').map((part) => part.trim()) : [];
  for (const item of values) {
    if (!known.includes(item)) throw new Error(`unknown ${what} "${item}": choose from ${known.join(', ')}`);
  }
  return values;
}
const only = listOption(args.only, 'part', PARTS);
const skip = listOption(args.skip, 'part', PARTS);
const parts = new Set((args.only ? only : PARTS).filter((part) => !skip.includes(part)));

const root = process.cwd();
const runs = Number(process.env.BENCH_RUNS ?? 5);
const jiti = createJiti(import.meta.url);
/** @type {typeof import('./pages')} */
const { PAGE_TYPES: ALL_PAGE_TYPES, buildPaths, resolvePagePath } = jiti('./pages.ts');
const pageIds = listOption(
  args.pages,
  'page type',
  ALL_PAGE_TYPES.map((type) => type.id),
);
const PAGE_TYPES = ALL_PAGE_TYPES.filter((type) => !args.pages || pageIds.includes(type.id));
/** @type {typeof import('./budgets')} */
const { BUDGET_KINDS, BUDGET_LABELS, budgetFigures, checkBudgets, CONSOLE_BUDGET_KB, formatKB } = jiti('./budgets.ts');
/** @type {typeof import('./visit')} */
const { recordVisit } = jiti('./visit.ts');
/** @type {typeof import('./weight')} */
const { KINDS, tally } = jiti('./weight.ts');
/** @type {typeof import('./relevance')} */
const { formatScores, QUERY_CLASSES, sameFirstPageShare, scoreEngine } = jiti('./relevance.ts');
/** @type {typeof import('../../src/shared/tables/markdown')} */
const { markdownTable } = jiti('../../src/shared/tables/markdown.ts');

const thisSite = { name: 'this site', dir: path.resolve(process.env.BENCH_BUILD_DIR ?? 'build') };
const reference = args.reference ? { name: 'reference', dir: path.resolve(args.reference) } : null;
const sites = reference ? [thisSite, reference] : [thisSite];

const kb = (/** @type {number | null | undefined} */ bytes) => (bytes == null ? '–' : (bytes / 1024).toFixed(1));
const mb = (/** @type {number} */ bytes) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const ms = (/** @type {number} */ value) => `${value.toFixed(0)} ms`;
const table = (/** @type {string[]} */ header, /** @type {string[][]} */ rows) => markdownTable({ header, rows });
/**
 * One cell, side by side when a reference is benched: "this / reference".
 * @template V
 * @param {readonly (V | null | undefined)[]} values
 * @param {(value: V) => string} format
 */
const cell = (values, format) => values.map((value) => (value == null ? '–' : format(value))).join(' / ');

/**
 * A row of figures: its label, the figure of each site side by side, and its goal.
 * @template {string} K
 * @param {string} label
 * @param {readonly (Record<K, number> | null)[]} figures
 * @param {K} key
 * @param {(value: number) => string} format
 */
const figureRow = (label, figures, key, format, goal = '') => [
  label,
  cell(
    figures.map((f) => f?.[key]),
    format,
  ),
  goal,
];

const date = new Date().toISOString();
const markdown = [
  `# Bench, ${date.slice(0, 16).replace('T', ' ')} UTC`,
  reference
    ? `Cells read "this site / reference" (${path.relative(root, reference.dir) || reference.dir}); – means the page type is absent there.`
    : `Site: ${path.relative(root, thisSite.dir)}.`,
  'Sizes in KiB (1 KiB = 1,024 bytes). A "gzip" size is the file as fetched, gzipped at level 9 (scripts/bench/weight.ts), each file counted once.',
];
const section = (/** @type {string} */ text) => {
  console.log(`\n${text}`);
  markdown.push(text);
};

async function benchBuild() {
  const builds = [];
  for (const site of sites) {
    // Only a site's own build/ folder, beside the node_modules that can build it, is rebuilt.
    const siteDir = path.dirname(site.dir);
    const buildable =
      path.basename(site.dir) === 'build' && existsSync(path.join(siteDir, 'node_modules', '.bin', 'docusaurus'));
    if (buildable) console.log(`Cold build of ${site.name} (${siteDir})…`);
    builds.push(buildable ? await coldBuild(siteDir) : null);
  }
  const row = [
    'cold build',
    cell(
      builds.map((b) => b?.seconds),
      (s) => `${s.toFixed(1)} s`,
    ),
    cell(
      builds.map((b) => b?.peakBytes),
      mb,
    ),
    cell(await Promise.all(sites.map((site) => (existsSync(site.dir) ? directorySize(site.dir) : null))), mb),
  ];
  section(
    `## Build (after docusaurus clear)\n\n${table(['', 'wall time', 'peak RSS (process tree)', 'output'], [row])}`,
  );
  return builds;
}

/** Each page type and its path on each site: the page itself, a fallback, or null when absent. */
function resolvePages() {
  return PAGE_TYPES.map((type) => ({
    type,
    paths: sites.map((site) =>
      resolvePagePath(type, (file) => buildPaths(file).some((candidate) => existsSync(path.join(site.dir, candidate)))),
    ),
  }));
}

/**
 * Serves every site while `work` runs, with the origin of each.
 * @template T
 * @param {(origins: string[]) => Promise<T>} work
 */
async function withServers(work) {
  const servers = await Promise.all(sites.map((site) => startStaticHost({ root: site.dir, gzip: true })));
  try {
    return await work(servers.map((server) => server.origin));
  } finally {
    await Promise.all(servers.map((server) => server.close()));
  }
}

/**
 * Measures, one after another, each served site that holds `file`; null for one that does not.
 * @template T
 * @param {string} file
 * @param {(origin: string, site: (typeof sites)[number]) => Promise<T>} measure
 */
function eachServedSite(file, measure) {
  return withServers(async (origins) => {
    /** @type {(T | null)[]} */
    const figures = [];
    for (const [index, site] of sites.entries()) {
      figures.push(existsSync(path.join(site.dir, file)) ? await measure(origins[index] ?? '', site) : null);
    }
    return figures;
  });
}

async function benchPages() {
  const pages = resolvePages();
  const browser = await launchChromium();
  try {
    return await withServers(async (origins) => {
      const urls = pages.map((page) => page.paths.map((pagePath, site) => pagePath && `${origins[site]}${pagePath}`));
      const visits = new Map();
      // Five visits at a time: each spends most of its time in the 10 s after load.
      const queue = urls.flat().filter((url) => url !== null);
      console.log(`Page weight: ${queue.length} visits of load + 10 s…`);
      const worker = async () => {
        for (let url = queue.shift(); url; url = queue.shift()) {
          const context = await browser.newContext();
          const { status, fetched } = await recordVisit(await context.newPage(), url);
          await context.close();
          visits.set(url, {
            weights: { status, load: tally(fetched, 'load'), afterLoad: tally(fetched, 'afterLoad') },
            fetched: fetched.map(({ url, ...file }) => ({ path: new URL(url).pathname, ...file })),
          });
        }
      };
      await Promise.all(Array.from({ length: 5 }, worker));

      const pageReports = pages.map((page, index) => {
        const results = urls[index]?.map((url) => (url ? visits.get(url) : undefined)) ?? [];
        const weights = results.map((result) => result?.weights ?? null);
        const w = weights[0];
        return {
          id: page.type.id,
          paths: page.paths,
          weights,
          fetched: results.map((result) => result?.fetched ?? null),
          budgets: w ? checkBudgets(page.type.id, budgetFigures(w.load, w.afterLoad)) : undefined,
        };
      });
      const weightRows = pageReports.map((page, index) => [
        `${pages[index]?.type.label} \`${page.paths[0]}\``,
        ...KINDS.filter((k) => k !== 'other').map((kind) =>
          cell(page.weights, (w) => `${kb(w.load[kind].gzip)} (${kb(w.load[kind].raw)})`),
        ),
        cell(page.weights, (w) => String(w.load.total.count)),
        cell(page.weights, (w) => `${kb(w.afterLoad.total.gzip)} (${w.afterLoad.total.count})`),
        cell(page.weights, (w) => kb(w.load.total.gzip + w.afterLoad.total.gzip)),
      ]);
      section(
        `## Page weight, first visit with prefetching on\n\nKiB gzip (raw in parentheses) fetched before \`load\`, then in the 10 s after it (requests in parentheses), and the whole visit.\n\n${table(
          ['page', 'JS', 'CSS', 'HTML', 'fonts', 'images', 'requests', 'after load', 'visit'],
          weightRows,
        )}`,
      );
      const budgetRows = pageReports.map((page, index) => [
        pages[index]?.type.label ?? '',
        ...(page.budgets?.map((c) => `${formatKB(c.bytes)} / ${formatKB(c.budget)} ${c.ok ? 'ok' : '**over**'}`) ??
          BUDGET_KINDS.map(() => '–')),
      ]);
      section(
        `## Byte budgets (this site; scripts/bench/budgets.ts)\n\nFigure / budget, KiB gzip.\n\n${table(
          ['page', ...BUDGET_KINDS.map((kind) => BUDGET_LABELS[kind])],
          budgetRows,
        )}`,
      );
      return pageReports;
    });
  } finally {
    await browser.close();
  }
}

async function benchLighthouse() {
  const pages = resolvePages();
  const chrome = await launchLighthouseChrome();
  try {
    return await withServers(async (origins) => {
      // Each preset's runs of each page on each site.
      const samples = PRESETS.map(() => pages.map(() => sites.map(() => /** @type {LighthouseRun[]} */ ([]))));
      const total = runs * PRESETS.length * pages.flatMap((page) => page.paths.filter(Boolean)).length;
      let done = 0;
      // Interleaved: each run visits every preset, page and site once, so drift in the
      // machine's load hits all of them alike.
      for (let run = 0; run < runs; run += 1) {
        for (const [p, preset] of PRESETS.entries()) {
          for (const [index, page] of pages.entries()) {
            for (const [site, pagePath] of page.paths.entries()) {
              if (!pagePath) continue;
              samples[p]?.[index]?.[site]?.push(await runLighthouse(chrome, `${origins[site]}${pagePath}`, preset));
              done += 1;
              process.stdout.write(`\rLighthouse ${done}/${total}`);
            }
          }
        }
      }
      process.stdout.write('\n');
      /** @type {Record<string, { id: string, sites: (ReturnType<typeof summariseRuns> | null)[] }[]>} */
      const lighthouse = {};
      for (const [p, preset] of PRESETS.entries()) {
        const entries = pages.map((page, index) => ({
          id: page.type.id,
          sites: page.paths.map((pagePath, site) =>
            pagePath ? summariseRuns(samples[p]?.[index]?.[site] ?? []) : null,
          ),
        }));
        lighthouse[preset] = entries;
        const rows = entries.map((entry, index) => [
          pages[index]?.type.label ?? '',
          ...FIGURES.map(([figure, , format]) =>
            cell(
              entry.sites.map((s) => /** @type {number | null | undefined} */ (s?.[figure])),
              format,
            ),
          ),
        ]);
        const notes = entries.flatMap((entry, index) =>
          entry.sites.flatMap((s, site) =>
            s && (s.failedAudits.length || s.errors.length)
              ? [
                  `- ${pages[index]?.type.label}, ${sites[site]?.name}: ${[
                    ...s.failedAudits.map((id) => `\`${id}\``),
                    ...s.errors.map((e) => `error ${e}`),
                  ].join(', ')}`,
                ]
              : [],
          ),
        );
        section(
          `## Lighthouse 12, ${preset}, medians of ${runs}\n\n${table(
            ['page', ...FIGURES.map(([, label]) => label)],
            rows,
          )}${notes.length ? `\n\nAudits that failed in a run (accessibility, best practices, SEO):\n${notes.join('\n')}` : ''}`,
        );
      }
      return lighthouse;
    });
  } finally {
    chrome.kill();
  }
}

async function benchSearch() {
  const figures = await eachServedSite('pagefind/pagefind.js', async (baseUrl, site) => {
    console.log(`Search on ${site.name}…`);
    const first = await measureSearch({ baseUrl, queries: QUERIES, runs });
    const intent = await measureIntent({ baseUrl, query: QUERIES[0] ?? '', runs });
    return { ...first, ...intent, indexBytes: await directorySize(path.join(site.dir, 'pagefind')) };
  });
  const rows = [
    figureRow(
      'first query fetches (gzip, search UI included)',
      figures,
      'firstQueryKB',
      (v) => `${v.toFixed(1)} KiB`,
      '150 KiB',
    ),
    figureRow('keypress to results, warm page', figures, 'warmQueryMs', ms, '300 ms'),
    figureRow('intent to first results, cold page', figures, 'intentToResultsMs', ms),
    figureRow('index on disk', figures, 'indexBytes', formatKB),
  ];
  const largest = figures[0]?.largestFiles ?? [];
  section(
    `## Search, medians of ${runs}\n\n${table(['', 'figure', 'goal'], rows)}\n\nLargest files of a first query (this site): ${largest
      .slice(0, 6)
      .map((f) => `\`${f.path}\` ${formatKB(f.gzip)}`)
      .join(', ')}`,
  );
  return figures;
}

async function benchConsole() {
  const figures = await eachServedSite('api-console', (baseUrl, site) => {
    console.log(`The API console on ${site.name}…`);
    return measureConsole({ baseUrl, runs });
  });
  const rows = [
    figureRow('press to a usable console, warm cache', figures, 'warmMs', ms, '300 ms'),
    figureRow('press to a usable console, first visit', figures, 'coldMs', ms),
    figureRow('fetched by the press, first visit (gzip)', figures, 'pressBytes', formatKB, `${CONSOLE_BUDGET_KB} KiB`),
  ];
  section(
    `## The API console (Try it), medians of ${runs}, CPU slowed 4x as in Lighthouse's mobile preset\n\n${table(['', 'figure', 'goal'], rows)}`,
  );
  return figures;
}

async function benchRelevance() {
  const queryFiles = args.queries
    ? [path.resolve(args.queries)]
    : ['search-queries.json', 'search-queries-readers.json'].map((file) => path.join(root, 'scripts/bench', file));
  const results = [];
  for (const queryFile of queryFiles) results.push(await benchQuerySet(queryFile));
  return results;
}

/** @param {string} queryFile */
async function benchQuerySet(queryFile) {
  const buildDir = thisSite.dir;
  const queries = await readQueries(queryFile);
  checkExpectedPages(queries, buildDir, queryFile);
  /** @type {[string, string, () => Promise<string[][]>][]} */
  const engines = [
    ['site', 'built site, /search in Chromium', () => siteEngine(buildDir, queries, console.log)],
    [
      'dev',
      'dev server index (its pages as Chromium renders them), Node',
      async () => (await devEngine(buildDir, [queries]))[0] ?? [],
    ],
    ['mcp', 'MCP search_docs over the build', () => mcpEngine(root, buildDir, queries)],
  ];
  const file = path.relative(root, queryFile);
  const answered = [];
  for (const [name, label, run] of engines) {
    console.log(`Relevance: ${label}, ${queries.length} queries…`);
    answered.push({ name, label, answers: await run() });
  }
  const relevance = {
    file,
    queries: queries.length,
    engines: answered.map(({ name, label, answers }) => ({
      name,
      label,
      scores: scoreEngine(queries, answers),
      answers: queries.map((query, index) => ({ ...query, results: answers[index] })),
    })),
    sameFirstPage: sameFirstPageShare(answered.map(({ answers }) => answers)),
  };
  const counts = QUERY_CLASSES.map((c) => `${c} ${queries.filter((q) => q.class === c).length}`).join(', ');
  section(
    `## Search relevance: ${queries.length} queries of ${file} (${counts})\n\nhit@1 and hit@3: share of queries answered by the first result, by one of the first three pages; MRR@5: mean reciprocal rank of the first answering page among five; none: queries with no result at all. Engines: ${relevance.engines
      .map((engine) => `${engine.name}, ${engine.label}`)
      .join(
        '; ',
      )}.\n\n${formatScores(relevance.engines)}\n\nThe same first page from every engine: ${(relevance.sameFirstPage * 100).toFixed(1)}% of the queries.`,
  );
  return relevance;
}

async function benchScale() {
  const pages = Number(process.env.BENCH_PAGES ?? 2000);
  const operations = Number(process.env.BENCH_OPERATIONS ?? 300);
  console.log(`Scale: ${pages} generated pages and ${operations} operations, real build…`);
  const s = await runScale({ root, pages, operations, runs: Math.min(runs, 3), log: console.log });
  const goal = (/** @type {string} */ text, /** @type {boolean} */ met) => `${text}: ${met ? 'met' : '**missed**'}`;
  const gib = (/** @type {number} */ bytes) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
  const rows = [
    ['cold build', `${s.buildSeconds.toFixed(0)} s`, goal('5 min', s.buildSeconds <= 300)],
    ['peak RSS (process tree)', gib(s.peakBytes), goal('4 GiB', s.peakBytes <= 4 * 1024 ** 3)],
    [
      'social cards, rendered beside the bundler',
      `${s.cards.cards} cards in ${s.cards.seconds.toFixed(0)} s; ` +
        `${s.cards.minKB.toFixed(1)}/${s.cards.medianKB.toFixed(1)}/${s.cards.maxKB.toFixed(1)} KiB (min/median/max)`,
      goal('60 s', s.cards.seconds <= 60),
    ],
    ['output', `${mb(s.outputBytes)}, ${s.htmlPages} HTML files`, ''],
    ['search index (build/pagefind)', mb(s.indexBytes), ''],
    [
      'search vocabulary (gzip; fetched only for a query with an unknown word)',
      `${formatKB(s.vocabularyGzipBytes)}, ${s.vocabularyWords} words`,
      goal('40 KiB', s.vocabularyGzipBytes <= 40 * 1024),
    ],
    [
      'first query fetches, Pagefind files (gzip)',
      formatKB(s.firstQueryIndexBytes),
      goal('200 KiB', s.firstQueryIndexBytes <= 200 * 1024),
    ],
    ['first query fetches, search UI included (gzip)', formatKB(s.firstQueryBytes), ''],
    ['keypress to results, warm page (median)', ms(s.warmQueryMs), goal('100 ms', s.warmQueryMs <= 100)],
  ];
  const phaseRows = s.phases.map((phase) => [
    phase.label.split(' > ').at(-1) ?? phase.label,
    `${phase.start.toFixed(0)} s`,
    `${phase.seconds.toFixed(0)} s`,
    gib(phase.peakBytes),
  ]);
  section(
    `## Scale: ${s.pages} generated doc pages and ${s.operations} API operations\n\n${table(['', 'figure', 'goal'], rows)}\n\nPhases of the build, with the peak RSS of the process tree while each ran:\n\n${table(['phase', 'from', 'took', 'peak RSS'], phaseRows)}`,
  );
  return s;
}

/** @type {Record<string, unknown>} */
const report = { date, runs, sites, parts: [...parts] };
for (const [part, step] of Object.entries(steps)) {
  if (!parts.has(part)) continue;
  const unbuilt = ['build', 'scale'].includes(part)
    ? null
    : sites.find((s) => !existsSync(path.join(s.dir, 'index.html')));
  if (unbuilt) throw new Error(`${unbuilt.dir} holds no build: run npm run build (or the bench's build part) first.`);
  report[part] = await step();
}

const outDir = path.join(root, 'bench-report');
await mkdir(outDir, { recursive: true });
const stamp = date.replace(/[:.]/g, '-');
for (const name of [stamp, 'latest']) {
  await writeFile(path.join(outDir, `${name}.md`), `${markdown.join('\n\n')}\n`);
  await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
console.log(`\nWritten to ${path.relative(root, outDir)}/${stamp}.{md,json} (and latest.*)`);
