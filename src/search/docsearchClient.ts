/**
 * Lets the DocSearch modal query any SearchBackend: DocSearch calls `search` with
 * Algolia's multi-query request, and gets back Algolia's response shape.
 */
import type { DocSearchTransformClient } from '@docsearch/react';

import type { FacetFilters, SearchBackend } from './types';

interface ModalQuery {
  query?: string;
  indexName?: string;
  params?: { facetFilters?: unknown; hitsPerPage?: number; page?: number };
  facetFilters?: unknown;
  hitsPerPage?: number;
  page?: number;
  /** Set by the modal when the reader asks for the words as typed. */
  literal?: boolean;
}

/** Accepts Algolia's facetFilters forms: "a:b", ["a:b", ...] and [["a:b", "a:c"], ...]. */
export function normaliseFacetFilters(value: unknown): FacetFilters {
  if (value === undefined || value === null) {
    return [];
  }
  if (typeof value === 'string') {
    return [[value]];
  }
  if (!Array.isArray(value)) {
    throw new Error(`facetFilters must be a string or an array, got ${typeof value}.`);
  }
  return value.map((group: unknown) => {
    if (typeof group === 'string') {
      return [group];
    }
    if (Array.isArray(group) && group.every((entry) => typeof entry === 'string')) {
      return group as string[];
    }
    throw new Error('facetFilters groups must be strings or arrays of strings.');
  });
}

export const DEFAULT_MODAL_RESULTS = 8;

export function createDocSearchClient(backend: SearchBackend): DocSearchTransformClient {
  const search = async (request: { requests: ModalQuery[] }) => {
    const results = await Promise.all(
      request.requests.map(async (entry) => {
        const params = { ...entry, ...entry.params };
        const response = await backend.search({
          query: params.query ?? '',
          facetFilters: normaliseFacetFilters(params.facetFilters),
          hitsPerPage: params.hitsPerPage ?? DEFAULT_MODAL_RESULTS,
          page: params.page ?? 0,
          ...(entry.literal === true ? { literal: true } : {}),
        });
        return {
          ...response,
          hitsPerPage: params.hitsPerPage ?? DEFAULT_MODAL_RESULTS,
          index: params.indexName ?? '',
          query: params.query ?? '',
          params: '',
          processingTimeMS: 0,
          exhaustiveNbHits: true,
        };
      }),
    );
    return { results };
  };
  const algoliaAgent = {
    value: '',
    add() {
      return algoliaAgent;
    },
  };
  return {
    search: search as unknown as DocSearchTransformClient['search'],
    addAlgoliaAgent() {},
    transporter: { algoliaAgent },
  };
}
