/**
 * The Algolia backend, used only when ALGOLIA_APP_ID and ALGOLIA_SEARCH_API_KEY
 * were set at build time. The modal keeps DocSearch's own Algolia client; the
 * /search page queries the same index through the lite client, with the same
 * contextual facet filters.
 */
import type { DocSearchHit, FacetFilters, SearchBackend, SearchRequest, SearchResponse } from '../types';
import { SearchUnavailableError } from '../types';

/** The row of backends/registry.ts reads these from ALGOLIA_APP_ID, ALGOLIA_SEARCH_API_KEY and ALGOLIA_INDEX_NAME. */
export interface AlgoliaSettings {
  appId: string;
  apiKey: string;
  indexName: string;
}

export interface AlgoliaQuery {
  indexName: string;
  query: string;
  facetFilters: FacetFilters;
  hitsPerPage: number;
  page: number;
  attributesToRetrieve: string[];
  attributesToSnippet: string[];
  snippetEllipsisText: string;
  highlightPreTag: string;
  highlightPostTag: string;
}

/** The one method of Algolia's lite client the backend calls. */
export interface AlgoliaSearchClient {
  search(request: { requests: AlgoliaQuery[] }): Promise<{
    results: readonly unknown[];
  }>;
}

interface AlgoliaHitsResult {
  hits: DocSearchHit[];
  nbHits?: number;
  page?: number;
  nbPages?: number;
}

const HIERARCHY = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((level) => `hierarchy.${level}`);

function algoliaQuery(indexName: string, request: SearchRequest): AlgoliaQuery {
  return {
    indexName,
    query: request.query,
    facetFilters: request.facetFilters,
    hitsPerPage: request.hitsPerPage,
    page: request.page,
    attributesToRetrieve: [...HIERARCHY, 'content', 'type', 'url', 'anchor'],
    attributesToSnippet: [...HIERARCHY.map((name) => `${name}:10`), 'content:24'],
    snippetEllipsisText: '…',
    highlightPreTag: '<mark>',
    highlightPostTag: '</mark>',
  };
}

function isHitsResult(value: unknown): value is AlgoliaHitsResult {
  return typeof value === 'object' && value !== null && Array.isArray((value as AlgoliaHitsResult).hits);
}

export function createAlgoliaBackend(
  settings: AlgoliaSettings,
  loadClient: () => Promise<AlgoliaSearchClient>,
): SearchBackend {
  let client: Promise<AlgoliaSearchClient> | null = null;
  const getClient = () => {
    client ??= loadClient().catch((error: unknown) => {
      client = null;
      throw error;
    });
    return client;
  };
  return {
    kind: 'algolia',
    async preload() {
      await getClient().catch(() => undefined);
    },
    async search(request: SearchRequest): Promise<SearchResponse> {
      let result: unknown;
      try {
        const response = await (await getClient()).search({ requests: [algoliaQuery(settings.indexName, request)] });
        result = response.results[0];
      } catch (error) {
        throw new SearchUnavailableError('Algolia did not answer.', { cause: error });
      }
      if (!isHitsResult(result)) {
        throw new SearchUnavailableError('Algolia answered without hits.');
      }
      return {
        hits: result.hits,
        nbHits: result.nbHits ?? result.hits.length,
        page: result.page ?? request.page,
        nbPages: result.nbPages ?? 1,
      };
    },
  };
}
