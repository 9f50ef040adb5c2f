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

/**
 * How the site's search reads a query, as the site publishes it (`/search-words.json`):
 * groups of words readers use for one thing, the docs' own word first, and the stop
 * words that say nothing about a page.
 */
export interface QueryWords {
  groups: string[][];
  stopWords: string[];
}

/** The site's file of query words. */
export const QUERY_WORDS_PATH = '/search-words.json';

/** For a site that publishes no query words: every word as typed. */
export const NO_QUERY_WORDS: QueryWords = { groups: [], stopWords: [] };

/** Reads the query words file; `where` names it in the error. */
export function parseQueryWords(text: string, where: string): QueryWords {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  const { groups, stopWords } = (data ?? {}) as Partial<Record<keyof QueryWords, unknown>>;
  const isWords = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((word) => typeof word === 'string' && word.trim() !== '');
  if (!Array.isArray(groups) || !groups.every((group) => isWords(group) && group.length >= 2)) {
    throw new Error(`${where}: "groups" must be lists of two words or more.`);
  }
  if (!isWords(stopWords)) {
    throw new Error(`${where}: "stopWords" must be a list of words.`);
  }
  return { groups, stopWords };
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
  private readonly miniSearch: MiniSearch<SectionDocument>;
  /** Each word readers may type for one the docs use, with the docs' word. */
  private readonly docsWords = new Map<string, string>();
  private readonly stopWords: ReadonlySet<string>;
  /** Every term indexed. */
  private readonly terms = new Set<string>();

  /**
   * `words` are the site's query words: a stop word is not searched in a query that has
   * other words, and a query is searched with the docs' own word beside each reader's word.
   */
  constructor(pages: readonly { page: DocsPage; twin: ParsedTwin }[], words: QueryWords = NO_QUERY_WORDS) {
    const stopWords = new Set(words.stopWords);
    this.stopWords = stopWords;
    for (const [docsWord, ...variants] of words.groups) {
      for (const variant of variants) {
        if (docsWord && !this.docsWords.has(variant)) {
          this.docsWords.set(variant, docsWord);
        }
      }
    }
    this.miniSearch = new MiniSearch<SectionDocument>({
      fields: ['pageTitle', 'heading', 'description', 'text'],
      storeFields: ['pageTitle', 'heading', 'url', 'prose'],
      processTerm: (term) => {
        const terms = withParts(term);
        terms.forEach((known) => this.terms.add(known));
        return terms;
      },
      searchOptions: {
        // Left in, words that say nothing about a page make every section match.
        processTerm: (term) => (stopWords.has(term.toLowerCase()) ? null : withParts(term)),
        boost: { pageTitle: 3, heading: 2, description: 1.5 },
        prefix: (term) => term.length >= 3,
        fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      },
    });
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

  /** The query with the docs' own word added after each word a reader may type for it. */
  readAs(query: string): string {
    return query
      .split(/\s+/)
      .flatMap((word) => {
        const docsWord = this.docsWords.get(word.toLowerCase().replace(/^\W+|\W+$/g, ''));
        return docsWord ? [word, docsWord] : [word];
      })
      .join(' ');
  }

  /**
   * A word the index does not hold, nor the start of a word it holds, written with two
   * neighbouring letters put back in order when that makes a word it holds ("benchamrk"):
   * fuzzy matching would count the swap as two edits, and find nearer, wrong words.
   */
  private known(word: string): string {
    const lower = word.toLowerCase();
    if (this.terms.has(lower) || [...this.terms].some((term) => term.startsWith(lower))) {
      return word;
    }
    return swaps(lower).find((swapped) => this.terms.has(swapped)) ?? word;
  }

  search(query: string, limit: number): SearchHit[] {
    const words = tokenize(this.readAs(query)).filter(Boolean);
    // A query of stop words only ("Rubra", "how to") is searched as it is.
    const options = words.every((word) => this.stopWords.has(word.toLowerCase())) ? { processTerm: withParts } : {};
    let results = this.miniSearch.search(words.map((word) => this.known(word)).join(' '), options);
    if (results.length === 0) {
      // Fuzzy matching counts two neighbouring letters typed in the wrong order as two
      // edits: a query that finds nothing is tried with each such pair put back.
      results = this.miniSearch.search([...words, ...words.flatMap(swaps)].join(' '), options);
    }
    return results.slice(0, limit).map((result) => ({
      pageTitle: result.pageTitle as string,
      heading: result.heading as string,
      url: result.url as string,
      snippet: snippet(result.prose as string, result),
      score: result.score,
    }));
  }
}

/** MiniSearch's own tokenizer, so that a query is split into the words it indexes. */
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/**
 * A term in lower case, and its parts where letters meet digits: the docs' "GSM-8K" and
 * a reader's "gsm8k", "Phi-3" and "phi3", meet in "gsm", "8", "k" and "phi", "3".
 */
function withParts(term: string): string[] {
  const lower = term.toLowerCase();
  const parts = lower.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u);
  return parts.length > 1 ? [lower, ...parts] : [lower];
}

/** The word with one pair of neighbouring letters swapped, each way it can be. */
function swaps(word: string): string[] {
  const letters = [...word];
  return letters.slice(1).map((letter, index) => {
    const swapped = [...letters];
    swapped[index] = letter;
    swapped[index + 1] = letters[index] ?? '';
    return swapped.join('');
  });
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
