/**
 * The site's one search engine: a Pagefind index, read through the query layer. The local
 * backend (the build's or the dev server's index) and the docs MCP server (the published
 * index) search with this one function, so an index answers alike wherever it is asked.
 */
import type { QueryEngine, UnderstandOptions } from './engine';
import { remembered, understandQuery } from './read-query';

/** Pagefind's filter object: every facet ANDed, the values of one facet ORed. */
export type PagefindFilters = Record<string, { any: string[] }>;

/** The part of Pagefind's API (its `pagefind.js`, or an instance of it) the search uses. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  /** A null term searches by the filters alone; null answers a search a newer one superseded. */
  search(term: string | null, options?: { filters?: PagefindFilters }): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindResult {
  id: string;
  score: number;
  /** Where the page's text holds the query's words, as word positions. */
  words: number[];
  data: () => Promise<PagefindResultData>;
}

/** The parts of Pagefind's result data the site and the MCP server read. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  content?: string;
  meta: Record<string, string | undefined>;
  sub_results: {
    title: string;
    url: string;
    excerpt: string;
    anchor?: { element: string };
    /** How much each of the section's matching words weighs. */
    weighted_locations?: { balanced_score: number }[];
  }[];
  /** The page's elements with an id, headings among them, in order. */
  anchors?: { element: string; text: string }[];
}

/** The options every reader of the index sets: results read in order, without a worker's extra download. */
export const PAGEFIND_OPTIONS = { excerptLength: 24, noWorker: true } as const;

/** Searches one Pagefind index through the query layer; the pages the filters let through are counted once. */
export function pagefindSearch(pagefind: PagefindApi) {
  const pageCounts = new Map<string, Promise<number>>();
  return async (query: string, options: UnderstandOptions & { filters: PagefindFilters }) => {
    const { filters } = options;
    const loaded = new Map<string, Promise<PagefindResultData>>();
    // A result's data, loaded once for the query layer and its caller.
    const dataOf = (result: PagefindResult) => remembered(loaded, result.id, () => result.data());
    const engine: QueryEngine<PagefindResult> = {
      search: async (term) => (await pagefind.search(term, { filters }))?.results ?? [],
      text: async (result) => (await dataOf(result)).content ?? '',
      title: async (result) => (await dataOf(result)).meta.title ?? '',
      headings: async (result) =>
        ((await dataOf(result)).anchors ?? [])
          .filter((anchor) => /^h[1-6]$/.test(anchor.element))
          .map((anchor) => anchor.text),
      firstMatch: (result) => (result.words.length > 0 ? Math.min(...result.words) : undefined),
      pageCount: () => {
        // A search by the filters alone answers every page they let through; a failure is asked again.
        const key = JSON.stringify(filters);
        const count = remembered(pageCounts, key, () =>
          pagefind.search(null, { filters }).then((found) => found?.results.length ?? 0),
        );
        count.catch(() => pageCounts.delete(key));
        return count;
      },
    };
    const { results, notice } = await understandQuery(query, engine, options);
    return { results, notice, dataOf };
  };
}
