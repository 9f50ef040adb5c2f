/**
 * Loads the search UI and backend on demand. Nothing here runs during a page's
 * first load: the navbar button and the /search page call these when needed.
 */
import type { SearchSetup, SearchSetupOptions } from './setup';

let setup: Promise<SearchSetup> | null = null;

export function loadSearchSetup(options: SearchSetupOptions): Promise<SearchSetup> {
  setup ??= import('@rubra/search-backend')
    .then(({ createSearchSetup }) => createSearchSetup(options))
    .catch((error: unknown) => {
      setup = null;
      throw error;
    });
  return setup;
}

export type SearchModalModule = typeof import('./SearchModal');

let modal: Promise<SearchModalModule> | null = null;

export function loadSearchModal(): Promise<SearchModalModule> {
  modal ??= import('./SearchModal').catch((error: unknown) => {
    modal = null;
    throw error;
  });
  return modal;
}

/** Warms the modal code and the index; failures are left for the real query to report. */
export function preloadSearch(options: SearchSetupOptions): void {
  void loadSearchModal().catch(() => undefined);
  void loadSearchSetup(options)
    .then((loaded) => loaded.backend.preload())
    .catch(() => undefined);
}
