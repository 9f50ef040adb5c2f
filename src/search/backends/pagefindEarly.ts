/**
 * What the local backend and the /search page's early script (static/search-early.js,
 * loaded by backends/local.head.tsx) share: Pagefind's options and module, and the
 * global through which the script hands its Pagefind instance to the backend.
 */
import type { PagefindFilters } from '../facets';
import type { PagefindApi } from './local';

/** The Pagefind options of the local backend, early or not. */
export function pagefindOptions(bundlePath: string, siteBaseUrl?: string): Record<string, unknown> {
  // The worker adds a download of its own; the index is small enough for the main thread.
  return {
    basePath: bundlePath,
    ...(siteBaseUrl === undefined ? {} : { baseUrl: siteBaseUrl }),
    excerptLength: 24,
    noWorker: true,
  };
}

/** The URL of Pagefind's browser module in a bundle folder. */
export function pagefindModuleUrl(bundlePath: string): string {
  return `${bundlePath}pagefind.js`;
}

/** The early script, from the site's static files. */
export const EARLY_SEARCH_SCRIPT = 'search-early.js';

/** Where the early script leaves its Pagefind instance for the backend. */
export const EARLY_PAGEFIND_GLOBAL = '__rubraEarlyPagefind';

/** The early script's settings, in its element's `data-search-early` attribute. */
export interface EarlySearchConfig {
  global: string;
  moduleUrl: string;
  options: Record<string, unknown>;
  filters: PagefindFilters;
  /** How many results the first screen shows: their fragments are fetched early too. */
  resultsPerPage: number;
}

/**
 * Takes the instance the early script started, once: later loads (after a failure,
 * say) start afresh. Null when there is none.
 */
export function takeEarlyPagefind(scope: Record<string, unknown>): Promise<PagefindApi> | null {
  const early = scope[EARLY_PAGEFIND_GLOBAL] as Promise<PagefindApi> | null | undefined;
  if (!early) {
    return null;
  }
  scope[EARLY_PAGEFIND_GLOBAL] = null;
  return early;
}
