/**
 * The optional environment, parsed once. Hosted search is switched on only when
 * both Algolia credentials are present; a half-configured environment is an error
 * rather than a silent fallback.
 */
import { identity } from './identity';

export interface AlgoliaSettings {
  appId: string;
  apiKey: string;
  indexName: string;
}

export interface SiteEnv {
  algolia: AlgoliaSettings | null;
}

type RawEnv = Record<string, string | undefined>;

export function parseEnv(raw: RawEnv): SiteEnv {
  const appId = raw.ALGOLIA_APP_ID?.trim() ?? '';
  const apiKey = raw.ALGOLIA_SEARCH_API_KEY?.trim() ?? '';
  const indexName = raw.ALGOLIA_INDEX_NAME?.trim() || identity.searchIndexName;
  if (!appId && !apiKey) {
    return { algolia: null };
  }
  if (!appId || !apiKey) {
    const missing = appId ? 'ALGOLIA_SEARCH_API_KEY' : 'ALGOLIA_APP_ID';
    throw new Error(
      `Environment: ${missing} is not set. Set both ALGOLIA_APP_ID and ALGOLIA_SEARCH_API_KEY to use Algolia, or neither to use the local search index.`,
    );
  }
  return { algolia: { appId, apiKey, indexName } };
}

/**
 * RSDOCTOR=true adds Rsdoctor's bundle analysis to a build (a report of what each
 * chunk holds and why). Any other value than `true` or `false` is an error.
 */
export function parseRsdoctor(raw: RawEnv): boolean {
  const value = raw.RSDOCTOR?.trim() ?? '';
  if (value === '' || value === 'false') {
    return false;
  }
  if (value === 'true') {
    return true;
  }
  throw new Error(`Environment: RSDOCTOR is "${value}"; set it to true to analyse the bundles, or leave it unset.`);
}
