/**
 * Loads the search UI and backend on demand. Nothing here runs during a page's
 * first load or while the browser is idle: the navbar button (on intent) and the
 * /search page call these.
 */
import type { SearchSetup, SearchSetupOptions } from './setup';

let backendCode: Promise<typeof import('@rubra/search-backend')> | null = null;
let setup: Promise<SearchSetup> | null = null;

function importBackend(): Promise<typeof import('@rubra/search-backend')> {
  backendCode ??= import('@rubra/search-backend').catch((error: unknown) => {
    backendCode = null;
    throw error;
  });
  return backendCode;
}

export function loadSearchSetup(options: SearchSetupOptions): Promise<SearchSetup> {
  setup ??= importBackend()
    .then(({ createSearchSetup }) => createSearchSetup(options))
    .catch((error: unknown) => {
      setup = null;
      throw error;
    });
  return setup;
}

/** Starts the download of the backend's code, to be set up later; failures are left for the real load. */
export function preloadSearchBackend(): void {
  void importBackend().catch(() => undefined);
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

/** Warms the index; failures are left for the real query to report. */
function preloadSearchIndex(options: SearchSetupOptions): void {
  void loadSearchSetup(options)
    .then((loaded) => loaded.backend.preload())
    .catch(() => undefined);
}

/** Warms the modal code and the index, once the reader has shown intent to search. */
export function preloadSearch(options: SearchSetupOptions): void {
  void loadSearchModal().catch(() => undefined);
  preloadSearchIndex(options);
}
