/**
 * The search vocabulary: every word of the indexed pages that a query's typo can be
 * corrected to, most frequent first (the query layer breaks ties by that order). The
 * browser fetches it only when a query has a word the results do not contain.
 */
import { isCorrectable, searchWords, type VocabularyFile } from '../../shared/searchWords';

/** Shorter words are never corrected, nor corrected to. */
const MIN_LENGTH = 3;

/**
 * A word with digits or joiners in it (qwen2, rubra_tools) is a name: only one the docs
 * use this often is worth correcting to. A file name or a generated id, written once,
 * is not what a reader types, and a site of thousands of pages holds thousands of them.
 */
const NAME_MIN_COUNT = 2;

export function buildVocabulary(texts: Iterable<string>): VocabularyFile {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of searchWords(text)) {
      if (word.length >= MIN_LENGTH && isCorrectable(word)) {
        counts.set(word, (counts.get(word) ?? 0) + 1);
      }
    }
  }
  const words = [...counts]
    .filter(([word, count]) => /^\p{L}+$/u.test(word) || count >= NAME_MIN_COUNT)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1));
  return { words: words.map(([word]) => word) };
}
