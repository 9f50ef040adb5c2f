/**
 * The search backends a build can ship, one row each. A build ships exactly one: the
 * first row whose settings the environment holds. The search plugin points
 * `@rubra/search-backend` at that row's `<id>.setup.ts` and `@rubra/search-page-head` at
 * its `<id>.head.tsx` (both in this folder), and the site hands the row's settings to
 * them through `customFields.searchSettings`. Read at build time only.
 */
import { identity } from '../../site/identity';
import type { RawEnv } from '../../site/env';
import type { SearchSettings } from '../setup';

export interface SearchBackendRow {
  /** Names the backend's modules in src/search/backends and its `kind`. */
  id: string;
  /**
   * What the backend's browser code is told, read from the environment; null when the
   * environment does not ask for this backend. A half-set environment is an error.
   */
  settings(env: RawEnv): SearchSettings | null;
  /** Whether the build indexes the built pages with Pagefind (and the dev server the sources). */
  pagefind: boolean;
  /** What the backend's browser code needs of the Content-Security-Policy beyond the site itself. */
  policy: SearchPolicy;
}

/**
 * Sources a backend adds to the Content-Security-Policy. The search plugin (src/plugins/search) writes
 * the chosen backend's into the build (deploy/build-output.mjs's SEARCH_POLICY_FILE),
 * where the step that writes the headers reads it.
 */
interface SearchPolicy {
  /** Added to `script-src`. */
  scriptSrc: readonly string[];
  /** Added to `connect-src`: the hosts the backend fetches from. */
  connectSrc: readonly string[];
}

function algoliaSettings(env: RawEnv): SearchSettings | null {
  const appId = env.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = env.ALGOLIA_SEARCH_API_KEY?.trim() ?? '';
  const indexName = env.ALGOLIA_INDEX_NAME?.trim() || identity.searchIndexName;
  if (!appId && !apiKey) {
    return null;
  }
  if (!appId || !apiKey) {
    const missing = appId ? 'ALGOLIA_SEARCH_API_KEY' : 'ALGOLIA_APP_ID';
    throw new Error(
      `Environment: ${missing} is not set. Set both ALGOLIA_APP_ID and ALGOLIA_SEARCH_API_KEY to use Algolia, or neither to use the local search index.`,
    );
  }
  return { appId, apiKey, indexName };
}

export const SEARCH_BACKENDS: readonly SearchBackendRow[] = [
  {
    id: 'algolia',
    settings: algoliaSettings,
    pagefind: false,
    policy: { scriptSrc: [], connectSrc: ['https://*.algolia.net', 'https://*.algolianet.com'] },
  },
  // The default: the Pagefind index the build writes, no settings needed. Pagefind
  // compiles its WebAssembly, which needs 'wasm-unsafe-eval' (and nothing else from eval).
  { id: 'local', settings: () => ({}), pagefind: true, policy: { scriptSrc: ["'wasm-unsafe-eval'"], connectSrc: [] } },
];

export interface ChosenSearchBackend {
  row: SearchBackendRow;
  settings: SearchSettings;
}

/** The backend this environment builds with. */
export function chooseSearchBackend(
  env: RawEnv,
  rows: readonly SearchBackendRow[] = SEARCH_BACKENDS,
): ChosenSearchBackend {
  for (const row of rows) {
    const settings = row.settings(env);
    if (settings) {
      return { row, settings };
    }
  }
  throw new Error(
    `No search backend accepts this environment: the last row of ${rows.map((row) => row.id).join(', ')} should need no settings.`,
  );
}
