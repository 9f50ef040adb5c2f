/**
 * Reads a query as a hosted search would, searches an engine with it, and says how it was
 * understood (`QueryNotice`): synonyms and stop words (query-words.ts), ranking, typo
 * tolerance against the vocabulary, fetched only when a word may be misspelt, and no dead
 * ends: when no page holds every word, the query keeps the words the best page holds
 * (Algolia's removeWordsIfNoResults).
 */
import type { EngineResult, QueryEngine, QueryNotice, UnderstandOptions } from './engine';
import { namedPagesFirst, rankQuery, RESULTS_READ } from './ranking';
import { QUERY_DATA, queryWord, queryWords, searchWords, synonymTable, type QueryWord } from './query-words';
import { correctWords, unseenWords } from './vocabulary';

/** The map's value for `key`, made by `make` on the first ask. */
export function remembered<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  if (!map.has(key)) map.set(key, make());
  return map.get(key) as V;
}

export async function understandQuery<R extends EngineResult>(
  query: string,
  engine: QueryEngine<R>,
  options: UnderstandOptions,
): Promise<{ results: R[]; notice: QueryNotice | null }> {
  const data = options.data ?? QUERY_DATA;
  const table = synonymTable(data);
  const original = query.trim().replace(/\s+/g, ' ');
  const searches = new Map<string, Promise<R[]>>();
  const search = (term: string) => remembered(searches, term, () => engine.search(term));
  const rank = (words: readonly QueryWord[], kept = words) =>
    rankQuery(words, kept, search, engine.pageCount?.bind(engine));
  const sentence = searchWords(original).some((word) => data.stopWords.includes(word));
  const reorder = (results: R[], words: readonly QueryWord[], weight: ReadonlyMap<string, number>) =>
    namedPagesFirst(results, words, weight, engine, data, table, sentence);

  const typed = queryWords(original, data);
  let words = typed.map((word) => queryWord(word, table));
  let outcome = await rank(words);
  const corrections = new Map<string, string>();
  // What the reader is shown: their own words, corrected, without the words left out.
  const shownQuery = (kept: readonly QueryWord[]) =>
    searchWords(original)
      .map((word) => ({ word, shown: corrections.get(word) ?? word }))
      .filter(({ word, shown }) => !typed.includes(word) || kept.some((entry) => entry.word === shown))
      .map(({ shown }) => shown)
      .join(' ');

  if (!options.literal) {
    const reading = outcome.results
      .slice(0, Math.max(RESULTS_READ, options.resultsShown ?? 0))
      .map((result) => engine.text(result));
    // The texts past the first few are only loaded here, for the caller.
    reading.slice(RESULTS_READ).forEach((text) => text.catch(() => ''));
    const unseen = unseenWords(words, await Promise.all(reading.slice(0, RESULTS_READ)));
    // An empty vocabulary is one that could not be loaded: nothing is corrected this time.
    const vocabulary = unseen.length > 0 ? await options.vocabulary() : [];
    const fixes = new Map<string, string>();
    const fixed = vocabulary.length > 0 ? correctWords(words, unseen, vocabulary, table, fixes) : words;
    if (fixed.length === 0) {
      // No word of the query occurs in the docs.
      return { results: [], notice: null };
    }
    if (fixed.length < words.length || fixed.some((entry, index) => entry !== words[index])) {
      const fixedOutcome = await rank(fixed);
      if (fixedOutcome.results.length > 0 || outcome.results.length === 0) {
        fixes.forEach((correction, word) => corrections.set(word, correction));
        [words, outcome] = [fixed, fixedOutcome];
      }
    }
  }

  const { best } = outcome;
  if (!outcome.full && words.length > 1 && best) {
    // No page holds every word: keep the words the best page holds, and say so.
    const kept = words.filter(({ word }) => best.matched.has(word));
    const relaxed = await rank(words, kept);
    const results = await reorder(relaxed.results, kept, relaxed.weight);
    return { results, notice: { kind: 'relaxed', query: shownQuery(kept), original } };
  }
  const results = await reorder(outcome.results, words, outcome.weight);
  // A word the docs never use, left out, leaves the query relaxed.
  const relaxed = words.length < typed.length && results.length > 0;
  const kind = relaxed ? 'relaxed' : corrections.size > 0 ? 'corrected' : null;
  return { results, notice: kind && { kind, query: shownQuery(words), original } };
}
