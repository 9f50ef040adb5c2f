/**
 * How the search UI reaches the build's backend (`@rubra/search-backend`, aliased by the
 * search plugin), loaded on intent: never during a page's first load or while idle.
 */
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useMemo } from 'react';

import { loadOnce } from '../shared/load-once';
import { identity } from '../site/identity';
import { contextualFacetFilters, type SearchBackend } from './types';

/** What a backend's row reads from the environment at build time for its browser code. */
export type SearchSettings = Readonly<Record<string, string>>;

export interface SearchSetupOptions {
  settings: SearchSettings;
  baseUrl: string;
  fallbackSection: string;
}

export interface SearchSetup {
  backend: SearchBackend;
  /** The hosted index that DocSearch's own client queries in the modal; without one, the modal asks `backend`. */
  docSearch?: { appId: string; apiKey: string; indexName: string };
}

export type CreateSearchSetup = (options: SearchSetupOptions) => SearchSetup;

/** The site's search settings, the reader's contextual filters, and `siteConfig.url`, which Algolia's hit URLs start with. */
export function useSearchConfig() {
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

export type SearchConfig = ReturnType<typeof useSearchConfig>;

/** Where a reader reports a query that should have found something (also the modal's `getMissingResultsUrl`). */
export const missingResultsUrl = ({ query }: { query: string }) =>
  `${identity.issuesUrl}/new?title=${encodeURIComponent(query)}`;

// Webpack loads each chunk once, and again after a failed load: these need no cache of their own.
export const loadSearchBackendCode = () => import('@rubra/search-backend');

/** The build's backend, set up once with the first options it is asked with. */
export const loadSearchSetup = loadOnce((options: SearchSetupOptions) =>
  loadSearchBackendCode().then(({ createSearchSetup }) => createSearchSetup(options)),
);
