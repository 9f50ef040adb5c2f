// The relevance benchmark's three engines, each asked every query of
// scripts/bench/search-queries.json and answering with its result URLs, best first:
//   site  the built site's /search page in Chromium (the real page, index and query layer),
//         or, without a browser, the built index through the site's local backend in Node
//   dev   the index the dev server (npm start) writes from its pages as Chromium renders
//         them (here the served build's pages, hydrated), through the same local backend
//   mcp   the docs MCP server's search_docs over the build's Pagefind index
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { buildFiles } from '../../deploy/page-pass';
import { writeIndex } from '../../src/plugins/search/indexer';
import { renderedPages } from '../../src/plugins/search/rendered-pages';
import { createLocalBackend } from '../../src/search/backends/local';
import { groupHitsByPage } from '../../src/search/pageResults';
import { contextualFacetFilters, type FacetFilters } from '../../src/search/types';
import { identity, siteUrl } from '../../src/site/identity';
import { startStaticHost } from '../../tests/support/static-server.mjs';
import { launchChromium } from '../chromium';
import { parseQueries, type RelevanceQuery } from './relevance';

const RESULTS = 10;

/** The engines, in the order they answer, and what each asks. */
export const ENGINES = {
  site: 'built site, /search in Chromium',
  dev: 'dev server index (its pages as Chromium renders them), Node',
  mcp: 'MCP search_docs over the build',
} as const;

export async function readQueries(file: string) {
  return parseQueries(JSON.parse(await readFile(file, 'utf8')));
}

/** Every expected page must exist in the build, or the query set (`file`, for the message) is out of date. */
export function checkExpectedPages(queries: readonly RelevanceQuery[], buildDir: string, file: string) {
  const missing = [...new Set(queries.flatMap((query) => query.expect))].filter((page) => {
    const clean = page.replace(/^\//, '');
    return ![`${clean}.html`, path.join(clean, 'index.html')].some((file) => existsSync(path.join(buildDir, file)));
  });
  if (missing.length > 0) {
    throw new Error(`${path.relative(process.cwd(), file)}: no built page for ${missing.join(', ')}`);
  }
}

/** The /search page of the served build, one visit per query, as a reader would land on it. */
async function pageAnswers(origin: string, queries: readonly RelevanceQuery[], log: (line: string) => void) {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const answers = [];
    for (const [index, { query }] of queries.entries()) {
      await page.goto(`${origin}/${identity.searchPagePath}?q=${encodeURIComponent(query)}`);
      await page.waitForFunction(
        ([noResults, error]) => {
          const main = document.querySelector('main');
          const text = main?.textContent ?? '';
          return Boolean(main?.querySelector('ol li h2 a')) || text.includes(noResults) || text.includes(error);
        },
        [identity.searchTexts.noResults, identity.searchTexts.errorTitle] as const,
      );
      answers.push(
        await page.$$eval('main ol li h2 a', (links) => links.map((link) => link.getAttribute('href') ?? '')),
      );
      if ((index + 1) % 20 === 0) log(`  site: ${index + 1}/${queries.length}`);
    }
    return answers;
  } finally {
    await browser.close();
  }
}

/**
 * The site's local search backend (the same `createLocalBackend`, and so the same query
 * layer, that the modal and /search use), run in Node on an index folder with Pagefind's
 * browser bundle loaded from disk and its downloads served from the folder: each answer
 * lists the pages of its first results, as result URLs.
 */
async function nodeAnswers(indexDir: string, queries: readonly RelevanceQuery[], facetFilters: FacetFilters = []) {
  const server = await startStaticHost({ root: path.resolve(indexDir) });
  const backend = createLocalBackend({
    bundlePath: `${server.origin}/`,
    fallbackSection: 'Docs',
    siteBaseUrl: '/',
    importPagefind: () => import(pathToFileURL(path.join(indexDir, 'pagefind.js')).href),
  });
  try {
    const answers = [];
    for (const { query } of queries) {
      const response = await backend.search({ query, facetFilters, hitsPerPage: RESULTS, page: 0 });
      answers.push(groupHitsByPage(response.hits, siteUrl).map((page) => page.url));
    }
    return answers;
  } finally {
    await server.close();
  }
}

/**
 * The dev server's index, written as the search plugin writes it under npm start: from
 * the pages that have a Markdown twin as Chromium renders them, here the served build's.
 */
async function devAnswers(origin: string, buildDir: string, queries: readonly RelevanceQuery[]) {
  const twins = buildFiles(buildDir).filter((file) => file.endsWith('.md'));
  const routes = twins.map((file) => (file === 'index.md' ? '/' : `/${file.slice(0, -'.md'.length)}`));
  const dir = await mkdtemp(path.join(os.tmpdir(), 'relevance-dev-'));
  try {
    await writeIndex(await renderedPages(origin, routes), dir);
    return await nodeAnswers(dir, queries);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** search_docs of the MCP server as mcp/dist holds it, over the build's twins. */
async function mcpAnswers(root: string, buildDir: string, queries: readonly RelevanceQuery[]) {
  const { BuildSource, Docs } = await import(pathToFileURL(path.join(root, 'mcp', 'dist', 'index.js')).href);
  const index = await new Docs(new BuildSource(path.resolve(buildDir))).searchIndex();
  // search_docs lists sections; a reader of its answer meets their pages in this order.
  const answers = [];
  for (const { query } of queries) {
    const { hits } = await index.search(query, RESULTS * 3);
    answers.push(hits.map((hit: { url: string }) => hit.url));
  }
  return answers;
}

/**
 * Each engine's answers to each query set, in order. The pages are rendered and indexed
 * once for the dev engine, whose index answers every set. `browser`: the site engine is
 * the /search page in Chromium; else the built index in Node, with the /search page's
 * filters. The MCP engine reads mcp/dist, which the caller compiles.
 */
export async function askEngines(
  root: string,
  buildDir: string,
  querySets: readonly (readonly RelevanceQuery[])[],
  { browser = false, log = () => {} }: { browser?: boolean; log?: (line: string) => void } = {},
): Promise<Record<keyof typeof ENGINES, string[][]>[]> {
  const queries = querySets.flat();
  const server = await startStaticHost({ root: path.resolve(buildDir), gzip: true });
  try {
    log(`Relevance: ${ENGINES.site}, ${queries.length} queries…`);
    // The /search page's filters: the language, and every docs plugin (each page has one tag).
    const site = browser
      ? await pageAnswers(server.origin, queries, log)
      : await nodeAnswers(path.join(buildDir, 'pagefind'), queries, contextualFacetFilters({ locale: 'en', tags: [] }));
    log(`Relevance: ${ENGINES.dev}, ${queries.length} queries…`);
    const dev = await devAnswers(server.origin, buildDir, queries);
    log(`Relevance: ${ENGINES.mcp}, ${queries.length} queries…`);
    const mcp = await mcpAnswers(root, buildDir, queries);
    return querySets.map(({ length }) => ({
      site: site.splice(0, length),
      dev: dev.splice(0, length),
      mcp: mcp.splice(0, length),
    }));
  } finally {
    await server.close();
  }
}
