import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

import {
  PAGEFIND_OPTIONS,
  pagefindSearch,
  type PagefindApi,
  type PagefindFilters,
  type PagefindResultData,
  type QueryData,
} from '@rubra/search-query';

export interface SearchHit {
  pageTitle: string;
  /** The section's heading; the page title when the hit is the page's introduction. */
  heading: string;
  /** The page URL, with the section's anchor. */
  url: string;
  snippet: string;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /**
   * The query the hits answer when it is not the one asked: a word corrected to the
   * docs' spelling, or left out because no page holds every word.
   */
  searchedFor: string | null;
}

/** Where the site serves its Pagefind index, from its root. */
export const INDEX_PATH = '/pagefind/';

/** The Pagefind runtime that build.mjs ships beside the server, which runs no code it downloads. */
export const PAGEFIND_RUNTIME = fileURLToPath(new URL('./pagefind/', import.meta.url));

/** The sections shown of one page, as the site's search shows up to three per page. */
const SECTIONS_PER_PAGE = 3;
/** About as long as a search result's snippet in an editor: some 40 words. */
const EXCERPT_WORDS = 40;

/** Pagefind fetches its files: each index answers those under its own base URL, from its source or the runtime. */
let indexesOpened = 0;

interface PagefindModule {
  createInstance(options: Record<string, unknown>): PagefindApi & {
    filters(): Promise<Record<string, Record<string, number>>>;
  };
}

/**
 * The site's Pagefind index, searched with the query layer and filters of the /search
 * page, so the pages come in the site's order, each with up to three sections that hold
 * the query's words. The runtime is read from `files.runtime`, the index with
 * `files.read`; hit URLs name `site.origin`. Opened by `Docs`.
 * @internal
 */
export async function openDocsIndex(
  files: { read(file: string): Promise<Uint8Array>; runtime: string },
  site: { origin: string; data: QueryData; vocabulary: () => Promise<readonly string[]> },
) {
  const base = `http://rubra-docs-mcp.invalid/${++indexesOpened}/`;
  const runtimeFiles = new Set(['pagefind.js', 'wasm.en.pagefind', 'wasm.unknown.pagefind']);
  const fetchBefore = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!href.startsWith(base)) {
      return fetchBefore(input, init);
    }
    const file = new URL(href).pathname.slice(new URL(base).pathname.length);
    try {
      const bytes = await (runtimeFiles.has(file) ? readFile(path.join(files.runtime, file)) : files.read(file));
      return new Response(new Uint8Array(bytes), { status: 200 });
    } catch (error) {
      return new Response(error instanceof Error ? error.message : String(error), { status: 404 });
    }
  };
  const runtime = pathToFileURL(path.join(files.runtime, 'pagefind.js')).href;
  const { createInstance } = (await import(runtime)) as PagefindModule;
  const pagefind = createInstance({ basePath: base, baseUrl: '/', ...PAGEFIND_OPTIONS, excerptLength: EXCERPT_WORDS });
  await pagefind.init();
  const languages = Object.keys((await pagefind.filters()).language ?? {});
  const filters: PagefindFilters = languages.length > 0 ? { language: { any: languages } } : {};
  const ask = pagefindSearch(pagefind);

  /** A page's sections that hold the query's words, the most words and weight first; else the page itself. */
  const sections = (page: PagefindResultData): SearchHit[] => {
    const pageTitle = page.meta.title ?? page.url;
    const hit = (url: string, heading: string, excerpt: string): SearchHit => ({
      pageTitle,
      heading,
      url: new URL(url, site.origin).href,
      snippet: plainExcerpt(excerpt),
    });
    const marked = (excerpt: string) =>
      new Set([...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].map(([, word]) => word)).size;
    const shown = page.sub_results
      .map((section) => ({
        section,
        words: marked(section.excerpt.toLowerCase()),
        score: (section.weighted_locations ?? []).reduce((sum, { balanced_score }) => sum + balanced_score, 0),
      }))
      .sort((a, b) => b.words - a.words || b.score - a.score)
      .slice(0, SECTIONS_PER_PAGE)
      .map(({ section }) => hit(section.url, section.url.includes('#') ? section.title : pageTitle, section.excerpt));
    return shown.length > 0 ? shown : [hit(page.url, pageTitle, page.excerpt)];
  };

  return {
    /** The best sections for a query, the pages ranked by the site's query layer. */
    async search(query: string, limit: number): Promise<SearchAnswer> {
      const { results, notice, dataOf } = await ask(query, { filters, data: site.data, vocabulary: site.vocabulary });
      const pages = await Promise.all(results.slice(0, limit).map(dataOf));
      return { hits: pages.flatMap(sections).slice(0, limit), searchedFor: notice?.query ?? null };
    },
  };
}

export type DocsIndex = Awaited<ReturnType<typeof openDocsIndex>>;

/** An excerpt as Pagefind writes it (matches in <mark>, < and > escaped) as plain text. */
export function plainExcerpt(excerpt: string): string {
  return excerpt
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}
