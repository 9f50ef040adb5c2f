import type { CreateSearchSetup } from '../setup';
import { createAlgoliaBackend, type AlgoliaSearchClient, type AlgoliaSettings } from './algolia';

/** Algolia DocSearch: the modal uses its own client, the /search page the lite client. */
export const createSearchSetup: CreateSearchSetup = ({ settings }) => {
  const { appId, apiKey, indexName } = settings;
  if (!appId || !apiKey || !indexName) {
    throw new Error('The Algolia search backend was built without Algolia settings.');
  }
  const algolia: AlgoliaSettings = { appId, apiKey, indexName };
  const backend = createAlgoliaBackend(algolia, async () => {
    const { liteClient } = await import('algoliasearch/lite');
    return liteClient(algolia.appId, algolia.apiKey) as unknown as AlgoliaSearchClient;
  });
  return {
    backend,
    modalProps: (facetFilters) => ({
      appId: algolia.appId,
      apiKey: algolia.apiKey,
      indexName: algolia.indexName,
      searchParameters: { facetFilters },
    }),
  };
};
