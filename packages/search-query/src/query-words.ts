/**
 * The words of a query as the docs say them: synonyms and spelling variants
 * (synonyms.json: each group's first word is the docs' own), and stop words that say
 * nothing about a page.
 */
import { searchWords } from './words';
// Named imports, so that the browser's bundles leave out the file's comment.
import { groups, stopWords } from './synonyms.json';

export interface QueryData {
  /** Each group: the docs' own word first, then what readers may type instead. */
  groups: readonly (readonly string[])[];
  stopWords: readonly string[];
}

export const QUERY_DATA: QueryData = { groups, stopWords };

/**
 * Where a build publishes QUERY_DATA at the site's root, so that a program reading the
 * site (the docs MCP server) reads queries with the words the site was built with.
 */
export const QUERY_DATA_FILE = 'search-words.json';

/** For a site that publishes no query data: every word as typed. */
export const NO_QUERY_DATA: QueryData = { groups: [], stopWords: [] };

/** Reads a published QUERY_DATA_FILE; `where` names it in the error. */
export function parseQueryData(text: string, where: string): QueryData {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  const { groups: read, stopWords: stop } = (data ?? {}) as Partial<Record<keyof QueryData, unknown>>;
  const isWords = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((word) => typeof word === 'string' && word.trim() !== '');
  if (!Array.isArray(read) || !read.every((group) => isWords(group) && group.length >= 2)) {
    throw new Error(`${where}: "groups" must be lists of two words or more.`);
  }
  if (!isWords(stop)) {
    throw new Error(`${where}: "stopWords" must be a list of words.`);
  }
  return { groups: read, stopWords: stop };
}

/** Each listed variant, mapped to the words of its group's first entry. */
export function synonymTable(data: QueryData): Map<string, string[]> {
  const table = new Map<string, string[]>();
  for (const [canonical, ...variants] of data.groups) {
    for (const variant of variants) {
      if (canonical && !table.has(variant)) {
        table.set(variant, searchWords(canonical));
      }
    }
  }
  return table;
}

/** The words to search: the query's words without stop words, unless that leaves none. */
export function queryWords(query: string, data: QueryData = QUERY_DATA): string[] {
  const words = searchWords(query);
  const stop = new Set(data.stopWords);
  const content = words.filter((word) => !stop.has(word));
  return content.length > 0 ? content : words;
}

/** The words with every listed variant replaced by the docs' own word. */
export function canonicalWords(words: readonly string[], table: ReadonlyMap<string, string[]>): string[] {
  return words.flatMap((word) => table.get(word) ?? [word]);
}

/** A word of the query and the terms that search for it: as typed, then as the docs say it. */
export interface QueryWord {
  /** The word as the reader is shown it: as typed, or corrected. */
  word: string;
  terms: string[];
}

export function queryWord(word: string, table: ReadonlyMap<string, string[]>): QueryWord {
  return { word, terms: [...new Set([word, canonicalWords([word], table).join(' ')])] };
}
