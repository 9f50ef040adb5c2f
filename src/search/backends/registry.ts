/**
 * The search backends a build can ship; it ships the first row whose settings the
 * environment holds. The search plugin aliases that row's `<id>.setup.ts` and
 * `<id>.head.tsx`, which get its settings through `customFields.searchSettings`. Build time only.
 */
import { identity } from '../../site/identity';
import type { RawEnv } from '../../site/env';
import type { SearchSettings } from '../setup';

export interface SearchBackendRow {
  id: string;
  /** What the browser code is told, from the environment; null when it does not ask for this backend. */
  settings(env: RawEnv): SearchSettings | null;
  /** Whether the build indexes the built pages with Pagefind (and the dev server the sources). */
  pagefind: boolean;
  /** Sources the browser code needs in the Content-Security-Policy, written into the build by the search plugin. */
  policy: { scriptSrc: readonly string[]; connectSrc: readonly string[] };
}

function algoliaSettings(env: RawEnv): SearchSettings | null {
  const appId = env.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = env.ALGOLIA_SEARCH_API_KEY?.trim() ?? '';
  if (!appId && !apiKey) {
    return null;
  }
  if (!appId || !apiKey) {
    const missing = appId ? 'ALGOLIA_SEARCH_API_KEY' : 'ALGOLIA_APP_ID';
    throw new Error(
      `Environment: ${missing} is not set. Set both ALGOLIA_APP_ID and ALGOLIA_SEARCH_API_KEY to use Algolia, or neither to use the local search index.`,
    );
  }
  return { appId, apiKey, indexName: env.ALGOLIA_INDEX_NAME?.trim() || identity.searchIndexName };
}

export const SEARCH_BACKENDS: readonly SearchBackendRow[] = [
  {
    id: 'algolia',
    settings: algoliaSettings,
    pagefind: false,
    policy: { scriptSrc: [], connectSrc: ['https://*.algolia.net', 'https://*.algolianet.com'] },
  },
  // The default, with no settings. Pagefind compiles its WebAssembly, which needs 'wasm-unsafe-eval'.
  { id: 'local', settings: () => ({}), pagefind: true, policy: { scriptSrc: ["'wasm-unsafe-eval'"], connectSrc: [] } },
];

/** The backend this environment builds with: the first row whose settings it holds (the last row needs none). */
export function chooseSearchBackend(env: RawEnv): { row: SearchBackendRow; settings: SearchSettings } {
  const rows = SEARCH_BACKENDS.map((row) => ({ row, settings: row.settings(env) }));
  return rows.find((entry) => entry.settings) as { row: SearchBackendRow; settings: SearchSettings };
}
