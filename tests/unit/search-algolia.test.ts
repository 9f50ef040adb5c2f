import { describe, expect, it } from 'vitest';

import { createAlgoliaBackend, type AlgoliaSearchClient } from '../../src/search/backends/algolia.setup';
import { contextualFacetFilters } from '../../src/search/types';

function fakeClient(answer: () => Promise<{ results: unknown[] }>) {
  const requests: Parameters<AlgoliaSearchClient['search']>[0][] = [];
  const client: AlgoliaSearchClient = {
    search: async (request) => {
      requests.push(request);
      return answer();
    },
  };
  return { client, requests };
}

describe('Algolia backend', () => {
  it('queries the index with the contextual facet filters', async () => {
    const { client, requests } = fakeClient(async () => ({
      results: [{ hits: [], nbHits: 42 }],
    }));
    const backend = createAlgoliaBackend('rubra', async () => client);
    const facetFilters = contextualFacetFilters({ locale: 'en', tags: ['default', 'docs-default-current'] });
    const response = await backend.search({ query: 'vllm', facetFilters, hitsPerPage: 10, page: 1 });

    expect(requests).toHaveLength(1);
    expect(requests[0]?.requests).toEqual([
      expect.objectContaining({
        indexName: 'rubra',
        query: 'vllm',
        facetFilters: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']],
        hitsPerPage: 10,
        page: 1,
        highlightPreTag: '<mark>',
        highlightPostTag: '</mark>',
      }),
    ]);
    expect(response).toEqual({ hits: [], nbHits: 42 });
  });

  it('sends the words as typed, once: Algolia corrects typos and applies synonyms itself', async () => {
    const { client, requests } = fakeClient(async () => ({ results: [{ hits: [], nbHits: 0 }] }));
    const backend = createAlgoliaBackend('rubra', async () => client);
    const response = await backend.search({ query: 'remove asistant', facetFilters: [], hitsPerPage: 10, page: 0 });
    expect(requests.map((request) => request.requests.map((entry) => entry.query))).toEqual([['remove asistant']]);
    expect(response.notice ?? null).toBeNull();
  });

  it('reports a failed request as unavailable (the error screen)', async () => {
    const { client } = fakeClient(async () => {
      throw new Error('network down');
    });
    const backend = createAlgoliaBackend('rubra', async () => client);
    await expect(backend.search({ query: 'x', facetFilters: [], hitsPerPage: 10, page: 0 })).rejects.toMatchObject({
      name: 'RetryError',
    });
  });

  it('rejects an answer without hits', async () => {
    const { client } = fakeClient(async () => ({ results: [{ message: 'odd' }] }));
    const backend = createAlgoliaBackend('rubra', async () => client);
    await expect(backend.search({ query: 'x', facetFilters: [], hitsPerPage: 10, page: 0 })).rejects.toThrow(
      /without hits/,
    );
  });
});
