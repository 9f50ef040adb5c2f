/**
 * How search reads text into words, the same way when an index's vocabulary is written
 * and when a query is read (lower case, split on anything but letters, digits and the
 * joiners inside a word: llama.cpp, phi-3, tool_calls), and the words of a query as the
 * docs say them: synonyms and spelling variants (synonyms.json: each group's first word
 * is the docs' own), and stop words that say nothing about a page.
 */
// Named imports, so that the browser's bundles leave out the file's comment.
import { groups, stopWords } from './synonyms.json';

const WORD = /[\p{L}\p{N}]+(?:[.\-_'’][\p{L}\p{N}]+)*/gu;

export const searchWords = (text: string) => [...text.toLowerCase().matchAll(WORD)].map(([word]) => word);

/** A word the vocabulary can correct: it starts with a letter and has three (qwen2, phi-3; not 8000, 8b, v0.3). */
export const isCorrectable = (word: string) => /^\p{L}/u.test(word) && (word.match(/\p{L}/gu)?.length ?? 0) >= 3;

/**
 * A word's parts written apart, as the docs may write them: its letters apart from a
 * number they run into (llama3, phi3) and the parts its joiners hold together
 * (block-expansion, llama-cpp); null for a word of one part.
 */
export function wordParts(word: string): string | null {
  const apart = word
    .replace(/(\p{L})(\p{N})/gu, '$1 $2')
    .replace(/(\p{N})(\p{L})/gu, '$1 $2')
    .replace(/[.\-_'’]+/g, ' ')
    .trim();
  return apart === word ? null : apart;
}

/** A word as an index holds it: run together, and in its parts (GSM-8K is "gsm8k", "gsm", "8" and "k"). */
export const wordForms = (word: string) => [word.replace(/[.\-_'’]/g, ''), ...(wordParts(word)?.split(' ') ?? [])];

/** A word without its English ending (finishes, finished: "finish") when four letters are left; else the word. */
export function wordStem(word: string): string {
  const stem = word.replace(/(?:es|s|ed|ing)$/, '');
  return stem.length >= 4 ? stem : word;
}

export interface QueryData {
  /** Each group: the docs' own word first, then what readers may type instead. */
  groups: readonly (readonly string[])[];
  stopWords: readonly string[];
}

export const QUERY_DATA: QueryData = { groups, stopWords };

/** Where a build publishes QUERY_DATA, so that the docs MCP server reads queries with the site's own words. */
export const QUERY_DATA_FILE = 'search-words.json';

/** For a site that publishes no query data: every word as typed. */
export const NO_QUERY_DATA: QueryData = { groups: [], stopWords: [] };

/** Reads a published QUERY_DATA_FILE; `where` names it in the error. */
export function parseQueryData(text: string, where: string): QueryData {
  let data: Partial<Record<keyof QueryData, unknown>> | null;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${where} is not JSON: ${(error as Error).message}`);
  }
  const isWords = (list: unknown): list is string[] =>
    Array.isArray(list) && list.every((word) => typeof word === 'string' && word.trim() !== '');
  const { groups: read, stopWords: stop } = data ?? {};
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
  for (const [canonical = '', ...variants] of data.groups) {
    variants.filter((variant) => !table.has(variant)).forEach((variant) => table.set(variant, searchWords(canonical)));
  }
  return table;
}

/** The words to search: the query's words without stop words, unless that leaves none. */
export function queryWords(query: string, data: QueryData = QUERY_DATA): string[] {
  const words = searchWords(query);
  const content = words.filter((word) => !data.stopWords.includes(word));
  return content.length > 0 ? content : words;
}

/** The words with every listed variant replaced by the docs' own word. */
export const canonicalWords = (words: readonly string[], table: ReadonlyMap<string, string[]>) =>
  words.flatMap((word) => table.get(word) ?? [word]);

/** A word of the query and the terms that search for it: as typed, then as the docs say it. */
export interface QueryWord {
  /** The word as the reader is shown it: as typed, or corrected. */
  word: string;
  terms: string[];
}

export function queryWord(word: string, table: ReadonlyMap<string, string[]>): QueryWord {
  return { word, terms: [...new Set([word, canonicalWords([word], table).join(' ')])] };
}

/** Whether a text holds a word of the query: every part of one of its terms, each from a word's start. */
export function holdsWord(text: string, { terms }: QueryWord): boolean {
  const found = searchWords(text);
  return terms.some((term) => searchWords(term).every((part) => found.some((word) => word.startsWith(part))));
}
