/**
 * What the search UI needs from a backend module. src/search/backends/*.setup.ts
 * each export `createSearchSetup`; the search plugin aliases
 * `@rubra/search-backend` to the one this build uses (backends/registry.ts).
 */
import type { DocSearchModalProps } from '@docsearch/react';

import type { ResultClasses } from './paintResults';
import type { FacetFilters, SearchBackend } from './types';

/** What a backend's row reads from the environment at build time for its browser code. */
export type SearchSettings = Readonly<Record<string, string>>;

export interface SearchSetupOptions {
  /** The chosen backend's settings, from its row in backends/registry.ts. */
  settings: SearchSettings;
  /** The site's base URL, e.g. "/". */
  baseUrl: string;
  /** The section a result without one is grouped under. */
  fallbackSection: string;
}

type ModalBackendProps = Pick<
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
