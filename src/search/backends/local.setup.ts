/**
 * The local index: the modal's search client is replaced by one that answers
 * DocSearch's multi-query request from the local backend, in Algolia's response shape,
 * so no Algolia request is ever made.
 */
import type { DocSearchTransformClient } from '@docsearch/react';

import type { CreateSearchSetup } from '../setup';
import type { FacetFilters, SearchBackend } from '../types';
import { createLocalBackend } from './local';

const MODAL_RESULTS = 8;

/** One query of DocSearch's request, its search parameters (ours, from `modalProps`) beside it. */
interface ModalQuery {
  query?: string;
  indexName?: string;
  facetFilters?: FacetFilters;
  hitsPerPage?: number;
  page?: number;
  /** Set by the modal when the reader asks for the words as typed (docsearchWorkarounds.ts). */
  literal?: boolean;
}

export function createDocSearchClient(backend: SearchBackend): DocSearchTransformClient {
  const search = async ({ requests }: { requests: ModalQuery[] }) => ({
    results: await Promise.all(
      requests.map(
        async ({ query = '', indexName = '', facetFilters = [], hitsPerPage = MODAL_RESULTS, page = 0, literal }) => {
          const request = { query, facetFilters, hitsPerPage, page };
          const response = await backend.search(literal ? { ...request, literal } : request);
          return { ...response, hitsPerPage, index: indexName, query, params: '', processingTimeMS: 0 };
        },
      ),
    ),
  });
  const algoliaAgent = { value: '', add: () => algoliaAgent };
  return {
    search: search as unknown as DocSearchTransformClient['search'],
    addAlgoliaAgent() {},
    transporter: { algoliaAgent },
  };
}

export const createSearchSetup: CreateSearchSetup = ({ baseUrl, fallbackSection }) => {
  const backend = createLocalBackend({ bundlePath: `${baseUrl}pagefind/`, fallbackSection });
  const client = createDocSearchClient(backend);
  return {
    backend,
    modalProps: (facetFilters) => ({
      appId: 'local',
      apiKey: 'local',
      indexName: 'local',
      searchParameters: { facetFilters, hitsPerPage: MODAL_RESULTS },
      transformSearchClient: () => client,
    }),
  };
};
