/**
 * Algolia, when ALGOLIA_APP_ID and ALGOLIA_SEARCH_API_KEY were set at build time: the modal
 * keeps DocSearch's own client, /search queries the same index through the lite client.
 * Algolia corrects typos and applies synonyms itself, so the words go as typed.
 */
import { loadOnce } from '../../shared/load-once';
import type { CreateSearchSetup } from '../setup';
import { SearchUnavailableError, type DocSearchHit, type SearchBackend } from '../types';

/** The one method of Algolia's lite client the backend calls. */
export interface AlgoliaSearchClient {
  search(request: { requests: Record<string, unknown>[] }): Promise<{ results: readonly unknown[] }>;
}

const HIERARCHY = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'].map((level) => `hierarchy.${level}`);

export function createAlgoliaBackend(indexName: string, loadClient: () => Promise<AlgoliaSearchClient>): SearchBackend {
  const getClient = loadOnce(loadClient);
  return {
    kind: 'algolia',
    async preload() {
      await getClient().catch(() => undefined);
    },
    async search({ query, facetFilters, hitsPerPage, page }) {
      const request = {
        indexName,
        query,
        facetFilters,
        hitsPerPage,
        page,
        attributesToRetrieve: [...HIERARCHY, 'content', 'type', 'url', 'anchor'],
        attributesToSnippet: [...HIERARCHY.map((name) => `${name}:10`), 'content:24'],
        snippetEllipsisText: '…',
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
      };
      let result: { hits?: DocSearchHit[]; nbHits?: number } | undefined;
      try {
        result = (await (await getClient()).search({ requests: [request] })).results[0] as typeof result;
      } catch (error) {
        throw new SearchUnavailableError('Algolia did not answer.', { cause: error });
      }
      if (!Array.isArray(result?.hits)) {
        throw new SearchUnavailableError('Algolia answered without hits.');
      }
      return { hits: result.hits, nbHits: result.nbHits ?? result.hits.length };
    },
  };
}

export const createSearchSetup: CreateSearchSetup = ({ settings }) => {
  // The registry's row sets all three (registry.ts).
  const { appId = '', apiKey = '', indexName = '' } = settings;
  const backend = createAlgoliaBackend(indexName, async () => {
    const { liteClient } = await import('algoliasearch/lite');
    return liteClient(appId, apiKey) as unknown as AlgoliaSearchClient;
  });
  return { backend, docSearch: { appId, apiKey, indexName } };
};
