/**
 * What the local backend, the /search page and its early script (local.early.ts, bundled
 * into `search-early.js` by the search plugin) share, and how the script hands its
 * backend to the page.
 */
import type { FacetFilters, SearchBackend } from '../types';

/** The Pagefind options of the local backend. */
export function pagefindOptions(bundlePath: string, siteBaseUrl?: string, indexTag?: string): Record<string, unknown> {
  return {
    basePath: bundlePath,
    ...(siteBaseUrl === undefined ? {} : { baseUrl: siteBaseUrl }),
    // Pagefind asks for its entry file with this tag instead of the time, matching the page's preload hint.
    ...(indexTag === undefined ? {} : { metaCacheTag: indexTag }),
    excerptLength: 24,
    // The worker adds a download of its own; the index is small enough for the main thread.
    noWorker: true,
  };
}

/** The URL of Pagefind's browser module in a bundle folder. */
export function pagefindModuleUrl(bundlePath: string): string {
  return `${bundlePath}pagefind.js`;
}

/** The early script, served from the site's root. */
export const EARLY_SEARCH_SCRIPT = 'search-early.js';

/** The attribute of the early script's element; its value holds the script's settings (EarlySearchConfig). */
export const EARLY_SCRIPT_ATTRIBUTE = 'data-search-early';

/** The built /search page's meta element listing the site's scripts held back until the first results are painted. */
export const HELD_SCRIPTS_META = 'search-held-scripts';

/** The built /search page's meta element holding the index's tag, a digest of Pagefind's entry file. */
export const INDEX_TAG_META = 'search-index-tag';

/** The URL under which Pagefind asks for its entry file when given the index's tag. */
export function pagefindEntryUrl(bundlePath: string, indexTag: string): string {
  return `${bundlePath}pagefind-entry.json?ts=${encodeURIComponent(indexTag)}`;
}

/** The longest the early script holds the site's scripts back, in milliseconds, however slow the search. */
export const HOLD_LIMIT_MS = 2000;

export interface EarlySearchConfig {
  bundlePath: string;
  fallbackSection: string;
  facetFilters: FacetFilters;
  /** How many results the first screen shows. */
  resultsPerPage: number;
  /** The site's URL (siteConfig.url), as the page was built with it. */
  siteUrl: string;
}

/** Where the early script leaves the backend it started, or null when it declined. */
export const EARLY_SEARCH_GLOBAL = '__rubraEarlySearch';

export type EarlyScope = { [EARLY_SEARCH_GLOBAL]?: SearchBackend | null };

/**
 * The backend the early script started, once the script has run; null when the page
 * has no early script (Algolia) or it started nothing (the page had hydrated).
 */
export function earlySearchBackend(doc: Document, scope: EarlyScope): Promise<SearchBackend | null> {
  const script = doc.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`);
  if (EARLY_SEARCH_GLOBAL in scope || !script) {
    return Promise.resolve(scope[EARLY_SEARCH_GLOBAL] ?? null);
  }
  // A module script that has not run yet has run once its element fires `load`.
  return new Promise((resolve) => {
    const settle = () => resolve(scope[EARLY_SEARCH_GLOBAL] ?? null);
    script.addEventListener('load', settle, { once: true });
    script.addEventListener('error', settle, { once: true });
  });
}
