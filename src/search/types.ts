/** The one interface every search backend implements, its hits in DocSearch's shape, and its facet filters. */
import type { DocSearchHit } from '@docsearch/react';

import type { QueryNotice } from '@rubra/search-query';

export type { DocSearchHit, QueryNotice };

/** Facet filters in Algolia's form: the outer list is AND, each inner list is OR ("language:en"). */
export type FacetFilters = string[][];

/** Contextual facet filters as Docusaurus builds them: the language, and any of the context's docs tags. */
export function contextualFacetFilters({ locale, tags }: { locale: string; tags: readonly string[] }): FacetFilters {
  return [[`language:${locale}`], ...(tags.length > 0 ? [tags.map((tag) => `docusaurus_tag:${tag}`)] : [])];
}

export interface SearchRequest {
  query: string;
  facetFilters: FacetFilters;
  hitsPerPage: number;
  /** Zero-based page of results. */
  page: number;
  /** Search the words as typed, without correcting them (the reader asked to). */
  literal?: boolean;
}

export interface SearchResponse {
  /** A page hit, then its heading hits. */
  hits: DocSearchHit[];
  nbHits: number;
  /** How the query was corrected or relaxed before it was answered, if it was. */
  notice?: QueryNotice | null;
}

export interface SearchBackend {
  /** The backend's id in backends/registry.ts. */
  readonly kind: string;
  /** Fetches what the first query needs. Never rejects. */
  preload(): Promise<void>;
  search(request: SearchRequest): Promise<SearchResponse>;
}

/** The backend cannot answer. DocSearch counts a search as failed only for an error named `RetryError`, as its own. */
export class SearchUnavailableError extends Error {
  override name = 'RetryError';
}
