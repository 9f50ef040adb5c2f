/**
 * Contextual facet filters, the way Docusaurus's contextual search builds them: the
 * current language, and any of the docs tags of the reader's context. Each group ORs
 * the values of one facet, the groups are ANDed (the local backend reads them so).
 */
import type { FacetFilters } from './types';

export function contextualFacetFilters({ locale, tags }: { locale: string; tags: readonly string[] }): FacetFilters {
  const filters: FacetFilters = [[`language:${locale}`]];
  return tags.length > 0 ? [...filters, tags.map((tag) => `docusaurus_tag:${tag}`)] : filters;
}
