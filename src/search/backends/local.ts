/**
 * The local backend: the Pagefind index of the build (or of the dev server under
 * `npm start`), loaded from the site's origin on first use, its results as DocSearch hits.
 */
import {
  PAGEFIND_OPTIONS,
  pagefindSearch,
  VOCABULARY_FILE,
  type PagefindApi,
  type PagefindFilters,
  type PagefindResultData,
  type VocabularyFile,
} from '@rubra/search-query';

import { loadOnce } from '../../shared/load-once';
import { escapeHtml } from '../pageResults';
import { SearchUnavailableError, type DocSearchHit, type FacetFilters, type SearchBackend } from '../types';
import { pagefindModuleUrl } from './pagefindEarly';

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

/** Pagefind's filters from contextualFacetFilters' groups ("language:en"). */
export function toPagefindFilters(facetFilters: FacetFilters): PagefindFilters {
  return Object.fromEntries(
    facetFilters.map((group) => {
      const facet = group[0]?.split(':')[0] ?? '';
      return [facet, { any: group.map((entry) => entry.slice(facet.length + 1)) }];
    }),
  );
}

/** An excerpt escaped once: Pagefind escapes < and > in excerpts but not &, and marks matches with <mark>. */
export const normaliseExcerpt = (excerpt: string) => excerpt.replace(/&(?!lt;|gt;)/g, '&amp;');

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
  if (terms.length === 0) {
    return escapeHtml(text);
  }
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return text
    .split(new RegExp(`(?<![\\p{L}\\p{N}])(${alternatives.join('|')})`, 'giu'))
    .map((part, index) => (index % 2 === 1 ? `<mark>${escapeHtml(part)}</mark>` : escapeHtml(part)))
    .join('');
}

/**
 * A hit as DocSearch renders it: titles escaped (recent searches show them as HTML) and
 * marked; `path` is the snippet line under a heading's title (the /search page reads the
 * highlighted titles).
 */
function toHit(url: string, names: Record<string, string>, excerpt: string, terms: string[], path?: string) {
  const hierarchy: Record<string, string> = {};
  const marked: Record<string, { value: string }> = {};
  for (const [level, name] of Object.entries(names)) {
    hierarchy[level] = level === 'lvl0' ? name : escapeHtml(name);
    marked[level] = { value: highlightTerms(name, terms) };
  }
  const [pageUrl, anchor = null] = url.split('#');
  return {
    objectID: url,
    type: Object.keys(names).at(-1),
    url,
    url_without_anchor: pageUrl,
    anchor,
    content: excerpt || null,
    hierarchy,
    _highlightResult: { hierarchy: marked },
    _snippetResult: { content: { value: excerpt }, hierarchy: path ? { ...marked, lvl1: { value: path } } : marked },
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
      const level = `lvl${Math.min(Math.max(Number(sub.anchor?.element.slice(1)) || 2, 2), 6)}`;
      const excerpt = normaliseExcerpt(sub.excerpt);
      // A heading's own excerpt under its title, so that every hit says why it matched.
      const headingTerms = [...new Set([...terms, ...markedTerms(sub.excerpt)])];
      return toHit(sub.url, { ...page, [level]: sub.title.trim() }, excerpt, headingTerms, excerpt);
    });
  return [toHit(data.url, page, normaliseExcerpt(data.excerpt), terms), ...headings];
}

/**
 * A chunk that fails to download makes Pagefind answer as if nothing matched, with no
 * hook: so the backend counts failed chunk downloads in the `fetch` Pagefind calls.
 */
function watchChunkDownloads(scope: { fetch: typeof fetch }, bundlePath: string): () => number {
  const pathOf = (href: string) => new URL(href, 'http://site.invalid/').pathname;
  const chunkPaths = ['index/', 'filter/'].map((folder) => pathOf(`${bundlePath}${folder}`));
  const isChunk = (input: RequestInfo | URL) =>
    chunkPaths.some((path) => pathOf(input instanceof Request ? input.url : String(input)).startsWith(path));
  let failures = 0;
  const originalFetch = scope.fetch;
  scope.fetch = async (input, init) => {
    const response = await originalFetch.call(scope, input, init).catch((error: unknown) => {
      failures += isChunk(input) ? 1 : 0;
      throw error;
    });
    failures += !response.ok && isChunk(input) ? 1 : 0;
    return response;
  };
  return () => failures;
}

export function createLocalBackend(options: LocalBackendOptions): SearchBackend {
  const { bundlePath, importPagefind = (url) => import(/* webpackIgnore: true */ url) as Promise<PagefindApi> } =
    options;
  // The site's words, fetched when a query first has a word that may be misspelt; after a failure, by the next one.
  const loadWords = loadOnce(async () => {
    const response = await fetch(`${bundlePath}${VOCABULARY_FILE}`);
    return response.ok ? ((await response.json()) as VocabularyFile).words : Promise.reject(response.status);
  });
  const vocabulary = () =>
    loadWords().catch((error: unknown) => {
      console.warn('The search vocabulary could not be loaded:', error);
      return [];
    });
  const failedChunkDownloads = watchChunkDownloads(options.fetchScope ?? globalThis, bundlePath);
  // After a failure the next query tries again (the network may be back).
  const load = loadOnce(async () => {
    try {
      const pagefind = await importPagefind(pagefindModuleUrl(bundlePath));
      await pagefind.options({
        basePath: bundlePath,
        baseUrl: options.siteBaseUrl,
        // Pagefind asks for its entry file with this tag instead of the time, matching the page's preload hint.
        metaCacheTag: options.indexTag,
        ...PAGEFIND_OPTIONS,
      });
      await pagefind.init();
      return pagefindSearch(pagefind);
    } catch (error) {
      throw new SearchUnavailableError('The search index could not be loaded.', { cause: error });
    }
  });

  return {
    kind: 'local',
    async preload() {
      await load().catch(() => undefined);
    },
    async search({ query, facetFilters, hitsPerPage, page, literal }) {
      const search = await load();
      const filters = toPagefindFilters(facetFilters);
      const failuresBefore = failedChunkDownloads();
      try {
        const { results, notice, dataOf } = await search(query, {
          filters,
          vocabulary,
          literal,
          resultsShown: (page + 1) * hitsPerPage,
        });
        // Pagefind forgets a chunk that failed, so the next query downloads it again.
        if (failedChunkDownloads() > failuresBefore) {
          throw new Error('Part of the search index could not be downloaded.');
        }
        const shown = await Promise.all(results.slice(page * hitsPerPage, (page + 1) * hitsPerPage).map(dataOf));
        return {
          hits: shown.flatMap((data) => pagefindResultToHits(data, options.fallbackSection)),
          nbHits: results.length,
          notice,
        };
      } catch (error) {
        const message = error instanceof Error ? error.message : 'The search index could not be read.';
        throw new SearchUnavailableError(message, { cause: error });
      }
    },
  };
}
