import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { useContextualSearchFilters } from '@docusaurus/theme-common';
import { useMemo } from 'react';

import { identity } from '../site/identity';
import { contextualFacetFilters } from './facets';
import type { SearchSettings, SearchSetupOptions } from './setup';
import type { FacetFilters } from './types';

export interface SearchConfig {
  options: SearchSetupOptions;
  facetFilters: FacetFilters;
  searchPageUrl: string;
}

const NO_SETTINGS: SearchSettings = {};

/** The site's search settings and the reader's contextual filters, read once per render. */
export function useSearchConfig(): SearchConfig {
  const { siteConfig } = useDocusaurusContext();
  const { locale, tags } = useContextualSearchFilters();
  const settings = (siteConfig.customFields?.searchSettings ?? NO_SETTINGS) as SearchSettings;
  const { baseUrl } = siteConfig;
  const tagKey = tags.join(' ');
  return useMemo(
    () => ({
      options: { settings, baseUrl, fallbackSection: identity.title },
      facetFilters: contextualFacetFilters({ locale, tags: tagKey.split(' ').filter(Boolean) }),
      searchPageUrl: `${baseUrl}${identity.searchPagePath}`,
    }),
    [settings, baseUrl, locale, tagKey],
  );
}
