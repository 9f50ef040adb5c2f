/**
 * What the search UI needs from a backend module. src/search/backends/*.setup.ts
 * each export `createSearchSetup`; the search-index plugin aliases
 * `@rubra/search-backend` to the one this build uses.
 */
import type { DocSearchModalProps } from '@docsearch/react';

import type { AlgoliaSettings } from '../site/env';
import type { ResultClasses } from './paintResults';
import type { FacetFilters, SearchBackend } from './types';

export interface SearchSetupOptions {
  algolia: AlgoliaSettings | null;
  /** The site's base URL, e.g. "/". */
  baseUrl: string;
  /** The section a result without one is grouped under. */
  fallbackSection: string;
}

export type ModalBackendProps = Pick<
  DocSearchModalProps,
  'appId' | 'apiKey' | 'indexName' | 'searchParameters' | 'transformSearchClient'
>;

export interface SearchSetup {
  backend: SearchBackend;
  /** The DocSearch modal props that point it at this backend with these filters. */
  modalProps(facetFilters: FacetFilters): ModalBackendProps;
}

export type CreateSearchSetup = (options: SearchSetupOptions) => SearchSetup;

/** What the backend's part of the /search page's <head> is told. */
export interface SearchPageHeadProps {
  options: SearchSetupOptions;
  facetFilters: FacetFilters;
  /** How many results the page shows at first. */
  resultsPerPage: number;
  /** The page's class names for the results' markup, for a backend that paints them early. */
  classes: ResultClasses;
}
