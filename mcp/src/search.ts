import {
  buildVocabulary,
  canonicalWords,
  NO_QUERY_DATA,
  queryWords,
  searchWords,
  synonymTable,
  understandQuery,
  wordParts,
  wordStem,
  type QueryData,
  type QueryEngine,
} from '@rubra/search-query';
import MiniSearch, { type Options, type SearchResult } from 'minisearch';

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

export interface SearchAnswer {
  hits: SearchHit[];
  /**
   * The query the hits answer when it is not the one asked: a word corrected to the
   * docs' spelling, or left out because no page holds every word.
   */
  searchedFor: string | null;
}

interface SectionDocument {
  id: number;
  page: string;
  pageTitle: string;
  heading: string;
  description: string;
  text: string;
  url: string;
  prose: string;
}

interface PageDocument {
  id: string;
  title: string;
  headings: string;
  description: string;
  text: string;
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
 * A word as indexed: itself, its parts where letters meet digits or joiners hold it
 * together (the query layer's word parts), and its parts run together, so that the docs'
 * "GSM-8K" is found by "gsm8k", "gsm 8k" and "gsm".
 */
function indexedTerms(word: string): string[] {
  const parts = wordParts(word)?.split(' ') ?? [];
  return [...new Set([word, ...parts, parts.join('')])].filter(Boolean);
}

/** Index options both indexes share: the query layer's words, a word found from its start. */
function wordOptions<T>(fields: string[], boost: Record<string, number>): Options<T> {
  return {
    fields,
    tokenize: searchWords,
    processTerm: indexedTerms,
    searchOptions: {
      tokenize: searchWords,
      processTerm: (term) => term,
      boost,
      prefix: (term) => term.length >= 3,
      bm25: BM25,
    },
  };
}

/**
 * How a page's words weigh: its title most, then its headings, then its one-line
 * description, then its text (which holds the title and headings too, as a page's text
 * does for Pagefind); a long page is normalised for its length less than BM25's default
 * does, which brings the pages' order nearest the site's on the relevance benchmark.
 */
const PAGE_FIELD_WEIGHTS = { title: 3, headings: 2, description: 1.5 };
const BM25 = { k: 1.2, b: 0.3, d: 0.5 };

/**
 * A full-text index of the site, searched through the site's query layer: pages are
 * ranked as the site's search ranks them (page titles weigh most, then headings, then
 * the page's one-line description, then the text), then each page shows the sections
 * (its introduction and its h2 and h3 sections) that hold the query's words.
 */
export class DocsIndex {
  private readonly pages: MiniSearch<PageDocument>;
  private readonly sections: MiniSearch<SectionDocument>;
  private readonly pageData = new Map<string, { title: string; headings: string[]; text: string }>();
  private readonly firstSection = new Map<string, SectionDocument>();
  private vocabulary?: readonly string[];

  /**
   * `data` is the site's query data: its synonyms and stop words. Built by `Docs`; internal,
   * so that the package's declarations name nothing of the query layer it bundles.
   * @internal
   */
  constructor(
    pages: readonly { page: DocsPage; twin: ParsedTwin }[],
    private readonly data: QueryData = NO_QUERY_DATA,
  ) {
    this.pages = new MiniSearch<PageDocument>(
      wordOptions(['title', 'headings', 'description', 'text'], PAGE_FIELD_WEIGHTS),
    );
    this.sections = new MiniSearch<SectionDocument>({
      ...wordOptions<SectionDocument>(['pageTitle', 'heading', 'description', 'text'], {
        pageTitle: 3,
        heading: 2,
        description: 1.5,
      }),
      storeFields: ['page', 'pageTitle', 'heading', 'url', 'prose'],
    });
    let id = 0;
    const sections: SectionDocument[] = [];
    const pageDocuments: PageDocument[] = [];
    // A page may repeat another's sections (the API landing page is an operation's
    // page too); a repeated section is indexed once, under the page with the deepest
    // path (the page's own address, not an alias), as the site's index keeps it.
    const indexed = new Set<string>();
    const depth = ({ page }: { page: DocsPage }) => new URL(page.url).pathname.split('/').length;
    for (const { page, twin } of [...pages].sort((a, b) => depth(b) - depth(a))) {
      const own = twin.sections.flatMap((section) => {
        const text = prose(section.text);
        const key = JSON.stringify([twin.title, section.heading, text]);
        if (indexed.has(key)) {
          return [];
        }
        indexed.add(key);
        return [
          {
            id: id++,
            page: page.url,
            pageTitle: twin.title,
            heading: section.heading,
            description: section.level === 1 ? page.description : '',
            text,
            url: section.anchor ? `${page.url}#${section.anchor}` : page.url,
            prose: text || page.description,
          },
        ];
      });
      const [first] = own;
      if (!first || this.pageData.has(page.url)) {
        continue;
      }
      sections.push(...own);
      this.firstSection.set(page.url, first);
      const rest = own.filter((section) => section !== first);
      const headings = rest.map((section) => section.heading);
      const text = own.map((section) => section.text).join(' ');
      this.pageData.set(page.url, { title: twin.title, headings, text: [twin.title, ...headings, text].join(' ') });
      pageDocuments.push({
        id: page.url,
        title: twin.title,
        headings: headings.join(' '),
        description: page.description,
        text: [twin.title, ...headings, text].join(' '),
      });
    }
    this.sections.addAll(sections);
    this.pages.addAll(pageDocuments);
  }

  get size(): number {
    return this.sections.documentCount;
  }

  /** The best sections for a query, the pages ranked by the site's query layer. */
  async search(query: string, limit: number): Promise<SearchAnswer> {
    const page = (result: { id: string }) => this.pageData.get(result.id);
    const engine: QueryEngine<SearchResult> = {
      // The query layer reads a term literally: every word in the page, as typed or from its
      // start. A term no page holds is searched in any of its forms, as Pagefind, which
      // stems words, finds it ("max_new_tokes" finds max_new_tokens).
      search: async (term) => {
        const found = this.pages.search(term, { combineWith: 'AND' });
        const stems = searchWords(term).map(wordStem).join(' ');
        return found.length > 0 || stems === term ? found : this.pages.search(stems, { combineWith: 'AND' });
      },
      text: async (result) => page(result)?.text ?? '',
      title: async (result) => page(result)?.title ?? '',
      headings: async (result) => page(result)?.headings ?? [],
      pageCount: async () => this.pages.documentCount,
    };
    this.vocabulary ??= buildVocabulary([...this.pageData.values()].map(({ text }) => text)).words;
    const vocabulary = this.vocabulary;
    const { results, notice } = await understandQuery(query, engine, {
      data: this.data,
      vocabulary: async () => vocabulary,
    });
    const searchedFor = notice?.query ?? query;
    const words = queryWords(searchedFor, this.data);
    const terms = [...new Set([...words, ...canonicalWords(words, synonymTable(this.data))])].join(' ');
    const matching = this.sections.search(terms, { fuzzy: false });
    const hits: SearchHit[] = [];
    for (const { id } of results) {
      const shown = matching.filter((section) => section.page === id).slice(0, SECTIONS_PER_PAGE);
      const first = this.firstSection.get(id);
      const sections = shown.length > 0 ? shown : first ? [{ ...first, score: 0, terms: [] }] : [];
      hits.push(
        ...sections.map((section) => ({
          pageTitle: section.pageTitle as string,
          heading: section.heading as string,
          url: section.url as string,
          snippet: snippet(section.prose as string, section.terms),
          score: section.score,
        })),
      );
      if (hits.length >= limit) {
        break;
      }
    }
    return { hits: hits.slice(0, limit), searchedFor: notice ? notice.query : null };
  }
}

/** About SNIPPET_LENGTH characters of `text` around the first word the query matched. */
function snippet(text: string, terms: readonly string[]): string {
  if (text.length <= SNIPPET_LENGTH) {
    return text;
  }
  const lower = text.toLowerCase();
  const positions = terms.map((term) => lower.search(new RegExp(`\\b${escapeRegExp(term)}`))).filter((at) => at >= 0);
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
