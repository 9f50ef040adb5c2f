/**
 * The /search page's results: DocSearch hits (local or Algolia) grouped by page, and their
 * markup, one string drawn by the early script before hydration and then by the page, so
 * React takes the painted screen over unchanged. Titles and excerpts are HTML the backend
 * escaped (<mark> aside); every other text is escaped here.
 */
import type { QueryNotice } from '@rubra/search-query';

import { searchTexts as texts } from '../site/identity';
import type { DocSearchHit, SearchBackend } from './types';

declare global {
  interface Window {
    /** The backend the early script started for the /search page; null once the page went on without one. */
    __rubraEarlySearch?: SearchBackend | null;
  }
}

/** The backend the early script left for the page, if it ran first; once asked, a later early script starts nothing. */
export const earlyBackend = (scope: Window) => (scope.__rubraEarlySearch ??= null);

export interface PageResult {
  url: string;
  section: string;
  /** HTML: escaped text with <mark> around matches, as are the excerpts. */
  title: string;
  excerpt: string;
  headings: { url: string; title: string; excerpt: string }[];
}

/** How many pages /search shows at a time: as many as the query layer reads (RESULTS_READ), so no more download. */
export const RESULTS_PER_PAGE = 5;

const HEADING_LEVELS = ['lvl6', 'lvl5', 'lvl4', 'lvl3', 'lvl2'] as const;

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

/** The query of the /search page's URL (`?q=`), as typed. */
export const readSearchQuery = (search: string) => new URLSearchParams(search).get('q') ?? '';

/** A hit URL as a path inside the site when it points at the site (`siteConfig.url`) itself. */
export const toSitePath = (url: string, siteUrl: string) =>
  url.startsWith(siteUrl) ? url.slice(siteUrl.length) || '/' : url;

const highlighted = (hit: DocSearchHit, level: 'lvl1' | (typeof HEADING_LEVELS)[number]) =>
  hit._highlightResult?.hierarchy?.[level]?.value ?? escapeHtml(hit.hierarchy[level] ?? '');

/** The hits grouped by page, their URLs as paths inside the site at `siteUrl`. */
export function groupHitsByPage(hits: readonly DocSearchHit[], siteUrl: string): PageResult[] {
  const pages = new Map<string, PageResult>();
  for (const hit of hits) {
    const key = hit.url_without_anchor || hit.url.split('#')[0] || hit.url;
    const page = pages.get(key) ?? {
      url: toSitePath(key, siteUrl),
      section: hit.hierarchy.lvl0,
      title: highlighted(hit, 'lvl1'),
      excerpt: '',
      headings: [],
    };
    pages.set(key, page);
    const snippet = hit._snippetResult?.content?.value ?? '';
    const heading = HEADING_LEVELS.find((level) => hit.hierarchy[level]);
    const url = toSitePath(hit.url, siteUrl);
    if (hit.anchor && heading) {
      if (!page.headings.some((entry) => entry.url === url)) {
        page.headings.push({ url, title: highlighted(hit, heading), excerpt: snippet });
      }
    } else {
      page.excerpt ||= snippet;
    }
  }
  return [...pages.values()];
}

/** How the query was understood, for the modal and the page; `data-search-literal` searches the words as typed. */
export function noticeHtml(notice: QueryNotice): string {
  const text = (template: string) =>
    escapeHtml(template.replace('{original}', notice.original).replace('{query}', notice.query));
  if (notice.kind === 'relaxed') {
    return `<p class="margin-bottom--sm" data-search-notice="relaxed">${text(texts.relaxedNotice)}</p>`;
  }
  return `<p class="margin-bottom--sm" data-search-notice="corrected">${text(texts.correctedNotice)} <button type="button" class="clean-btn search-instead" data-search-literal="${escapeHtml(notice.original)}">${text(texts.searchInstead)}</button>.</p>`;
}

/** The class names of the page's live status region and result list, which the early script paints into. */
export const SEARCH_TARGETS = { status: 'search-status', list: 'search-results' } as const;

/** What the page's live status region says about the query of the URL. */
export interface SearchStatus {
  query: string;
  state: 'idle' | 'loading' | 'done' | 'error';
  nbHits: number;
  notice: QueryNotice | null;
  /** Sections to try when nothing matched, each a button with `data-search-suggestion`. */
  suggestions: readonly string[];
  reportUrl: string;
}

const PENDING_STATUS = {
  idle: '',
  loading: `<p>${texts.searching}</p>`,
  error: `<div class="alert alert--secondary margin-bottom--md" role="alert"><p><strong>${texts.errorTitle}</strong></p><p>${texts.errorHelp}</p></div>`,
};

export function statusHtml({ query, state, nbHits, notice, suggestions, reportUrl }: SearchStatus): string {
  if (state !== 'done') {
    return PENDING_STATUS[state];
  }
  const quoted = `“<strong>${escapeHtml(query)}</strong>”`;
  if (nbHits > 0) {
    const count = nbHits === 1 ? texts.oneResult : texts.resultCount.replace('{count}', String(nbHits));
    return `${notice ? noticeHtml(notice) : ''}<p class="search-count">${count} ${quoted}</p>`;
  }
  const buttons = suggestions.map(
    (section) =>
      `<li><button type="button" class="button button--sm button--secondary" data-search-suggestion="${escapeHtml(section)}">${escapeHtml(section)}</button></li>`,
  );
  return `<div class="alert alert--secondary margin-bottom--md"><p><strong>${texts.noResults}</strong> ${quoted}</p>${
    buttons.length > 0 ? `<p>${texts.trySearchingFor}:</p><ul class="pills clean-list">${buttons.join('')}</ul>` : ''
  }<p>${texts.reportMissing} <a href="${escapeHtml(reportUrl)}">${texts.reportMissingLink}</a></p></div>`;
}

const link = (url: string, html: string) => `<a href="${escapeHtml(url)}"><span>${html}</span></a>`;
const excerpt = (html: string) => (html ? `<div>${html}</div>` : '');

export function resultsHtml(pages: readonly PageResult[]): string {
  return pages
    .map((page) => {
      const headings = page.headings.map(
        (heading) => `<li>${link(heading.url, heading.title)}${excerpt(heading.excerpt)}</li>`,
      );
      return `<li class="search-result">${page.section ? `<p class="search-section">${escapeHtml(page.section)}</p>` : ''}<h2 class="search-title">${link(page.url, page.title)}</h2>${excerpt(page.excerpt)}${
        headings.length > 0 ? `<ul class="search-headings">${headings.join('')}</ul>` : ''
      }</li>`;
    })
    .join('');
}
