import {
  buildVocabulary,
  canonicalWords,
  NO_QUERY_DATA,
  queryWords,
  searchWords,
  synonymTable,
  understandQuery,
  wordForms,
  wordStem,
  type QueryData,
  type QueryEngine,
} from '@rubra/search-query';
import MiniSearch, { type Options, type SearchResult } from 'minisearch';

import { plainText } from '@rubra/twin-reader';
import type { DocsPage } from './pages.js';
import type { ParsedTwin } from '@rubra/twin-reader';

export interface SearchHit {
  pageTitle: string;
  /** The section's heading; the page title when the hit is the page's introduction. */
  heading: string;
  /** The page URL, with the section's anchor. */
  url: string;
  snippet: string;
  score: number;
}

export interface SearchAnswer {
  hits: SearchHit[];
  /**
   * The query the hits answer when it is not the one asked: a word corrected to the
   * docs' spelling, or left out because no page holds every word.
   */
  searchedFor: string | null;
}

/** The fields both indexes weigh: a page's, or the page's fields for one of its sections. */
interface IndexedText {
  title: string;
  /** A page's headings; a section's own heading. */
  headings: string;
  /** The page's one-line description: for a section, its introduction's only. */
  description: string;
  text: string;
}

interface SectionDocument extends IndexedText {
  id: number;
  page: string;
  url: string;
  /** What its snippet is cut from. */
  prose: string;
}

interface PageDocument extends IndexedText {
  id: string;
  headingList: string[];
  /** Shown when none of its sections holds the query's words. */
  intro: SectionDocument;
}

const SNIPPET_LENGTH = 220;
/** The sections shown of one page, as the site's search shows up to three per page. */
const SECTIONS_PER_PAGE = 3;

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
          .replace(/^\s*(>\s?)*\s*(#{1,6}\s+)?/, '')
          .replace(/\[\^[^\]]+\]/g, '')
          .replace(/\|/g, ' '),
      ),
    )
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * How the words weigh: the page's title most, then its headings (a section's own
 * heading), then its one-line description, then the text (which, for a page, holds the
 * title and headings too, as a page's text does for Pagefind); a long text is normalised
 * for its length less than BM25's default does, which brings the pages' order nearest
 * the site's on the relevance benchmark. A word is found from its start.
 */
function indexOptions<T>(storeFields: (keyof T & string)[]): Options<T> {
  return {
    fields: ['title', 'headings', 'description', 'text'],
    storeFields,
    tokenize: searchWords,
    // A word as indexed: itself and its forms, so that the docs' "GSM-8K" is found by "gsm-8k", "gsm8k" and "gsm".
    processTerm: (word) => [...new Set([word, ...wordForms(word)])],
    searchOptions: {
      tokenize: searchWords,
      processTerm: (term) => term,
      boost: { title: 3, headings: 2, description: 1.5 },
      prefix: (term) => term.length >= 3,
      bm25: { k: 1.2, b: 0.3, d: 0.5 },
    },
  };
}

/**
 * A full-text index of the site, searched through the site's query layer: pages are
 * ranked as the site's search ranks them, then each page shows the sections (its
 * introduction and its h2 and h3 sections) that hold the query's words.
 */
export class DocsIndex {
  private readonly pages = new MiniSearch<PageDocument>(indexOptions(['title', 'headingList', 'text', 'intro']));
  private readonly sections = new MiniSearch<SectionDocument>(
    indexOptions(['page', 'title', 'headings', 'url', 'prose']),
  );
  private readonly vocabulary: readonly string[];
  private readonly engine: QueryEngine<SearchResult> = {
    // The query layer reads a term literally: every word in the page, as typed or from its
    // start. A term no page holds is searched in any of its forms, as Pagefind, which
    // stems words, finds it ("max_new_tokes" finds max_new_tokens).
    search: async (term) => {
      const found = this.pages.search(term, { combineWith: 'AND' });
      const stems = searchWords(term).map(wordStem).join(' ');
      return found.length > 0 || stems === term ? found : this.pages.search(stems, { combineWith: 'AND' });
    },
    text: async (result) => result.text,
    title: async (result) => result.title,
    headings: async (result) => result.headingList,
    pageCount: async () => this.pages.documentCount,
  };

  /**
   * `data` is the site's query data: its synonyms and stop words. Built by `Docs`; internal,
   * so that the package's declarations name nothing of the query layer it bundles.
   * @internal
   */
  constructor(
    pages: readonly { page: DocsPage; twin: ParsedTwin }[],
    private readonly data: QueryData = NO_QUERY_DATA,
  ) {
    // A page may repeat another's sections (the API landing page is an operation's
    // page too); a repeated section is indexed once, under the page with the deepest
    // path (the page's own address, not an alias), as the site's index keeps it.
    const indexed = new Set<string>();
    const texts: string[] = [];
    const depth = ({ page }: { page: DocsPage }) => new URL(page.url).pathname.split('/').length;
    for (const { page, twin } of [...pages].sort((a, b) => depth(b) - depth(a))) {
      const own = twin.sections.flatMap(({ heading, level, anchor, text: markdown }): SectionDocument[] => {
        const text = prose(markdown);
        const key = JSON.stringify([twin.title, heading, text]);
        if (indexed.has(key)) {
          return [];
        }
        indexed.add(key);
        return [
          {
            id: indexed.size,
            page: page.url,
            title: twin.title,
            headings: heading,
            description: level === 1 ? page.description : '',
            text,
            url: anchor ? `${page.url}#${anchor}` : page.url,
            prose: text || page.description,
          },
        ];
      });
      const [intro] = own;
      if (intro && !this.pages.has(page.url)) {
        const headingList = own.slice(1).map((section) => section.headings);
        const text = [twin.title, ...headingList, ...own.map((section) => section.text)].join(' ');
        const { title, description } = page;
        this.sections.addAll(own);
        this.pages.add({ id: page.url, title, headings: headingList.join(' '), headingList, description, text, intro });
        texts.push(text);
      }
    }
    this.vocabulary = buildVocabulary(texts).words;
  }

  get size(): number {
    return this.sections.documentCount;
  }

  /** The best sections for a query, the pages ranked by the site's query layer. */
  async search(query: string, limit: number): Promise<SearchAnswer> {
    const { vocabulary, data } = this;
    const { results, notice } = await understandQuery(query, this.engine, { data, vocabulary: async () => vocabulary });
    const words = queryWords(notice?.query ?? query, data);
    const terms = [...new Set([...words, ...canonicalWords(words, synonymTable(data))])].join(' ');
    const matching = this.sections.search(terms, { fuzzy: false });
    const hits = results.slice(0, limit).flatMap(({ id, intro }) => {
      const shown = matching.filter((section) => section.page === id).slice(0, SECTIONS_PER_PAGE);
      return (shown.length > 0 ? shown : [{ ...intro, score: 0, terms: [] }]).map((section) => ({
        pageTitle: section.title,
        heading: section.headings,
        url: section.url,
        snippet: snippet(section.prose, section.terms),
        score: section.score,
      }));
    });
    return { hits: hits.slice(0, limit), searchedFor: notice?.query ?? null };
  }
}

/** About SNIPPET_LENGTH characters of `text` around the first word the query matched. */
function snippet(text: string, terms: readonly string[]): string {
  if (text.length <= SNIPPET_LENGTH) {
    return text;
  }
  const lower = text.toLowerCase();
  const found = terms.map((term) => lower.search(new RegExp(`\\b${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)));
  const hit = Math.min(...found.filter((at) => at >= 0), text.length);
  // From a word's start, some 60 characters before the match, to a word's end.
  const from = hit < text.length ? Math.max(0, hit - 60) : 0;
  const start = from > 0 ? text.indexOf(' ', from) + 1 || from : 0;
  const cut = start + SNIPPET_LENGTH;
  const end = cut >= text.length ? text.length : text.lastIndexOf(' ', cut) > start ? text.lastIndexOf(' ', cut) : cut;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
