import { createDocSearchClient, DEFAULT_MODAL_RESULTS } from '../docsearchClient';
import type { CreateSearchSetup } from '../setup';
import { createLocalBackend } from './local';

/** The local index: no Algolia request is ever made, the modal's client is replaced. */
export const createSearchSetup: CreateSearchSetup = ({ baseUrl, fallbackSection }) => {
  const backend = createLocalBackend({ bundlePath: `${baseUrl}pagefind/`, fallbackSection });
  const client = createDocSearchClient(backend);
  return {
    backend,
    modalProps: (facetFilters) => ({
      appId: 'local',
      apiKey: 'local',
      indexName: 'local',
      searchParameters: { facetFilters, hitsPerPage: DEFAULT_MODAL_RESULTS },
      transformSearchClient: () => client,
    }),
  };
};
