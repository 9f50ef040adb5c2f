/**
 * How search reads text into words, the same way when the build writes the search
 * vocabulary and when the browser reads a query: lower case, split on anything but
 * letters, digits and the joiners inside a word (llama.cpp, phi-3, tool_calls).
 */

/** The vocabulary the search-index plugin writes beside the Pagefind index, read by the query layer. */
export const VOCABULARY_FILE = 'vocabulary.json';

export interface VocabularyFile {
  /** Every word of the indexed pages, most frequent first. */
  words: string[];
}

const WORD = /[\p{L}\p{N}]+(?:[.\-_'’][\p{L}\p{N}]+)*/gu;

/** The words of a text, lower-cased, in order. */
export function searchWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map(([word]) => word);
}

/** Only words made of letters can be misspelt in a way the vocabulary can correct. */
export function isCorrectable(word: string): boolean {
  return /^\p{L}+$/u.test(word);
}
