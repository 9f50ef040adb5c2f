/**
 * The query layer between the reader and the local engine, shared by the modal,
 * /search and the dev server. It reads a query the way a hosted search would:
 * - synonyms and spelling variants (synonyms.json): the query is also searched with
 *   each listed word replaced by the docs' own word, and the answers are merged;
 * - typo tolerance: a word that the results do not contain and the site's vocabulary
 *   does not know is corrected to the nearest word it knows (Damerau-Levenshtein: one
 *   edit for words of 4 to 7 letters, two from 8; ties go to the more frequent word).
 *   The vocabulary is fetched only then;
 * - no dead ends: when nothing matches every word, the words that match nothing, then
 *   the least selective ones, are left out until something matches, as Algolia's
 *   removeWordsIfNoResults does.
 * The reader is told of a correction or a relaxation (`QueryNotice`). Pure: the engine
 * and the vocabulary are passed in.
 */
import { isCorrectable, searchWords } from '../shared/searchWords';
import synonymsFile from './synonyms.json';

export interface QueryData {
  /** Each group: the docs' own word first, then what readers may type instead. */
  groups: readonly (readonly string[])[];
  stopWords: readonly string[];
}

export const QUERY_DATA: QueryData = synonymsFile;

export interface EngineResult {
  id: string;
  score: number;
}

export interface QueryEngine<R extends EngineResult> {
  /** Every result for a query that the engine reads literally, best first. */
  search(term: string): Promise<R[]>;
  /** The plain text of a result, to tell whether it contains a word. */
  text(result: R): Promise<string>;
  /** The title of a result's page. */
  title(result: R): Promise<string>;
  /**
   * Where the query first matches in a result's text, in words from its start, when the
   * engine knows without reading the text (Pagefind's word locations). A page's text opens
   * with its title, so a page that matches only further in cannot have the query for its
   * title: its title is then not read.
   */
  firstMatch?(result: R): number | undefined;
}

export type QueryNotice =
  { kind: 'corrected'; query: string; original: string } | { kind: 'relaxed'; query: string; original: string };

export interface UnderstoodQuery<R> {
  results: R[];
  notice: QueryNotice | null;
}

export interface UnderstandOptions {
  data?: QueryData;
  /** The site's words, most frequent first; called only when a word may be misspelt. */
  vocabulary: () => Promise<readonly string[]>;
  /** Search the words as typed: no correction (the reader asked for it). */
  literal?: boolean;
}

/** How many of the first results are read to decide that a word is one the docs use. */
export const RESULTS_READ = 5;
/** How many of the first results may move up for a title that is the query itself. */
const TITLES_READ = 10;
/**
 * How far into a page's text the query's first match may lie for its title (the text's
 * opening words) to be the query: a title may open with a stop word or two ("How to ...").
 */
const TITLE_OPENING_WORDS = 4;

/** The number of edits forgiven in a word of this length. */
export function allowedEdits(word: string): 0 | 1 | 2 {
  const length = [...word].length;
  return length < 4 ? 0 : length < 8 ? 1 : 2;
}

/**
 * Damerau-Levenshtein distance (optimal string alignment: insertions, deletions,
 * substitutions and swaps of neighbours), or `max + 1` as soon as it exceeds `max`.
 */
export function editDistance(a: string, b: string, max: number): number {
  const s = [...a];
  const t = [...b];
  if (Math.abs(s.length - t.length) > max) {
    return max + 1;
  }
  let before: number[] = [];
  let previous = Array.from({ length: t.length + 1 }, (_, j) => j);
  for (let i = 1; i <= s.length; i += 1) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= t.length; j += 1) {
      const cost = s[i - 1] === t[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && s[i - 1] === t[j - 2] && s[i - 2] === t[j - 1]) {
        value = Math.min(value, (before[j - 2] ?? 0) + 1);
      }
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > max) {
      return max + 1;
    }
    before = previous;
    previous = current;
  }
  return Math.min(previous[t.length] ?? max + 1, max + 1);
}

/** A word the vocabulary holds, or the start of one (a partial word is not a typo). */
export function isKnown(word: string, vocabulary: readonly string[]): boolean {
  return vocabulary.some((known) => known.startsWith(word));
}

/** The nearest known word within the allowed edits; the most frequent of equals. Null when none. */
export function correctWord(word: string, vocabulary: readonly string[]): string | null {
  const max = allowedEdits(word);
  if (max === 0 || !isCorrectable(word)) {
    return null;
  }
  let best: string | null = null;
  let bestDistance = max + 1;
  // The vocabulary is ordered most frequent first, so the first at a distance wins ties.
  for (const known of vocabulary) {
    // A short word that only extends a known one is another word (metal, meta), not a slip.
    if (max === 1 && word.startsWith(known)) {
      continue;
    }
    const distance = editDistance(word, known, Math.min(max, bestDistance - 1));
    if (distance < bestDistance) {
      best = known;
      bestDistance = distance;
      if (distance === 1 && max === 1) {
        break;
      }
    }
  }
  return best;
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

function mergeResults<R extends EngineResult>(lists: readonly R[][]): R[] {
  const best = new Map<string, R>();
  for (const list of lists) {
    for (const result of list) {
      const known = best.get(result.id);
      if (!known || result.score > known.score) {
        best.set(result.id, result);
      }
    }
  }
  return [...best.values()].sort((a, b) => b.score - a.score);
}

function containsWord(text: string, word: string): boolean {
  return searchWords(text).some((candidate) => candidate.startsWith(word));
}

/**
 * A page whose title says exactly what the query says (its words, stop words aside, as
 * typed or as the docs' words) answers it best: "Models" is the models index, "get an
 * assistant" the operation of that name. Such results move to the top, in their order.
 */
async function titlesFirst<R extends EngineResult>(
  results: R[],
  words: readonly string[],
  engine: QueryEngine<R>,
  data: QueryData,
  table: ReadonlyMap<string, string[]>,
): Promise<R[]> {
  const key = (list: readonly string[]) => [...new Set(list)].sort().join(' ');
  const wanted = new Set([key(words), key(canonicalWords(words, table))]);
  // The first results' texts are read anyway; further down, only a result that matches
  // at the very start of its text can be titled with the query.
  const head = results
    .slice(0, TITLES_READ)
    .filter((result, index) => index < RESULTS_READ || (engine.firstMatch?.(result) ?? 0) < TITLE_OPENING_WORDS);
  const titles = await Promise.all(head.map((result) => engine.title(result)));
  const exact = head.filter((_, index) => wanted.has(key(queryWords(titles[index] ?? '', data))));
  return exact.length === 0 ? results : [...exact, ...results.filter((result) => !exact.includes(result))];
}

/** Reads a query, searches the engine, and says how the query was understood. */
export async function understandQuery<R extends EngineResult>(
  query: string,
  engine: QueryEngine<R>,
  options: UnderstandOptions,
): Promise<UnderstoodQuery<R>> {
  const data = options.data ?? QUERY_DATA;
  const table = synonymTable(data);
  const original = query.trim().replace(/\s+/g, ' ');
  const run = async (words: readonly string[]): Promise<R[]> => {
    const canonical = canonicalWords(words, table);
    const terms = [...new Set([words.join(' '), canonical.join(' ')])].filter(Boolean);
    return mergeResults(await Promise.all(terms.map((term) => engine.search(term))));
  };

  let words = queryWords(original, data);
  let results = await run(words);
  let known: readonly string[] | null = null;
  const vocabulary = async () => (known ??= await options.vocabulary());
  const corrections = new Map<string, string>();
  // What the reader is shown: their own words, corrected, without the words left out.
  const shown = (kept: readonly string[]) =>
    searchWords(original)
      .map((word) => corrections.get(word) ?? word)
      .filter((word) => kept.includes(word) || !words.includes(word))
      .join(' ');

  if (!options.literal) {
    const texts = await Promise.all(results.slice(0, RESULTS_READ).map((result) => engine.text(result)));
    const unseen = words.filter(
      (word) =>
        allowedEdits(word) > 0 &&
        isCorrectable(word) &&
        !texts.some((text) => [word, ...(table.get(word) ?? [])].some((form) => containsWord(text, form))),
    );
    if (unseen.length > 0) {
      const site = await vocabulary();
      const fixed = words.map((word) =>
        unseen.includes(word) && !isKnown(word, site) ? (correctWord(word, site) ?? word) : word,
      );
      if (fixed.some((word, index) => word !== words[index])) {
        const fixedResults = await run(fixed);
        if (fixedResults.length > 0 || results.length === 0) {
          words.forEach((word, index) => corrections.set(word, fixed[index] ?? word));
          words = fixed;
          results = fixedResults;
        }
      }
    }
  }

  if (results.length === 0 && words.length > 1) {
    // The engine may answer a word it does not hold with near matches: a word the
    // vocabulary does not know counts as matching nothing.
    const site = await vocabulary();
    const counts = new Map<string, number>();
    for (const word of new Set(words)) {
      counts.set(word, isCorrectable(word) && !isKnown(word, site) ? 0 : (await run([word])).length);
    }
    let kept = words.filter((word) => (counts.get(word) ?? 0) > 0);
    let relaxed = kept.length > 0 && kept.length < words.length ? await run(kept) : [];
    while (relaxed.length === 0 && kept.length > 1) {
      // Leave out the word that narrows the answer least: the one most pages contain.
      const loosest = kept.reduce((a, b) => ((counts.get(b) ?? 0) > (counts.get(a) ?? 0) ? b : a));
      kept = kept.filter((word) => word !== loosest);
      relaxed = await run(kept);
    }
    if (relaxed.length > 0) {
      return {
        results: await titlesFirst(relaxed, kept, engine, data, table),
        notice: { kind: 'relaxed', query: shown(kept), original },
      };
    }
  }

  return {
    results: await titlesFirst(results, words, engine, data, table),
    notice: corrections.size > 0 ? { kind: 'corrected', query: shown(words), original } : null,
  };
}
