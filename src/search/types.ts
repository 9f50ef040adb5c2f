/**
 * The one interface every search backend implements. The DocSearch modal and the
 * /search page both talk to a `SearchBackend`; which backend ships is decided at
 * build time (see src/plugins/search-index), so a page carries only one of them.
 */
import type { DocSearchHit } from '@docsearch/react';

import type { QueryNotice } from '@rubra/search-query';

export type { DocSearchHit, QueryNotice };

/**
 * Facet filters in Algolia's form: the outer list is AND, each inner list is OR.
 * Example: [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']].
 */
export type FacetFilters = string[][];

export interface SearchRequest {
  query: string;
  facetFilters: FacetFilters;
  /** How many results a page of results holds (local: pages of the site; Algolia: records). */
  hitsPerPage: number;
  /** Zero-based page of results. */
  page: number;
  /** Search the words as typed, without correcting them (the reader asked to). */
  literal?: boolean;
}

export interface SearchResponse {
  /** Hits in the shape DocSearch renders: a page hit, then its heading hits. */
  hits: DocSearchHit[];
  /** How many results match in all (the count the reader sees). */
  nbHits: number;
  page: number;
  nbPages: number;
  /** How the query was corrected or relaxed before it was answered, if it was. */
  notice?: QueryNotice | null;
}

export interface SearchBackend {
  /** The backend's id in backends/registry.ts. */
  readonly kind: string;
  /** Fetches what the first query needs, so that it answers quickly. Never rejects. */
  preload(): Promise<void>;
  search(request: SearchRequest): Promise<SearchResponse>;
}

/**
 * Thrown when the backend cannot answer (index or network unavailable). DocSearch
 * counts a search as failed only when the error is named `RetryError`, the name its
 * own client uses when no host answers, so the local backend uses that name too.
 */
export class SearchUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'RetryError';
  }
}

export function isSearchUnavailableError(error: unknown): error is SearchUnavailableError {
  return error instanceof SearchUnavailableError;
}
