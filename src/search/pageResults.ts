/**
 * Groups DocSearch hits by page for the /search page: one entry per page, with the
 * headings that matched under it. Works for local and Algolia hits alike.
 */
import { siteUrl } from '../site/identity';
import { escapeHtml } from './html';
import type { DocSearchHit } from './types';

interface HeadingResult {
  url: string;
  title: string;
  excerpt: string;
}

export interface PageResult {
  url: string;
  section: string;
  /** HTML: escaped text with <mark> around matches. */
  title: string;
  excerpt: string;
  headings: HeadingResult[];
}

/**
 * How many pages of results /search shows at a time (a button shows more). The local
 * search reads the texts of as many first results to understand the query (RESULTS_READ
 * in ./query.ts), so a first screen of this size downloads nothing more.
 */
export const RESULTS_PER_PAGE = 5;

const HEADING_LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'] as const;

/** The query of the /search page's URL (`?q=`), as typed. */
export function readSearchQuery(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}

/** Turns a hit URL into a path inside the site when it points at the site itself. */
export function toSitePath(url: string): string {
  if (url.startsWith(siteUrl)) {
    return url.slice(siteUrl.length) || '/';
  }
  return url;
}

function highlighted(hit: DocSearchHit, level: 'lvl1' | (typeof HEADING_LEVELS)[number]): string {
  const value = hit._highlightResult?.hierarchy?.[level]?.value;
  return value ?? escapeHtml(hit.hierarchy[level] ?? '');
}

function snippet(hit: DocSearchHit): string {
  return hit._snippetResult?.content?.value ?? '';
}

export function groupHitsByPage(hits: readonly DocSearchHit[]): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const hit of hits) {
    const key = hit.url_without_anchor || hit.url.split('#')[0] || hit.url;
    let page = pages.get(key);
    if (!page) {
      page = {
        url: key,
        section: hit.hierarchy.lvl0,
        title: highlighted(hit, 'lvl1'),
        excerpt: '',
        headings: [],
      };
      pages.set(key, page);
    }
    const heading = HEADING_LEVELS.find((level) => hit.hierarchy[level]);
    if (hit.anchor && heading) {
      if (!page.headings.some((entry) => entry.url === hit.url)) {
        page.headings.push({ url: hit.url, title: highlighted(hit, heading), excerpt: snippet(hit) });
      }
    } else if (!page.excerpt) {
      page.excerpt = snippet(hit);
    }
  }
  return [...pages.values()];
}
