/**
 * The site's vocabulary (every word of the indexed pages, most frequent first) and the
 * nearest of its words to a word no page holds (Damerau-Levenshtein: one edit for words of
 * 4 to 7 letters, two from 8; ties go to the more frequent word).
 */
import { holdsWord, isCorrectable, queryWord, searchWords, wordParts, wordStem, type QueryWord } from './query-words';

/** The file a Pagefind index's vocabulary is written to, beside the index. */
export const VOCABULARY_FILE = 'vocabulary.json';

/**
 * The vocabulary of an index's pages: words of three letters or more. A word with digits
 * or joiners (qwen2, rubra_tools) is kept only when the docs use it twice: a file name or
 * generated id written once is not what a reader types, and large sites hold thousands.
 */
export function buildVocabulary(texts: Iterable<string>) {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const word of searchWords(text).filter((found) => found.length >= 3 && isCorrectable(found))) {
      counts.set(word, (counts.get(word) ?? 0) + 1);
    }
  }
  const words = [...counts]
    .filter(([word, count]) => /^\p{L}+$/u.test(word) || count >= 2)
    .sort(([a, countA], [b, countB]) => countB - countA || (a < b ? -1 : 1));
  return { words: words.map(([word]) => word) };
}

/** What VOCABULARY_FILE holds: every word of the indexed pages, most frequent first. */
export type VocabularyFile = ReturnType<typeof buildVocabulary>;

/** Damerau-Levenshtein distance (optimal string alignment), or `max + 1` as soon as it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  const [s, t] = [[...a], [...b]];
  if (Math.abs(s.length - t.length) > max) {
    return max + 1;
  }
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      const swapped = i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1];
      const swap = swapped ? (before[j - 2] ?? 0) + 1 : Infinity;
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost, swap));
    }
    if (Math.min(...current) > max) {
      return max + 1;
    }
    [before, previous] = [previous, current];
  }
  return Math.min(previous[t.length] ?? max + 1, max + 1);
}

/** The number of edits forgiven in a word of this length. */
export function allowedEdits(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/** A word the vocabulary holds, the start of one (not a typo), or another form of one ("finishes" for "finished"). */
export function isKnown(word: string, vocabulary: readonly string[]): boolean {
  const forms = [word, wordStem(word)];
  return vocabulary.some((known) => forms.some((form) => known.startsWith(form)));
}

/** The nearest known word within the allowed edits; the most frequent of equals. Null when none. */
export function correctWord(word: string, vocabulary: readonly string[]): string | null {
  const max = allowedEdits(word);
  let [best, bestDistance]: [string | null, number] = [null, max + 1];
  // The vocabulary is ordered most frequent first, so the first at a distance wins ties.
  for (const known of max > 0 && isCorrectable(word) ? vocabulary : []) {
    // A short word that only extends a known one is another word (metal, meta), not a slip.
    const distance = max === 1 && word.startsWith(known) ? Infinity : editDistance(word, known, bestDistance - 1);
    if (distance < bestDistance) {
      [best, bestDistance] = [known, distance];
    }
  }
  return best;
}

/** The query's words that may be misspelt: long enough to correct, and in none of the texts. */
export function unseenWords(words: readonly QueryWord[], texts: readonly string[]): QueryWord[] {
  const correctable = ({ word }: QueryWord) => allowedEdits(word) > 0 && isCorrectable(word);
  return words.filter((entry) => correctable(entry) && !texts.some((text) => holdsWord(text, entry)));
}

/**
 * The query's words, each unseen one the vocabulary does not know searched as the docs
 * say it: as its synonym alone, in parts (llama3 as "llama 3"), as the nearest word they
 * use (`corrections` gets it), or left out.
 */
export function correctWords(
  words: readonly QueryWord[],
  unseen: readonly QueryWord[],
  vocabulary: readonly string[],
  table: ReadonlyMap<string, string[]>,
  corrections: Map<string, string>,
): QueryWord[] {
  return words.flatMap((entry): QueryWord[] => {
    if (!unseen.includes(entry) || isKnown(entry.word, vocabulary)) {
      return [entry];
    }
    if (entry.terms.length > 1) {
      return [{ word: entry.word, terms: entry.terms.slice(1) }];
    }
    const apart = wordParts(entry.word);
    if (apart && searchWords(apart).every((part) => !isCorrectable(part) || isKnown(part, vocabulary))) {
      return [{ word: entry.word, terms: [apart] }];
    }
    const correction = correctWord(entry.word, vocabulary);
    if (correction) {
      corrections.set(entry.word, correction);
    }
    return correction ? [queryWord(correction, table)] : [];
  });
}
