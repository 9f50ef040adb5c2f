import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import { useMemo } from 'react';

import { identity } from '../site/identity';
import type { AlgoliaSettings } from '../site/env';
import { contextualFacetFilters } from './facets';
import type { SearchSetupOptions } from './setup';
import type { FacetFilters } from './types';

export interface SearchConfig {
  options: SearchSetupOptions;
  facetFilters: FacetFilters;
  searchPageUrl: string;
}

/** The site's search settings and the reader's contextual filters, read once per render. */
export function useSearchConfig(): SearchConfig {
  const { siteConfig } = useDocusaurusContext();
  const { locale, tags } = useContextualSearchFilters();
  const algolia = (siteConfig.customFields?.algolia ?? null) as AlgoliaSettings | null;
  const { baseUrl } = siteConfig;
  const tagKey = tags.join(' ');
  return useMemo(
    () => ({
      options: { algolia, baseUrl, fallbackSection: identity.title },
      facetFilters: contextualFacetFilters({ locale, tags: tagKey.split(' ').filter(Boolean) }),
      searchPageUrl: `${baseUrl}${identity.searchPagePath}`,
    }),
    [algolia, baseUrl, locale, tagKey],
  );
}
