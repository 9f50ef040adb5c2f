/**
 * The local backend: the Pagefind index written after the build (and by the dev
 * server under `npm start`), loaded from the site's own origin on first use.
 */
import { understandQuery, VOCABULARY_FILE, type QueryEngine, type VocabularyFile } from '@rubra/search-query';

import { toPagefindFilters, type PagefindFilters } from '../facets';
import { pagefindResultToHits, type PagefindResultData } from '../pagefindHits';
import { SearchUnavailableError, type SearchBackend, type SearchRequest, type SearchResponse } from '../types';
import { pagefindModuleUrl, pagefindOptions } from './pagefindEarly';

/** The part of Pagefind's browser API the backend uses. */
export interface PagefindApi {
  options(options: Record<string, unknown>): Promise<void>;
  init(): Promise<void>;
  preload(term: string, options?: { filters?: PagefindFilters }): Promise<void>;
  /** A null term searches by the filters alone. */
  search(term: string | null, options?: { filters?: PagefindFilters }): Promise<{ results: PagefindResult[] } | null>;
}

interface PagefindResult {
  id: string;
  score: number;
  /** Where the page's text holds the query's words, as word positions. */
  words: number[];
  data: () => Promise<PagefindResultData>;
}

export interface LocalBackendOptions {
  /** Where pagefind.js and its index live, e.g. "/pagefind/". */
  bundlePath: string;
  fallbackSection: string;
  /** The site's base URL that result URLs start with; Pagefind's default derives it from bundlePath. */
  siteBaseUrl?: string;
  /** The index's tag, when the page knows it (INDEX_TAG_META): Pagefind's entry file is then asked for by it. */
  indexTag?: string | undefined;
  /** Loads the Pagefind module; the default imports it at run time from bundlePath. */
  importPagefind?: (url: string) => Promise<PagefindApi>;
  /** Where the `fetch` that Pagefind calls lives; the default is the global object. */
  fetchScope?: { fetch: typeof fetch };
}

const MAX_HEADING_HITS = 3;

function importAtRunTime(url: string): Promise<PagefindApi> {
  // pagefind.js is generated after the build: the bundler must not resolve it.
  return import(/* webpackIgnore: true */ url) as Promise<PagefindApi>;
}

/** The index files a query needs (word chunks, filter chunks), as paths. */
function chunkPaths(bundlePath: string): string[] {
  return ['index/', 'filter/'].map((folder) => new URL(`${bundlePath}${folder}`, 'http://site.invalid/').pathname);
}

/**
 * Pagefind downloads the index chunks a query needs when it first needs them. When a
 * download fails (the network dropped after the page loaded), it logs the failure and
 * answers with what the chunks it has contain: no results, as if nothing matched. It
 * offers no hook for this, so the backend watches the `fetch` Pagefind calls and counts
 * the chunk downloads that fail. Anything else passes through untouched.
 */
function watchChunkDownloads(scope: { fetch: typeof fetch }, bundlePath: string): () => number {
  const paths = chunkPaths(bundlePath);
  const isChunk = (input: RequestInfo | URL) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { pathname } = new URL(href, 'http://site.invalid/');
    return paths.some((path) => pathname.startsWith(path));
  };
  let failures = 0;
  const originalFetch = scope.fetch;
  scope.fetch = async (input, init) => {
    try {
      const response = await originalFetch.call(scope, input, init);
      if (!response.ok && isChunk(input)) {
        failures += 1;
      }
      return response;
    } catch (error) {
      if (isChunk(input)) {
        failures += 1;
      }
      throw error;
    }
  };
  return () => failures;
}

/** The site's words, most frequent first: fetched once, when a query first has a word that may be misspelt. */
function vocabularyLoader(url: string): () => Promise<readonly string[]> {
  let words: Promise<readonly string[]> | null = null;
  return () => {
    words ??= fetch(url)
      .then(async (response) => {
        if (!response.ok) {
          throw new Error(`${url}: HTTP ${response.status}`);
        }
        return ((await response.json()) as VocabularyFile).words;
      })
      .catch((error: unknown) => {
        // No correction this time; the next query tries again.
        words = null;
        console.warn('The search vocabulary could not be loaded:', error);
        return [];
      });
    return words;
  };
}

export function createLocalBackend(options: LocalBackendOptions): SearchBackend {
  const importPagefind = options.importPagefind ?? importAtRunTime;
  const vocabulary = vocabularyLoader(`${options.bundlePath}${VOCABULARY_FILE}`);
  let loading: Promise<PagefindApi> | null = null;
  const pageCounts = new Map<string, Promise<number>>();
  let failedChunkDownloads: (() => number) | null = null;

  function load(): Promise<PagefindApi> {
    loading ??= (async () => {
      failedChunkDownloads ??= watchChunkDownloads(options.fetchScope ?? globalThis, options.bundlePath);
      const pagefind = await importPagefind(pagefindModuleUrl(options.bundlePath));
      await pagefind.options(pagefindOptions(options.bundlePath, options.siteBaseUrl, options.indexTag));
      await pagefind.init();
      return pagefind;
    })().catch((error: unknown) => {
      // Forget the failure, so the next query tries again (the network may be back).
      loading = null;
      throw new SearchUnavailableError('The search index could not be loaded.', { cause: error });
    });
    return loading;
  }

  return {
    kind: 'local',
    async preload() {
      await load().catch(() => undefined);
    },
    async search({ query, facetFilters, hitsPerPage, page, literal }: SearchRequest): Promise<SearchResponse> {
      const pagefind = await load();
      const filters = toPagefindFilters(facetFilters);
      const failuresBefore = failedChunkDownloads?.() ?? 0;
      const loaded = new Map<string, Promise<PagefindResultData>>();
      const dataOf = (result: PagefindResult) => {
        let data = loaded.get(result.id);
        if (!data) {
          data = result.data();
          loaded.set(result.id, data);
        }
        return data;
      };
      const engine: QueryEngine<PagefindResult> = {
        // Pagefind answers null when a newer search superseded this one.
        search: async (term) => (await pagefind.search(term, { filters }))?.results ?? [],
        text: async (result) => (await dataOf(result)).content ?? '',
        title: async (result) => (await dataOf(result)).meta.title ?? '',
        headings: async (result) =>
          ((await dataOf(result)).anchors ?? [])
            .filter((anchor) => /^h[1-6]$/.test(anchor.element))
            .map((anchor) => anchor.text),
        firstMatch: (result) => (result.words.length > 0 ? Math.min(...result.words) : undefined),
        pageCount: () => {
          // A search by the filters alone answers every page they let through.
          const key = JSON.stringify(filters);
          let count = pageCounts.get(key);
          if (!count) {
            count = pagefind.search(null, { filters }).then((found) => found?.results.length ?? 0);
            // Forget a failure, so that the next query asks again.
            count.catch(() => pageCounts.delete(key));
            pageCounts.set(key, count);
          }
          return count;
        },
      };
      let understood;
      try {
        understood = await understandQuery(query, engine, {
          vocabulary,
          literal,
          resultsShown: (page + 1) * hitsPerPage,
        });
      } catch (error) {
        throw new SearchUnavailableError('The search index could not be read.', { cause: error });
      }
      // Pagefind forgets a chunk that failed, so the next query downloads it again.
      if ((failedChunkDownloads?.() ?? 0) > failuresBefore) {
        throw new SearchUnavailableError('Part of the search index could not be downloaded.');
      }
      const { results, notice } = understood;
      const start = page * hitsPerPage;
      const slice = results.slice(start, start + hitsPerPage);
      let data: PagefindResultData[];
      try {
        data = await Promise.all(slice.map(dataOf));
      } catch (error) {
        throw new SearchUnavailableError('Search results could not be loaded.', { cause: error });
      }
      return {
        hits: data.flatMap((result) =>
          pagefindResultToHits(result, {
            fallbackSection: options.fallbackSection,
            maxHeadingHits: MAX_HEADING_HITS,
          }),
        ),
        nbHits: results.length,
        page,
        nbPages: Math.ceil(results.length / hitsPerPage),
        notice,
      };
    },
  };
}
