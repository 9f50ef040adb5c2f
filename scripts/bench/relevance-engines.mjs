// The relevance benchmark's three engines, each asked every query of
// scripts/bench/search-queries.json and answering with its result URLs, best first:
//   site  the built site's /search page in Chromium (the real page, index and query layer)
//   dev   the index the dev server (npm start) writes from its pages as Chromium renders
//         them (here the served build's pages, hydrated), through the same local backend
//   mcp   the docs MCP server's search_docs over the build's Pagefind index
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import createJiti from 'jiti';

import { buildFiles } from '../../deploy/page-pass.mjs';
import { launchChromium } from '../chromium.mjs';
import { startStaticHost } from '../../tests/support/static-server.mjs';

const jiti = createJiti(import.meta.url);
/** @type {typeof import('./relevance')} */
const { parseQueries } = jiti('./relevance.ts');
/** @type {typeof import('../../src/site/identity')} */
const { identity } = jiti('../../src/site/identity.ts');

/** @typedef {import('./relevance').RelevanceQuery} RelevanceQuery */

const QUERY_FILE = fileURLToPath(new URL('./search-queries.json', import.meta.url));
const RESULTS = 10;
/** The site's local backend in Node, loaded when an engine asks it. */
const pagefindNode = () => /** @type {typeof import('./pagefind-node')} */ (jiti('./pagefind-node.ts'));

/** @param {string} [file] */
export async function readQueries(file = QUERY_FILE) {
  return parseQueries(JSON.parse(await readFile(file, 'utf8')));
}

/**
 * Every expected page must exist in the build, or the query set is out of date.
 * @param {readonly RelevanceQuery[]} queries
 * @param {string} buildDir
 * @param {string} [file] the query file, for the message
 */
export function checkExpectedPages(queries, buildDir, file = QUERY_FILE) {
  const missing = [...new Set(queries.flatMap((query) => query.expect))].filter((page) => {
    const clean = page.replace(/^\//, '');
    return ![`${clean}.html`, path.join(clean, 'index.html')].some((file) => existsSync(path.join(buildDir, file)));
  });
  if (missing.length > 0) {
    throw new Error(`${path.relative(process.cwd(), file)}: no built page for ${missing.join(', ')}`);
  }
}

/**
 * The /search page of the served build, one visit per query, as a reader would land on it.
 * @param {string} buildDir
 * @param {readonly RelevanceQuery[]} queries
 * @param {(line: string) => void} [log]
 * @returns {Promise<string[][]>}
 */
export async function siteEngine(buildDir, queries, log = () => {}) {
  const server = await startStaticHost({ root: path.resolve(buildDir), gzip: true });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const answers = [];
    for (const [index, { query }] of queries.entries()) {
      await page.goto(`${server.origin}/${identity.searchPagePath}?q=${encodeURIComponent(query)}`);
      await page.waitForFunction(([noResults, error]) => {
        const main = document.querySelector('main');
        const text = main?.textContent ?? '';
        return Boolean(main?.querySelector('ol li h2 a')) || text.includes(noResults) || text.includes(error);
      }, /** @type {[string, string]} */ ([identity.searchTexts.noResults, identity.searchTexts.errorTitle]));
      answers.push(
        await page.$$eval('main ol li h2 a', (links) => links.map((link) => link.getAttribute('href') ?? '')),
      );
      if ((index + 1) % 20 === 0) log(`  site: ${index + 1}/${queries.length}`);
    }
    return answers;
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * The routes the dev server indexes: those of the pages that have a Markdown twin.
 * @param {string} buildDir
 */
function twinRoutes(buildDir) {
  const files = buildFiles(buildDir).filter((file) => file.endsWith('.md'));
  return files.map((file) => (file === 'index.md' ? '/' : `/${file.slice(0, -'.md'.length)}`));
}

/**
 * The dev server's index, written as the search plugin writes it under npm start: from
 * the pages as Chromium renders them, here the served build's. The pages are rendered and
 * indexed once, and the index answers each query set.
 * @param {string} buildDir
 * @param {readonly (readonly RelevanceQuery[])[]} querySets
 * @returns {Promise<string[][][]>} the answers to each set, in order
 */
export async function devEngine(buildDir, querySets) {
  /** @type {typeof import('../../src/plugins/search/indexer')} */
  const { writeIndex } = jiti('../../src/plugins/search/indexer.ts');
  /** @type {typeof import('../../src/plugins/search/rendered-pages')} */
  const { renderedPages } = jiti('../../src/plugins/search/rendered-pages.ts');
  const dir = await mkdtemp(path.join(os.tmpdir(), 'relevance-dev-'));
  const server = await startStaticHost({ root: path.resolve(buildDir), gzip: true });
  try {
    await writeIndex(await renderedPages(server.origin, twinRoutes(buildDir)), dir);
    const answers = [];
    for (const queries of querySets) answers.push(await pagefindNode().nodeAnswers(dir, queries, RESULTS));
    return answers;
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * search_docs of the MCP server in mcp/ (compiled to mcp/dist first, unless `compiled`)
 * over the build's twins.
 * @param {string} root
 * @param {string} buildDir
 * @param {readonly RelevanceQuery[]} queries
 * @param {{ compiled?: boolean }} [options]
 * @returns {Promise<string[][]>}
 */
export async function mcpEngine(root, buildDir, queries, { compiled = false } = {}) {
  if (!compiled) {
    const built = spawnSync('npm', ['run', 'build', '-w', 'mcp'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    if (built.status !== 0) throw new Error('npm run build -w mcp failed.');
  }
  const { BuildSource, Docs } = await import(pathToFileURL(path.join(root, 'mcp', 'dist', 'index.js')).href);
  const index = await new Docs(new BuildSource(path.resolve(buildDir))).searchIndex();
  // search_docs lists sections; a reader of its answer meets their pages in this order.
  const answers = [];
  for (const { query } of queries) {
    const { hits } = await index.search(query, RESULTS * 3);
    answers.push(hits.map((/** @type {{ url: string }} */ hit) => hit.url));
  }
  return answers;
}

// `node scripts/bench/relevance-engines.mjs [query file...]` prints, as JSON, the answers of
// the three engines on build/ to each file's queries (search-queries.json when none is
// given), keyed by the file as given: { [file]: { site, dev, mcp } }. All in Node: the
// built index through the site's local backend with the /search page's filters, the dev
// server's index (its pages rendered once for every file) and the MCP server as mcp/dist
// holds it (compiled by the caller). The relevance floor test runs it apart from its runner.
if (process.argv[1] === fileURLToPath(import.meta.url)) {
  /** @type {typeof import('../../src/search/types')} */
  const { contextualFacetFilters } = jiti('../../src/search/types.ts');
  // The /search page's filters: the language, and every docs plugin (each page has one tag).
  const filters = contextualFacetFilters({ locale: 'en', tags: [] });
  const files = process.argv.length > 2 ? process.argv.slice(2) : [path.relative(process.cwd(), QUERY_FILE)];
  const querySets = await Promise.all(files.map((file) => readQueries(path.resolve(file))));
  const root = fileURLToPath(new URL('../..', import.meta.url));
  const dev = await devEngine('build', querySets);
  /** @type {Record<string, { site: string[][], dev: string[][], mcp: string[][] }>} */
  const answers = {};
  for (const [index, file] of files.entries()) {
    const queries = querySets[index] ?? [];
    answers[file] = {
      site: await pagefindNode().nodeAnswers('build/pagefind', queries, RESULTS, filters),
      dev: dev[index] ?? [],
      mcp: await mcpEngine(root, 'build', queries, { compiled: true }),
    };
  }
  process.stdout.write(`${JSON.stringify(answers)}\n`);
}
