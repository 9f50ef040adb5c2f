// npm run bench: what a reader waits for, measured on the production build.
//   vite-node scripts/bench/run.ts [--reference DIR] [--only build,pages,lighthouse,search,console,relevance,scale] [--skip ...]
//                                  [--pages home,model,...]
//   --reference DIR  bench another build folder in the same run, side by side (interleaved)
//   --pages          page types to visit (ids in scripts/bench/page-types.json; default all)
//   --queries FILE   the relevance part asks the queries of FILE (the format of search-queries.json)
//                    instead of both sets, search-queries.json and search-queries-readers.json
//   BENCH_BUILD_DIR  the build to measure (default build/, rebuilt cold by the build part)
//   BENCH_RUNS       Lighthouse and search runs (default 5); figures are medians
//   BENCH_PAGES, BENCH_OPERATIONS  size of the scale variant (default 2000 and 300)
// It prints Markdown tables and writes them, with the raw figures, to bench-report/.
// A benchmark, not a test: it reports and never fails on a figure (the budgets'
// test does, in the suite).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { markdownTable } from '../../src/shared/tables/markdown';
import { startStaticHost } from '../../tests/support/static-server.mjs';
import { launchChromium } from '../chromium';
import { coldBuild, directorySize, runScale } from './build';
import {
  BUDGET_KINDS,
  BUDGET_LABELS,
  budgetFigures,
  checkBudgets,
  CONSOLE_BUDGET_KB,
  formatKB,
  PAGE_TYPES,
  resolvePagePath,
} from './budgets';
import {
  FIGURES,
  launchLighthouseChrome,
  PRESETS,
  runLighthouse,
  summariseRuns,
  type LighthouseRun,
} from './lighthouse';
import { measureConsole, measureIntent, measureSearch } from './measure';
import { askEngines, checkExpectedPages, ENGINES, readQueries } from './relevance-engines';
import { formatScores, QUERY_CLASSES, sameFirstPageShare, scoreEngine } from './relevance';
import { KINDS, recordVisit, tally } from './weight';

const QUERIES = ['llama', 'enhanced', 'quantization', 'assistants', 'vllm', 'benchmark', 'license'];
const option = { type: 'string' } as const;
const { values: args } = parseArgs({
  options: { reference: option, only: option, skip: option, pages: option, queries: option },
});
/** The values of a comma-separated option, each one of `known`. */
function listOption(value: string | undefined, what: string, known: readonly string[]) {
  const values = value ? value.split(',').map((part) => part.trim()) : [];
  for (const item of values) {
    if (!known.includes(item)) throw new Error(`unknown ${what} "${item}": choose from ${known.join(', ')}`);
  }
  return values;
}

const root = process.cwd();
const runs = Number(process.env.BENCH_RUNS ?? 5);

const typeIds = PAGE_TYPES.map(({ id }) => id);
const pageIds = listOption(args.pages, 'page type', typeIds);
const pageTypes = PAGE_TYPES.filter((type) => !args.pages || pageIds.includes(type.id));
const thisSite = { name: 'this site', dir: path.resolve(process.env.BENCH_BUILD_DIR ?? 'build') };
const reference = args.reference ? { name: 'reference', dir: path.resolve(args.reference) } : null;
const sites = reference ? [thisSite, reference] : [thisSite];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const mb = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MB`;
const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const table = (header: string[], rows: string[][]) => markdownTable({ header, rows });
/** One cell, side by side when a reference is benched: "this / reference"; – for a figure a site lacks. */
const cell = <V>(values: readonly (V | null | undefined)[], format: (value: V) => string) =>
  values.map((value) => (value == null ? '–' : format(value))).join(' / ');
/** Each site's figure `key`. */
const pick = <K extends string>(figures: readonly (Partial<Record<K, number | null>> | null)[], key: K) =>
  figures.map((f) => f?.[key]);
/** A table of figures, one row per [label, key, format, goal], each figure side by side. */
const figureTable = <K extends string>(
  figures: readonly (Record<K, number> | null)[],
  rows: [string, K, (value: number) => string, string?][],
) =>
  table(
    ['', 'figure', 'goal'],
    rows.map(([label, key, format, goal = '']) => [label, cell(pick(figures, key), format), goal]),
  );

const date = new Date().toISOString();
const markdown = [
  `# Bench, ${date.slice(0, 16).replace('T', ' ')} UTC`,
  reference
    ? `Cells read "this site / reference" (${path.relative(root, reference.dir) || reference.dir}); – means the page type is absent there.`
    : `Site: ${path.relative(root, thisSite.dir)}.`,
  'Sizes in KiB (1 KiB = 1,024 bytes). A "gzip" size is the file as fetched, gzipped at level 9 (scripts/bench/weight.ts), each file counted once.',
];
/** Prints a section of the report and keeps it for bench-report/. */
const section = (heading: string, ...blocks: string[]) => {
  const text = [`## ${heading}`, ...blocks].join('\n\n');
  console.log(`\n${text}`);
  markdown.push(text);
};

/** Each site's origin while it is served. */
let origins: string[] = [];
/** Serves every site while `work` runs. */
async function withServers<T>(work: () => Promise<T>) {
  const servers = await Promise.all(sites.map((site) => startStaticHost({ root: site.dir, gzip: true })));
  origins = servers.map((server) => server.origin);
  return work().finally(() => Promise.all(servers.map((server) => server.close())));
}

/** Each page type and its URL on each served site: the page itself, a fallback, or null when absent. */
function pageUrls() {
  return pageTypes.map((type) => {
    const paths = sites.map((site) => resolvePagePath(type, (file) => existsSync(path.join(site.dir, file))));
    return { type, paths, urls: paths.map((pagePath, site) => pagePath && `${origins[site]}${pagePath}`) };
  });
}

/** Measures, one after another, each served site that holds `file`; null for one that does not. */
async function eachSite<T>(file: string, measure: (origin: string, site: (typeof sites)[number]) => Promise<T>) {
  const figures = [];
  for (const [index, site] of sites.entries()) {
    figures.push(existsSync(path.join(site.dir, file)) ? await measure(origins[index] ?? '', site) : null);
  }
  return figures;
}

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
  const sizes = await Promise.all(sites.map((site) => (existsSync(site.dir) ? directorySize(site.dir) : null)));
  const seconds = (value: number) => `${value.toFixed(1)} s`;
  const row = ['cold build', cell(pick(builds, 'seconds'), seconds), cell(pick(builds, 'peakBytes'), mb)];
  const header = ['', 'wall time', 'peak RSS (process tree)', 'output'];
  section('Build (after docusaurus clear)', table(header, [[...row, cell(sizes, mb)]]));
  return builds;
}

async function benchPages() {
  const pages = pageUrls();
  // Five visits at a time: each spends most of its time in the 10 s after load.
  const queue = pages.flatMap((page) => page.urls).filter((url) => url !== null);
  console.log(`Page weight: ${queue.length} visits of load + 10 s…`);
  const visits = new Map<string, Awaited<ReturnType<typeof recordVisit>>>();
  const browser = await launchChromium();
  try {
    const worker = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        const context = await browser.newContext();
        visits.set(url, await recordVisit(await context.newPage(), url));
        await context.close();
      }
    };
    await Promise.all(Array.from({ length: 5 }, worker));
  } finally {
    await browser.close();
  }
  const reports = pages.map(({ type, paths, urls }) => {
    const results = urls.map((url) => (url ? visits.get(url) : undefined));
    const weights = results.map(
      (r) => r && { status: r.status, load: tally(r.fetched, 'load'), afterLoad: tally(r.fetched, 'afterLoad') },
    );
    const fetched = results.map((r) =>
      r?.fetched.map(({ url, ...file }) => ({ path: new URL(url).pathname, ...file })),
    );
    const w = weights[0];
    const budgets = w ? checkBudgets(type.id, budgetFigures(w.load, w.afterLoad)) : undefined;
    return { id: type.id, label: type.label, paths, weights, fetched, budgets };
  });
  const weightRows = reports.map(({ label, weights, paths }) => [
    `${label} \`${paths[0]}\``,
    ...KINDS.filter((k) => k !== 'other').map((kind) =>
      cell(weights, (w) => `${kb(w.load[kind].gzip)} (${kb(w.load[kind].raw)})`),
    ),
    cell(weights, (w) => String(w.load.total.count)),
    cell(weights, (w) => `${kb(w.afterLoad.total.gzip)} (${w.afterLoad.total.count})`),
    cell(weights, (w) => kb(w.load.total.gzip + w.afterLoad.total.gzip)),
  ]);
  section(
    'Page weight, first visit with prefetching on',
    'KiB gzip (raw in parentheses) fetched before `load`, then in the 10 s after it (requests in parentheses), and the whole visit.',
    table(['page', 'JS', 'CSS', 'HTML', 'fonts', 'images', 'requests', 'after load', 'visit'], weightRows),
  );
  const budgetRows = reports.map(({ label, budgets }) => [
    label,
    ...(budgets?.map(
      (c) => `${formatKB(c.bytes)} / ${formatKB(c.budget)} ${c.bytes <= c.budget ? 'ok' : '**over**'}`,
    ) ?? BUDGET_KINDS.map(() => '–')),
  ]);
  section(
    'Byte budgets (this site; scripts/bench/budgets.ts)',
    'Figure / budget, KiB gzip.',
    table(['page', ...BUDGET_KINDS.map((kind) => BUDGET_LABELS[kind])], budgetRows),
  );
  return reports;
}

async function benchLighthouse() {
  const pages = pageUrls();
  // Each preset's page on each site, with its runs; interleaved: each run visits every one
  // once, so drift in the machine's load hits all of them alike.
  const visits = PRESETS.flatMap((preset) =>
    pages.flatMap(({ urls }) => urls.flatMap((url) => (url ? [{ preset, url, runs: [] as LighthouseRun[] }] : []))),
  );
  const chrome = await launchLighthouseChrome();
  try {
    for (let run = 0; run < runs; run += 1) {
      for (const [index, visit] of visits.entries()) {
        visit.runs.push(await runLighthouse(chrome, visit.url, visit.preset));
        process.stdout.write(`\rLighthouse ${run * visits.length + index + 1}/${runs * visits.length}`);
      }
    }
  } finally {
    chrome.kill();
  }
  process.stdout.write('\n');
  const summary = (preset: string, url: string | null) => {
    const visit = visits.find((v) => v.preset === preset && v.url === url);
    return visit ? summariseRuns(visit.runs) : null;
  };
  return Object.fromEntries(
    PRESETS.map((preset) => {
      const entries = pages.map(({ type, urls }) => ({ id: type.id, sites: urls.map((url) => summary(preset, url)) }));
      const rows = entries.map((entry, index) => [
        pages[index]?.type.label ?? '',
        ...FIGURES.map(([figure, , format]) => cell(pick(entry.sites, figure), format)),
      ]);
      const notes = entries.flatMap((entry, index) =>
        entry.sites.flatMap((s, site) => {
          const failed = [
            ...(s?.failedAudits ?? []).map((id) => `\`${id}\``),
            ...(s?.errors ?? []).map((e) => `error ${e}`),
          ];
          return failed.length ? [`- ${pages[index]?.type.label}, ${sites[site]?.name}: ${failed.join(', ')}`] : [];
        }),
      );
      section(
        `Lighthouse 12, ${preset}, medians of ${runs}`,
        table(['page', ...FIGURES.map(([, label]) => label)], rows),
        ...(notes.length
          ? [`Audits that failed in a run (accessibility, best practices, SEO):\n${notes.join('\n')}`]
          : []),
      );
      return [preset, entries];
    }),
  );
}

async function benchSearch() {
  const figures = await eachSite('pagefind/pagefind.js', async (baseUrl, site) => {
    console.log(`Search on ${site.name}…`);
    const first = await measureSearch({ baseUrl, queries: QUERIES, runs });
    const intent = await measureIntent({ baseUrl, query: QUERIES[0] ?? '', runs });
    return { ...first, ...intent, indexBytes: await directorySize(path.join(site.dir, 'pagefind')) };
  });
  const largest = (figures[0]?.largestFiles ?? []).slice(0, 6).map((f) => `\`${f.path}\` ${formatKB(f.gzip)}`);
  section(
    `Search, medians of ${runs}`,
    figureTable(figures, [
      ['first query fetches (gzip, search UI included)', 'firstQueryKB', (v) => `${v.toFixed(1)} KiB`, '150 KiB'],
      ['keypress to results, warm page', 'warmQueryMs', ms, '300 ms'],
      ['intent to first results, cold page', 'intentToResultsMs', ms],
      ['index on disk', 'indexBytes', formatKB],
    ]),
    `Largest files of a first query (this site): ${largest.join(', ')}`,
  );
  return figures;
}

async function benchConsole() {
  const figures = await eachSite('api-console', (baseUrl, site) => {
    console.log(`The API console on ${site.name}…`);
    return measureConsole({ baseUrl, runs });
  });
  section(
    `The API console (Try it), medians of ${runs}, CPU slowed 4x as in Lighthouse's mobile preset`,
    figureTable(figures, [
      ['press to a usable console, warm cache', 'warmMs', ms, '300 ms'],
      ['press to a usable console, first visit', 'coldMs', ms],
      ['fetched by the press, first visit (gzip)', 'pressBytes', formatKB, `${CONSOLE_BUDGET_KB} KiB`],
    ]),
  );
  return figures;
}

async function benchRelevance() {
  const files = args.queries
    ? [path.resolve(args.queries)]
    : ['search-queries.json', 'search-queries-readers.json'].map((file) => path.join(root, 'scripts/bench', file));
  const querySets = await Promise.all(files.map((file) => readQueries(file)));
  querySets.forEach((queries, index) => checkExpectedPages(queries, thisSite.dir, files[index] ?? ''));
  const mcp = spawnSync('npm', ['run', 'build', '-w', 'mcp'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (mcp.status !== 0) throw new Error('npm run build -w mcp failed.');
  const answered = await askEngines(root, thisSite.dir, querySets, { browser: true, log: console.log });
  return querySets.map((queries, index) => {
    const file = path.relative(root, files[index] ?? '');
    const engines = Object.entries(ENGINES).map(([name, label]) => {
      const answers = answered[index]?.[name as keyof typeof ENGINES] ?? [];
      const results = queries.map((query, at) => ({ ...query, results: answers[at] }));
      return { name, label, scores: scoreEngine(queries, answers), answers: results };
    });
    const sameFirstPage = sameFirstPageShare(engines.map(({ answers }) => answers.map(({ results }) => results ?? [])));
    const counts = QUERY_CLASSES.map((c) => `${c} ${queries.filter((q) => q.class === c).length}`).join(', ');
    section(
      `Search relevance: ${queries.length} queries of ${file} (${counts})`,
      `hit@1 and hit@3: share of queries answered by the first result, by one of the first three pages; MRR@5: mean reciprocal rank of the first answering page among five; none: queries with no result at all. Engines: ${engines.map(({ name, label }) => `${name}, ${label}`).join('; ')}.`,
      formatScores(engines),
      `The same first page from every engine: ${(sameFirstPage * 100).toFixed(1)}% of the queries.`,
    );
    return { file, queries: queries.length, engines, sameFirstPage };
  });
}

async function benchScale() {
  const pages = Number(process.env.BENCH_PAGES ?? 2000);
  const operations = Number(process.env.BENCH_OPERATIONS ?? 300);
  console.log(`Scale: ${pages} generated pages and ${operations} operations, real build…`);
  const s = await runScale({ root, pages, operations, runs: Math.min(runs, 3), log: console.log });
  const goal = (text: string, met: boolean) => `${text}: ${met ? 'met' : '**missed**'}`;
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
      formatKB(s.firstQueryIndexKB * 1024),
      goal('200 KiB', s.firstQueryIndexKB <= 200),
    ],
    ['first query fetches, search UI included (gzip)', formatKB(s.firstQueryKB * 1024), ''],
    ['keypress to results, warm page (median)', ms(s.warmQueryMs), goal('100 ms', s.warmQueryMs <= 100)],
  ];
  const phaseRows = s.phases.map((phase) => [
    phase.label.split(' > ').at(-1) ?? phase.label,
    `${phase.start.toFixed(0)} s`,
    `${phase.seconds.toFixed(0)} s`,
    gib(phase.peakBytes),
  ]);
  section(
    `Scale: ${s.pages} generated doc pages and ${s.operations} API operations`,
    table(['', 'figure', 'goal'], rows),
    'Phases of the build, with the peak RSS of the process tree while each ran:',
    table(['phase', 'from', 'took', 'peak RSS'], phaseRows),
  );
  return s;
}

// The parts, in the order they run.
const steps: Record<string, () => Promise<unknown>> = {
  build: benchBuild,
  pages: benchPages,
  lighthouse: benchLighthouse,
  search: benchSearch,
  console: benchConsole,
  relevance: benchRelevance,
  scale: benchScale,
};
const PARTS = Object.keys(steps);
const only = listOption(args.only, 'part', PARTS);
const skip = listOption(args.skip, 'part', PARTS);
const parts = (args.only ? only : PARTS).filter((part) => !skip.includes(part));

const report: Record<string, unknown> = { date, runs, sites, parts };
for (const [part, step] of Object.entries(steps)) {
  if (!parts.includes(part)) continue;
  const unbuilt = ['build', 'scale'].includes(part)
    ? null
    : sites.find((s) => !existsSync(path.join(s.dir, 'index.html')));
  if (unbuilt) throw new Error(`${unbuilt.dir} holds no build: run npm run build (or the bench's build part) first.`);
  // The parts that visit pages have every site served.
  report[part] = ['build', 'relevance', 'scale'].includes(part) ? await step() : await withServers(step);
}

const outDir = path.join(root, 'bench-report');
await mkdir(outDir, { recursive: true });
const stamp = date.replace(/[:.]/g, '-');
for (const name of [stamp, 'latest']) {
  await writeFile(path.join(outDir, `${name}.md`), `${markdown.join('\n\n')}\n`);
  await writeFile(path.join(outDir, `${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
}
console.log(`\nWritten to ${path.relative(root, outDir)}/${stamp}.{md,json} (and latest.*)`);
