/**
 * How search reads text into words, the same way when an index's vocabulary is written
 * and when a query is read: lower case, split on anything but letters, digits and the
 * joiners inside a word (llama.cpp, phi-3, tool_calls).
 */

const WORD = /[\p{L}\p{N}]+(?:[.\-_'’][\p{L}\p{N}]+)*/gu;

/** The words of a text, lower-cased, in order. */
export function searchWords(text: string): string[] {
  return [...text.toLowerCase().matchAll(WORD)].map(([word]) => word);
}

/**
 * A word the vocabulary can correct: one that starts with a letter and has three or
 * more (qwen2, phi-3, rubra_tools), not a number, a size or a version (8000, 8b, v0.3).
 */
export function isCorrectable(word: string): boolean {
  return /^\p{L}/u.test(word) && (word.match(/\p{L}/gu)?.length ?? 0) >= 3;
}

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

/** Whether a text holds the word, or a word that starts with it. */
export function containsWord(text: string, word: string): boolean {
  return searchWords(text).some((candidate) => candidate.startsWith(word));
}

/** English endings that make another form of a word (finishes, finished, finishing). */
const ENDINGS = /(?:es|s|ed|ing)$/;

/**
 * The start that every form of a word shares, without its English ending, when four
 * letters or more are left ("finish" of finishes and finished); the word itself otherwise.
 */
export function wordStem(word: string): string {
  const stem = word.replace(ENDINGS, '');
  return stem.length >= 4 ? stem : word;
}
