/**
 * The local backend: the Pagefind index of the build (or of the dev server under
 * `npm start`), loaded from the site's origin on first use, its results as DocSearch hits.
 */
import { understandQuery, VOCABULARY_FILE, type QueryEngine, type VocabularyFile } from '@rubra/search-query';

import { toPagefindFilters, type PagefindFilters } from '../facets';
import { escapeHtml } from '../pageResults';
import { SearchUnavailableError, type DocSearchHit, type SearchBackend, type SearchResponse } from '../types';
import { pagefindModuleUrl, pagefindOptions } from './pagefindEarly';

/** The part of Pagefind's browser API the backend uses. */
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

/** The parts of Pagefind's result data the backend reads. */
export interface PagefindResultData {
  url: string;
  excerpt: string;
  content?: string;
  meta: Record<string, string | undefined>;
  sub_results: {
    title: string;
    url: string;
    excerpt: string;
    anchor?: { element: string; id: string; text?: string; location: number };
  }[];
  /** The page's elements with an id, headings among them, in order. */
  anchors?: { element: string; text: string }[];
}

export interface LocalBackendOptions {
  /** Where pagefind.js and its index live, e.g. "/pagefind/". */
  bundlePath: string;
  /** The section of a page that names none. */
  fallbackSection: string;
  /** The site's base URL that result URLs start with; Pagefind's default derives it from bundlePath. */
  siteBaseUrl?: string;
  /** The index's tag, when the page knows it (INDEX_TAG_META). */
  indexTag?: string | undefined;
  /** Loads the Pagefind module; the default imports it at run time from bundlePath. */
  importPagefind?: (url: string) => Promise<PagefindApi>;
  /** Where the `fetch` that Pagefind calls lives; the default is the global object. */
  fetchScope?: { fetch: typeof fetch };
}

const MAX_HEADING_HITS = 3;

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const LEVELS: Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/** Pagefind escapes < and > in excerpts but not &, and marks matches: every text run is escaped once here. */
export function normaliseExcerpt(excerpt: string): string {
  return excerpt
    .split(/(<\/?mark>)/)
    .map((part) => (/^<\/?mark>$/.test(part) ? part : escapeHtml(part.replace(/&lt;/g, '<').replace(/&gt;/g, '>'))))
    .join('');
}

/** The words Pagefind marked in an excerpt, to highlight titles with. */
export function markedTerms(excerpt: string): string[] {
  const terms = [...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/[.,;:!?)]+$/u, '')
      .toLowerCase(),
  );
  return [...new Set(terms.filter(Boolean))];
}

/** The text, escaped, with each term that starts a word (any case) in <mark>. */
export function highlightTerms(text: string, terms: readonly string[]): string {
  const usable = [...new Set(terms.map((term) => term.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) {
    return escapeHtml(text);
  }
  const alternatives = usable.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  return text
    .split(new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives})`, 'giu'))
    .map((part, index) => (index % 2 === 1 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join('');
}

/**
 * A hit as DocSearch renders it: the hierarchy escaped (recent searches show it as
 * HTML), its highlights and snippets marked. `path` is the line under a heading's title.
 */
function toHit(
  url: string,
  type: Level,
  names: Partial<Record<Level, string>>,
  excerpt: string,
  terms: string[],
  path?: string,
): DocSearchHit {
  const hierarchy = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      level === 'lvl0' ? names.lvl0 : names[level] === undefined ? null : escapeHtml(names[level]),
    ]),
  );
  const marked = Object.fromEntries(
    LEVELS.filter((level) => names[level] !== undefined).map((level) => [
      level,
      { value: highlightTerms(names[level] ?? '', terms) },
    ]),
  );
  const hash = url.indexOf('#');
  const content = { value: excerpt };
  // DocSearch reads the values of the highlights and snippets only.
  return {
    objectID: url,
    type,
    url,
    url_without_anchor: hash === -1 ? url : url.slice(0, hash),
    anchor: hash === -1 ? null : url.slice(hash + 1),
    content: excerpt || null,
    hierarchy,
    _highlightResult: { content, hierarchy: marked },
    _snippetResult: { content, hierarchy: path === undefined ? marked : { ...marked, lvl1: { value: path } } },
  } as unknown as DocSearchHit;
}

/** A page's hit, then its headings' (lvl2 to lvl6), which deep-link to their anchors. */
export function pagefindResultToHits(data: PagefindResultData, fallbackSection: string): DocSearchHit[] {
  const page = { lvl0: data.meta.section?.trim() || fallbackSection, lvl1: data.meta.title?.trim() || data.url };
  const terms = markedTerms(data.excerpt);
  const headings = data.sub_results
    .filter((sub) => sub.anchor && sub.url.includes('#'))
    .slice(0, MAX_HEADING_HITS)
    .map((sub) => {
      const depth = Number(sub.anchor?.element.replace(/^h/i, ''));
      const level = LEVELS[Number.isInteger(depth) ? Math.min(Math.max(depth, 2), 6) : 2] ?? 'lvl2';
      const excerpt = normaliseExcerpt(sub.excerpt);
      // A heading's own excerpt under its title, so that every hit says why it matched.
      const headingTerms = [...new Set([...terms, ...markedTerms(sub.excerpt)])];
      return toHit(sub.url, level, { ...page, [level]: sub.title.trim() }, excerpt, headingTerms, excerpt);
    });
  return [toHit(data.url, 'lvl1', page, normaliseExcerpt(data.excerpt), terms), ...headings];
}

/**
 * When an index chunk fails to download (the network dropped after the page loaded),
 * Pagefind answers with no results, as if nothing matched, and offers no hook: so the
 * backend counts the chunk downloads that fail, in the `fetch` Pagefind calls.
 */
function watchChunkDownloads(scope: { fetch: typeof fetch }, bundlePath: string): () => number {
  const paths = ['index/', 'filter/'].map(
    (folder) => new URL(`${bundlePath}${folder}`, 'http://site.invalid/').pathname,
  );
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
      failures += !response.ok && isChunk(input) ? 1 : 0;
      return response;
    } catch (error) {
      failures += isChunk(input) ? 1 : 0;
      throw error;
    }
  };
  return () => failures;
}

export function createLocalBackend(options: LocalBackendOptions): SearchBackend {
  const importPagefind =
    options.importPagefind ?? ((url) => import(/* webpackIgnore: true */ url) as Promise<PagefindApi>);
  const vocabularyUrl = `${options.bundlePath}${VOCABULARY_FILE}`;
  let words: Promise<readonly string[]> | null = null;
  // The site's words, fetched when a query first has a word that may be misspelt; after a failure, by the next one.
  const vocabulary = () =>
    (words ??= fetch(vocabularyUrl)
      .then((response) =>
        response.ok ? (response.json() as Promise<VocabularyFile>) : Promise.reject(response.status),
      )
      .then((file) => file.words)
      .catch((error: unknown) => {
        words = null;
        console.warn('The search vocabulary could not be loaded:', error);
        return [];
      }));
  const pageCounts = new Map<string, Promise<number>>();
  let loading: Promise<PagefindApi> | null = null;
  let failedChunkDownloads: (() => number) | null = null;

  function load(): Promise<PagefindApi> {
    loading ??= (async () => {
      failedChunkDownloads ??= watchChunkDownloads(options.fetchScope ?? globalThis, options.bundlePath);
      const pagefind = await importPagefind(pagefindModuleUrl(options.bundlePath));
      await pagefind.options(pagefindOptions(options.bundlePath, options.siteBaseUrl, options.indexTag));
      await pagefind.init();
      return pagefind;
    })().catch((error: unknown) => {
      // The next query tries again (the network may be back).
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
    async search({ query, facetFilters, hitsPerPage, page, literal }): Promise<SearchResponse> {
      const pagefind = await load();
      const filters = toPagefindFilters(facetFilters);
      const failuresBefore = failedChunkDownloads?.() ?? 0;
      const loaded = new Map<string, Promise<PagefindResultData>>();
      const dataOf = (result: PagefindResult) => {
        const data = loaded.get(result.id) ?? result.data();
        loaded.set(result.id, data);
        return data;
      };
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
          const count =
            pageCounts.get(key) ?? pagefind.search(null, { filters }).then((found) => found?.results.length ?? 0);
          count.catch(() => pageCounts.delete(key));
          pageCounts.set(key, count);
          return count;
        },
      };
      try {
        const { results, notice } = await understandQuery(query, engine, {
          vocabulary,
          literal,
          resultsShown: (page + 1) * hitsPerPage,
        });
        // Pagefind forgets a chunk that failed, so the next query downloads it again.
        if ((failedChunkDownloads?.() ?? 0) > failuresBefore) {
          throw new Error('Part of the search index could not be downloaded.');
        }
        const shown = await Promise.all(results.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(dataOf));
        return {
          hits: shown.flatMap((data) => pagefindResultToHits(data, options.fallbackSection)),
          nbHits: results.length,
          page,
          nbPages: Math.ceil(results.length / hitsPerPage),
          notice,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The search index could not be read.';
        throw new SearchUnavailableError(message, { cause: error });
      }
    },
  };
}
