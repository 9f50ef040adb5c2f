/**
 * Reads a query the way a hosted search would, searches an engine with it, and says how
 * it was understood: synonyms, spellings and stop words (query-words.ts), ranking (ranking.ts), typo
 * tolerance against the site's vocabulary, fetched only when a word may be misspelt
 * (vocabulary.ts), and no dead ends: when no page holds every word, the query keeps the
 * words the best page holds, as Algolia's removeWordsIfNoResults does. The reader is
 * told of a correction or a relaxation (`QueryNotice`).
 */
import type { EngineResult, QueryEngine, UnderstandOptions, UnderstoodQuery } from './engine';
import { namedPagesFirst, rankQuery, RESULTS_READ } from './ranking';
import { QUERY_DATA, queryWord, queryWords, synonymTable, type QueryWord } from './query-words';
import { correctWords, unseenWords } from './vocabulary';
import { searchWords } from './words';

export async function understandQuery<R extends EngineResult>(
  query: string,
  engine: QueryEngine<R>,
  options: UnderstandOptions,
): Promise<UnderstoodQuery<R>> {
  const data = options.data ?? QUERY_DATA;
  const table = synonymTable(data);
  const original = query.trim().replace(/\s+/g, ' ');
  const searches = new Map<string, Promise<R[]>>();
  const search = (term: string) => {
    let found = searches.get(term);
    if (!found) {
      found = engine.search(term);
      searches.set(term, found);
    }
    return found;
  };
  const rank = (words: readonly QueryWord[], kept = words) =>
    rankQuery(words, kept, search, engine.pageCount?.bind(engine));

  let words = queryWords(original, data).map((word) => queryWord(word, table));
  const stopWords = new Set(data.stopWords);
  const sentence = searchWords(original).some((word) => stopWords.has(word));
  let outcome = await rank(words);
  const typedWords = new Set(words.map(({ word }) => word));
  const corrections = new Map<string, string>();
  let unknownLeftOut = false;
  // What the reader is shown: their own words, corrected, without the words left out.
  const shownQuery = (kept: readonly QueryWord[]) => {
    const keptWords = new Set(kept.map(({ word }) => word));
    return searchWords(original)
      .map((typed) => ({ typed, word: corrections.get(typed) ?? typed }))
      .filter(({ typed, word }) => !typedWords.has(typed) || keptWords.has(word))
      .map(({ word }) => word)
      .join(' ');
  };

  if (!options.literal) {
    const reading = outcome.results
      .slice(0, Math.max(RESULTS_READ, options.resultsShown ?? 0))
      .map((result) => engine.text(result));
    // The texts past the first few are only loaded here, for the caller.
    reading.slice(RESULTS_READ).forEach((text) => text.catch(() => ''));
    const unseen = unseenWords(words, await Promise.all(reading.slice(0, RESULTS_READ)));
    // An empty vocabulary is one that could not be loaded: nothing is corrected this time.
    const vocabulary = unseen.length > 0 ? await options.vocabulary() : [];
    if (vocabulary.length > 0) {
      const fixes = new Map<string, string>();
      const fixed = correctWords(words, unseen, vocabulary, table, fixes);
      if (fixed.length === 0) {
        // No word of the query occurs in the docs.
        return { results: [], notice: null };
      }
      if (fixed.length < words.length || fixed.some((entry, index) => entry !== words[index])) {
        const fixedOutcome = await rank(fixed);
        if (fixedOutcome.results.length > 0 || outcome.results.length === 0) {
          fixes.forEach((correction, word) => corrections.set(word, correction));
          unknownLeftOut = fixed.length < words.length;
          words = fixed;
          outcome = fixedOutcome;
        }
      }
    }
  }

  const { best } = outcome;
  if (!outcome.full && words.length > 1 && best) {
    // No page holds every word: keep the words the best page holds, and say so.
    const kept = words.filter(({ word }) => best.matched.has(word));
    const relaxed = await rank(words, kept);
    return {
      results: await namedPagesFirst(relaxed.results, kept, relaxed.weight, engine, data, table, sentence),
      notice: { kind: 'relaxed', query: shownQuery(kept), original },
    };
  }
  const results = await namedPagesFirst(outcome.results, words, outcome.weight, engine, data, table, sentence);
  if (unknownLeftOut && results.length > 0) {
    return { results, notice: { kind: 'relaxed', query: shownQuery(words), original } };
  }
  return { results, notice: corrections.size > 0 ? { kind: 'corrected', query: shownQuery(words), original } : null };
}
