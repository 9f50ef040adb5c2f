/**
 * How the search UI reaches the backend this build ships (the search plugin aliases
 * `@rubra/search-backend` to backends/<id>.setup.ts and `@rubra/search-page-head` to
 * <id>.head.tsx), loaded on intent: never during a page's first load or while idle.
 */
import type { DocSearchModalProps } from '@docsearch/react';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useMemo } from 'react';

import { identity } from '../site/identity';
import { contextualFacetFilters } from './facets';
import type { FacetFilters, SearchBackend } from './types';

/** What a backend's row reads from the environment at build time for its browser code. */
export type SearchSettings = Readonly<Record<string, string>>;

export interface SearchSetupOptions {
  settings: SearchSettings;
  /** The site's base URL, e.g. "/". */
  baseUrl: string;
  /** The section of a result that names none. */
  fallbackSection: string;
}

export interface SearchSetup {
  backend: SearchBackend;
  /** The DocSearch modal props that point it at this backend with these filters. */
  modalProps(
    facetFilters: FacetFilters,
  ): Pick<DocSearchModalProps, 'appId' | 'apiKey' | 'indexName' | 'searchParameters' | 'transformSearchClient'>;
}

export type CreateSearchSetup = (options: SearchSetupOptions) => SearchSetup;

export interface SearchConfig {
  options: SearchSetupOptions;
  facetFilters: FacetFilters;
  /** The site's URL (`siteConfig.url`), which Algolia's hit URLs start with. */
  siteUrl: string;
}

/** The site's search settings and the reader's contextual filters. */
export function useSearchConfig(): SearchConfig {
  const { siteConfig } = useDocusaurusContext();
  const { locale, tags } = useContextualSearchFilters();
  const settings = siteConfig.customFields?.searchSettings as SearchSettings | undefined;
  const tagKey = tags.join(' ');
  return useMemo(
    () => ({
      options: { settings: settings ?? {}, baseUrl: siteConfig.baseUrl, fallbackSection: siteConfig.title },
      facetFilters: contextualFacetFilters({ locale, tags: tagKey.split(' ').filter(Boolean) }),
      siteUrl: siteConfig.url,
    }),
    [settings, siteConfig, locale, tagKey],
  );
}

/** Where a reader reports a query that should have found something. */
export function missingResultsUrl(query: string): string {
  return `${identity.issuesUrl}/new?title=${encodeURIComponent(query)}`;
}

// Webpack loads each chunk once, and again after a failed load: these need no cache of their own.
export const loadSearchBackendCode = () => import('@rubra/search-backend');
export const loadSearchModal = () => import('./SearchModal');
/** Ask AI's code, loaded only when the reader asks. */
export const loadAsk = () => import(/* webpackChunkName: "ask-ai" */ '../components/AskDocs/AskDialog');

let setup: Promise<SearchSetup> | null = null;

export function loadSearchSetup(options: SearchSetupOptions): Promise<SearchSetup> {
  setup ??= loadSearchBackendCode()
    .then(({ createSearchSetup }) => createSearchSetup(options))
    .catch((error: unknown) => {
      setup = null;
      throw error;
    });
  return setup;
}

/** Warms the modal's code and the index once the reader has shown intent; failures are left for the real load. */
export function preloadSearch(options: SearchSetupOptions): void {
  loadSearchModal().catch(() => undefined);
  loadSearchSetup(options)
    .then((loaded) => loaded.backend.preload())
    .catch(() => undefined);
}
