/**
 * Contextual facet filters, the way Docusaurus's contextual search builds them:
 * the current language, and any of the docs tags of the current context (the
 * versions of every docs plugin the reader is on, plus `default` for other pages).
 */
import type { FacetFilters } from './types';

export interface SearchContext {
  locale: string;
  tags: readonly string[];
}

const LANGUAGE_FACET = 'language';
const TAG_FACET = 'docusaurus_tag';

export function contextualFacetFilters({ locale, tags }: SearchContext): FacetFilters {
  if (!locale) {
    throw new Error('Search context: the locale is empty.');
  }
  const filters: FacetFilters = [[`${LANGUAGE_FACET}:${locale}`]];
  if (tags.length > 0) {
    filters.push(tags.map((tag) => `${TAG_FACET}:${tag}`));
  }
  return filters;
}

/** Pagefind's filter object: every facet ANDed, the values of one facet ORed. */
export type PagefindFilters = Record<string, { any: string[] }>;

export function toPagefindFilters(facetFilters: FacetFilters): PagefindFilters {
  const filters: PagefindFilters = {};
  for (const group of facetFilters) {
    let facet: string | undefined;
    const values: string[] = [];
    for (const entry of group) {
      const separator = entry.indexOf(':');
      if (separator <= 0) {
        throw new Error(`Facet filter "${entry}" is not of the form facet:value.`);
      }
      const name = entry.slice(0, separator);
      if (facet !== undefined && facet !== name) {
        throw new Error(
          `Facet filter group mixes "${facet}" and "${name}"; the local index can only OR values of one facet.`,
        );
      }
      facet = name;
      values.push(entry.slice(separator + 1));
    }
    if (facet === undefined) {
      continue;
    }
    const existing = filters[facet];
    if (existing) {
      // Two AND-ed groups on one facet: only values in both can match.
      existing.any = existing.any.filter((value) => values.includes(value));
    } else {
      filters[facet] = { any: values };
    }
  }
  return filters;
}
