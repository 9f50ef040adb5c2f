// npm run bench: page weight and search speed on the built site, then the 2,000-page
// scale run.
//   BENCH_BUILD_DIR  the production build to measure (default build/)
//   BENCH_RUNS       runs per measurement (default 5); BENCH_PAGES (default 2000)
// Figures are medians. This is a benchmark, not a test: it reports, it does not judge.
import { existsSync } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import { chromium } from '@playwright/test';
import createJiti from 'jiti';

import { measureSearch, median } from './bench/measure.mjs';
import { formatWeights, measurePageWeights } from './bench/page-weight.mjs';
import { buildScaleSite } from './bench/scale.mjs';
import { serve } from './bench/server.mjs';
import { CHROMIUM_ARGS, findChromium } from './chromium.mjs';

const buildDir = path.resolve(process.env.BENCH_BUILD_DIR ?? 'build');
const runs = Number(process.env.BENCH_RUNS ?? 5);
const pageCount = Number(process.env.BENCH_PAGES ?? 2000);
const QUERIES = ['enhanced', 'llama', 'quantization', 'assistants', 'vllm', 'benchmark', 'license'];

async function directorySize(dir) {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(path.join(entry.parentPath ?? entry.path, entry.name))).size;
  }
  return total;
}

async function benchSite() {
  if (!existsSync(path.join(buildDir, 'pagefind', 'pagefind.js'))) {
    throw new Error(`${buildDir} has no search index: build the site first (npm run build).`);
  }
  const server = await serve(buildDir, 0);
  const port = server.address().port;
  try {
    console.log(`Site (${path.relative(process.cwd(), buildDir)}), ${runs} runs; first query, bytes by file:`);
    const result = await measureSearch({ baseUrl: `http://127.0.0.1:${port}`, queries: QUERIES, runs });
    console.log(`  index on disk: ${Math.round((await directorySize(path.join(buildDir, 'pagefind'))) / 1024)} KB`);
    console.log(`  first query fetched (gzip, search UI included): ${result.firstQueryKB.toFixed(1)} KB (goal 150 KB)`);
    console.log(
      `  keypress to results, warm page: median ${result.warmQueryMs.toFixed(0)} ms over ${result.samples} queries (goal 300 ms)`,
    );
    return result;
  } finally {
    server.close();
  }
}

/** The scale run: the index side of a first query, in Chromium, as the local backend does it. */
async function benchScale() {
  const jiti = createJiti(import.meta.url);
  const { writeIndex } = jiti('../src/plugins/search-index/indexer.ts');
  const started = Date.now();
  const { dir, report } = await buildScaleSite(pageCount, writeIndex);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  await writeFile(
    path.join(dir, 'index.html'),
    `<!doctype html><html lang=en><head><title>bench</title></head><body><script type=module>
      window.searchOnce = async (query) => {
        const pagefind = window.pagefind ??= await import('/pagefind/pagefind.js');
        await pagefind.options({ basePath: '/pagefind/', excerptLength: 24, noWorker: true });
        const start = performance.now();
        const found = await pagefind.search(query, { filters: { language: { any: ['en'] }, docusaurus_tag: { any: ['docs-default-current'] } } });
        await Promise.all(found.results.slice(0, 8).map((result) => result.data()));
        return { ms: performance.now() - start, count: found.results.length };
      };
    </script></body></html>`,
  );
  const server = await serve(dir, 0);
  const port = server.address().port;
  const browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  try {
    const firstBytes = [];
    const times = [];
    for (let run = 0; run < runs; run += 1) {
      const page = await browser.newPage();
      let bytes = 0;
      page.on('response', async (response) => {
        if (new URL(response.url()).pathname.startsWith('/pagefind/')) {
          bytes += gzipSync(await response.body().catch(() => Buffer.alloc(0))).length;
        }
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      await page.evaluate(() => window.searchOnce('quantization'));
      await page.waitForLoadState('networkidle');
      firstBytes.push(bytes);
      for (const query of ['throughput', 'thread', 'retry', 'context window', 'gpu memory']) {
        times.push((await page.evaluate((q) => window.searchOnce(q), query)).ms);
      }
      await page.close();
    }
    console.log(`Scale: ${report.pages.length} synthetic pages indexed in ${seconds} s`);
    console.log(`  index on disk: ${(report.bytes / 1024 / 1024).toFixed(2)} MB in ${report.files} files`);
    console.log(`  first query fetched (gzip, index side only): ${(median(firstBytes) / 1024).toFixed(1)} KB`);
    console.log(
      `  query time (search + 8 results): median ${median(times).toFixed(0)} ms over ${times.length} queries`,
    );
  } finally {
    await browser.close();
    server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** What a first visit to each kind of page downloads before it is interactive. */
async function benchPageWeight() {
  const server = await serve(buildDir, 0);
  try {
    const results = await measurePageWeights(`http://127.0.0.1:${server.address().port}`);
    console.log('Page weight, first visit until hydrated (gzip):');
    for (const line of formatWeights(results)) {
      console.log(`  ${line}`);
    }
    return results;
  } finally {
    server.close();
  }
}

await benchPageWeight();
await benchSite();
await benchScale();
