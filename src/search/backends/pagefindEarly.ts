/**
 * What the local backend and the /search page's early script (local.early.ts, bundled
 * into `search-early.js` by the search-index plugin and loaded by local.head.tsx)
 * share: Pagefind's options and module, the script's file and its settings.
 */
import type { FacetFilters } from '../types';
import type { ResultClasses } from '../paintResults';

/** The Pagefind options of the local backend. */
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

/** The early script, served from the site's root. */
export const EARLY_SEARCH_SCRIPT = 'search-early.js';

/** The early script's settings, in its element's `data-search-early` attribute. */
export interface EarlySearchConfig {
  /** Where pagefind.js and its index live, e.g. "/pagefind/". */
  bundlePath: string;
  fallbackSection: string;
  /** The page's contextual filters. */
  facetFilters: FacetFilters;
  /** How many results the first screen shows. */
  resultsPerPage: number;
  /** The page's class names for the results' markup. */
  classes: ResultClasses;
}
