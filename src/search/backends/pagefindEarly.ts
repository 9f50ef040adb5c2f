/**
 * What the local backend and the /search page's early script (local.early.ts, bundled
 * into `search-early.js` by the search-index plugin and loaded by local.head.tsx)
 * share: Pagefind's options and module, the script's file and its settings.
 */
import type { FacetFilters } from '../types';
import type { ResultClasses } from '../paintResults';

/** The Pagefind options of the local backend. */
export function pagefindOptions(bundlePath: string, siteBaseUrl?: string, indexTag?: string): Record<string, unknown> {
  // The worker adds a download of its own; the index is small enough for the main thread.
  return {
    basePath: bundlePath,
    ...(siteBaseUrl === undefined ? {} : { baseUrl: siteBaseUrl }),
    // Pagefind asks for its entry file with this tag in the query instead of the time,
    // so that the built page's preload hint for it (INDEX_TAG_META) matches.
    ...(indexTag === undefined ? {} : { metaCacheTag: indexTag }),
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

/**
 * The meta element of the built /search page that lists, in order, the site's scripts
 * the page holds back until the early script has painted its first results (or found
 * nothing to paint): the search's WebAssembly, index and first paint then do not wait
 * behind the site's bundle, which downloads and runs right after.
 */
export const HELD_SCRIPTS_META = 'search-held-scripts';

/**
 * The meta element of the built /search page that holds the index's tag: a digest of
 * Pagefind's entry file, which the page preloads as `pagefind-entry.json?ts=<tag>`.
 */
export const INDEX_TAG_META = 'search-index-tag';

/** The URL under which Pagefind asks for its entry file when given the index's tag. */
export function pagefindEntryUrl(bundlePath: string, indexTag: string): string {
  return `${bundlePath}pagefind-entry.json?ts=${encodeURIComponent(indexTag)}`;
}

/** The longest the early script holds the site's scripts back, in milliseconds, however slow the search. */
export const HOLD_LIMIT_MS = 2000;

/**
 * How long the early script waits, after the frame that shows its first results, for the
 * browser to report them painted (a largest-contentful-paint entry) before it releases
 * the site's scripts without that report, in milliseconds.
 */
export const PAINT_REPORT_WAIT_MS = 100;

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
