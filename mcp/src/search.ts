import MiniSearch, { type SearchResult } from 'minisearch';

import { plainText } from './headings.js';
import type { DocsPage } from './pages.js';
import type { ParsedTwin } from './twin.js';

export interface SearchHit {
  pageTitle: string;
  /** The section's heading; the page title when the hit is the page's introduction. */
  heading: string;
  /** The page URL, with the section's anchor. */
  url: string;
  snippet: string;
  score: number;
}

interface SectionDocument {
  id: number;
  pageTitle: string;
  heading: string;
  description: string;
  text: string;
  url: string;
  prose: string;
}

const SNIPPET_LENGTH = 220;

// Words that say nothing about a page; left in, they make every section match.
const STOP_WORDS = new Set(
  'a an and are as at be by can do does for from how i in is it its my of on or should that the this to what when where which with you your'.split(
    ' ',
  ),
);

function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

const FENCE_LINE = /^\s*(`{3,}|~{3,})/;
const TABLE_DELIMITER_ROW = /^\s*\|?(\s*:?-{3,}:?\s*\|)+\s*(:?-{3,}:?)?\s*$/;

/**
 * Markdown as reading text, on one line: no code fences, table delimiter rows, heading
 * or quote marks, footnote references or link targets.
 */
export function prose(markdown: string): string {
  return markdown
    .split('\n')
    .filter((line) => !FENCE_LINE.test(line) && !TABLE_DELIMITER_ROW.test(line))
    .map((line) =>
      plainText(
        line
          .replace(/^\s*(>\s?)+/, '')
          .replace(/^\s*#{1,6}\s+/, '')
          .replace(/\[\^[^\]]+\]/g, '')
          .replace(/\|/g, ' '),
      ),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A full-text index of the site's sections (each page's introduction and its h2 and h3
 * sections). Page titles weigh most, then headings, then the page's one-line
 * description, then the text; prefix and fuzzy matching forgive partial words and typos.
 */
export class DocsIndex {
  private readonly miniSearch = new MiniSearch<SectionDocument>({
    fields: ['pageTitle', 'heading', 'description', 'text'],
    storeFields: ['pageTitle', 'heading', 'url', 'prose'],
    processTerm,
    searchOptions: {
      boost: { pageTitle: 3, heading: 2, description: 1.5 },
      prefix: (term) => term.length >= 3,
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
    },
  });

  constructor(pages: readonly { page: DocsPage; twin: ParsedTwin }[]) {
    let id = 0;
    const documents: SectionDocument[] = [];
    // A page may repeat another's sections (the API landing page is an operation's
    // page too); a repeated section is indexed once, under the first page listed.
    const indexed = new Set<string>();
    for (const { page, twin } of pages) {
      for (const section of twin.sections) {
        const text = prose(section.text);
        const key = JSON.stringify([twin.title, section.heading, text]);
        if (indexed.has(key)) {
          continue;
        }
        indexed.add(key);
        documents.push({
          id: id++,
          pageTitle: twin.title,
          heading: section.heading,
          description: section.level === 1 ? page.description : '',
          text,
          url: section.anchor ? `${page.url}#${section.anchor}` : page.url,
          prose: text || page.description,
        });
      }
    }
    this.miniSearch.addAll(documents);
  }

  get size(): number {
    return this.miniSearch.documentCount;
  }

  search(query: string, limit: number): SearchHit[] {
    return this.miniSearch
      .search(query)
      .slice(0, limit)
      .map((result) => ({
        pageTitle: result.pageTitle as string,
        heading: result.heading as string,
        url: result.url as string,
        snippet: snippet(result.prose as string, result),
        score: result.score,
      }));
  }
}

/** About SNIPPET_LENGTH characters of `text` around the first word the query matched. */
function snippet(text: string, result: SearchResult): string {
  if (text.length <= SNIPPET_LENGTH) {
    return text;
  }
  const lower = text.toLowerCase();
  const positions = result.terms
    .map((term) => lower.search(new RegExp(`\\b${escapeRegExp(term)}`)))
    .filter((at) => at >= 0);
  const hit = positions.length > 0 ? Math.min(...positions) : 0;
  let start = Math.max(0, hit - 60);
  if (start > 0) {
    start = text.indexOf(' ', start) + 1 || start;
  }
  let end = Math.min(text.length, start + SNIPPET_LENGTH);
  if (end < text.length) {
    end = text.lastIndexOf(' ', end) > start ? text.lastIndexOf(' ', end) : end;
  }
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
