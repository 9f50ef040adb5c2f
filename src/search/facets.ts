/**
 * Contextual facet filters, the way Docusaurus's contextual search builds them: the
 * current language, and any of the docs tags of the reader's context.
 */
import type { FacetFilters } from './types';

export function contextualFacetFilters({ locale, tags }: { locale: string; tags: readonly string[] }): FacetFilters {
  if (!locale) {
    throw new Error('Search context: the locale is empty.');
  }
  const filters: FacetFilters = [[`language:${locale}`]];
  return tags.length > 0 ? [...filters, tags.map((tag) => `docusaurus_tag:${tag}`)] : filters;
}

/** Pagefind's filter object: every facet ANDed, the values of one facet ORed. */
export type PagefindFilters = Record<string, { any: string[] }>;

export function toPagefindFilters(facetFilters: FacetFilters): PagefindFilters {
  const filters: PagefindFilters = {};
  for (const group of facetFilters) {
    const pairs = group.map((entry) => {
      const separator = entry.indexOf(':');
      if (separator <= 0) {
        throw new Error(`Facet filter "${entry}" is not of the form facet:value.`);
      }
      return [entry.slice(0, separator), entry.slice(separator + 1)] as const;
    });
    const facet = pairs[0]?.[0];
    if (facet === undefined) {
      continue;
    }
    if (pairs.some(([name]) => name !== facet)) {
      throw new Error(`Facet filter group ${group.join(', ')} mixes facets; the local index ORs values of one facet.`);
    }
    const values = pairs.map(([, value]) => value);
    // Two AND-ed groups on one facet: only values in both can match.
    const existing = filters[facet]?.any;
    filters[facet] = { any: existing ? existing.filter((value) => values.includes(value)) : values };
  }
  return filters;
}
