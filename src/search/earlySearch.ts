/**
 * How the /search page meets the search its HTML started early (the local backend's
 * early script, src/search/backends/local.early.ts): the script leaves its backend
 * under a global, and paints the first results into the page's status region and
 * result list while they carry the target attribute. Builds without an early script
 * (Algolia) never set the global, and the page loads its backend itself.
 */
import type { SearchBackend } from './types';

/** Where the early script leaves what it started, or `{ backend: null }` when it declined. */
export const EARLY_SEARCH_GLOBAL = '__rubraEarlySearch';

/** The attribute of the early script's element; its value holds the script's settings. */
export const EARLY_SCRIPT_ATTRIBUTE = 'data-search-early';

/** Set to "status" and "list" on the page's elements that the early script may paint. */
export const EARLY_TARGET_ATTRIBUTE = 'data-search-early-target';

export interface EarlySearch {
  backend: SearchBackend | null;
}

type Scope = Record<string, unknown>;

function started(scope: Scope): SearchBackend | null {
  return (scope[EARLY_SEARCH_GLOBAL] as EarlySearch | undefined)?.backend ?? null;
}

/**
 * The backend the early script started, once the script has run; null when there is
 * no early script on the page or it started nothing (the page had already hydrated).
 */
export function earlySearchBackend(doc: Document, scope: Scope): Promise<SearchBackend | null> {
  if (EARLY_SEARCH_GLOBAL in scope) {
    return Promise.resolve(started(scope));
  }
  const script = doc.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`);
  if (!script) {
    return Promise.resolve(null);
  }
  // A module script that has not run yet: it has run once its element fires `load`.
  return new Promise((resolve) => {
    const settle = () => resolve(started(scope));
    script.addEventListener('load', settle, { once: true });
    script.addEventListener('error', settle, { once: true });
  });
}
