/**
 * Ranking: each word of a query is searched on its own; a page scores the sum of its
 * words' scores, each weighed by how few pages hold the word, times the share of the
 * query's words it holds. Then the first results are reordered (`namedPagesFirst`).
 */
import type { EngineResult, QueryEngine } from './engine';
import {
  canonicalWords,
  holdsWord,
  queryWords,
  searchWords,
  wordForms,
  wordStem,
  type QueryData,
  type QueryWord,
} from './query-words';

/** How many of the first results are read to decide that a word is one the docs use. */
export const RESULTS_READ = 5;
/** How many of the first results may move up for a title that is the query itself. */
const TITLES_READ = 10;
/** How far into a text (in words) its title may be the query: a title may open with stop words ("How to ..."). */
const TITLE_OPENING_WORDS = 4;
/**
 * In a query of this many words or more, a page that holds half of them or more is a
 * result too, ranked by that share: a reader's extra words ("until it finishes") should
 * not hide the page that answers the rest.
 */
const LONG_QUERY_WORDS = 3;

/**
 * The pages for `words` that hold every word of `kept` (or, in a long query, half of its
 * words), best first, as the header says; each word searched in every form. The share
 * lets a page that answers most of a question beat one that mentions every word in
 * passing; the weight by how few pages hold a word (its IDF) is what the engine's score
 * lacks. A page holding every kept word is shown by the engine's result for all of them
 * at once (its excerpt shows every word), another by its strongest word's. Also answers
 * the best page whatever it holds, whether any page holds every kept word (`full`), and
 * each word's weight.
 */
export async function rankQuery<R extends EngineResult>(
  words: readonly QueryWord[],
  kept: readonly QueryWord[],
  search: (term: string) => Promise<R[]>,
  pageCount: (() => Promise<number>) | undefined,
) {
  const pages = new Map<string, { result: R; best: number; scores: Map<string, number> }>();
  const holding = new Map<string, number>();
  const together = [...new Set([0, -1].map((at) => kept.map(({ terms }) => terms.at(at)).join(' ')))];
  const [shown] = await Promise.all([
    Promise.all(together.filter(Boolean).map(search)),
    ...words.map(async ({ word, terms }) => {
      const found = (await Promise.all(terms.map(search))).flat();
      holding.set(word, new Set(found.map(({ id }) => id)).size);
      for (const result of found) {
        const page = pages.get(result.id) ?? { result, best: -Infinity, scores: new Map<string, number>() };
        pages.set(result.id, page);
        if (result.score > page.best) {
          [page.result, page.best] = [result, result.score];
        }
        page.scores.set(word, Math.max(result.score, page.scores.get(word) ?? -Infinity));
      }
    }),
  ]);
  const total = (await pageCount?.()) ?? Math.max(...holding.values(), 1);
  const weight = new Map([...holding].map(([word, count]) => [word, Math.log(1 + total / Math.max(count, 1))]));
  const ranked = [...pages.values()]
    .map(({ result, scores }) => {
      const sum = [...scores].reduce((all, [word, score]) => all + score * (weight.get(word) ?? 1), 0);
      return { result, matched: new Set(scores.keys()), score: (sum * scores.size) / words.length };
    })
    .sort((a, b) => b.score - a.score);
  const shownBy = new Map(shown.flat().map((result) => [result.id, result]));
  const holdsKept = ({ matched }: { matched: Set<string> }) => kept.every(({ word }) => matched.has(word));
  const enough = (page: { matched: Set<string> }) =>
    holdsKept(page) || (words.length >= LONG_QUERY_WORDS && page.matched.size >= Math.ceil(words.length / 2));
  return {
    best: ranked[0],
    full: ranked.some(holdsKept),
    results: ranked.filter(enough).map((page) => shownBy.get(page.result.id) ?? page.result),
    weight,
  };
}

/** A word without its plural's "s": a title's "files" is the query's "file", "Models" is "model". */
const singular = (word: string) => word.replace(/s$/, '');

const docsWords = (text: string, data: QueryData, table: ReadonlyMap<string, string[]>) =>
  canonicalWords(queryWords(text, data), table);

/**
 * How many pairs of the query's neighbouring words (stop words aside, as the docs say
 * them) stand side by side, in order, in a title: as Algolia's proximity reads them, "add
 * message to thread" asks for "Create a message", not "Create a thread".
 */
export function titlePairs(
  title: string,
  query: readonly string[],
  data: QueryData,
  table: ReadonlyMap<string, string[]>,
): number {
  const own = docsWords(title, data, table).map(singular);
  const [firsts, seconds] = [query.slice(0, -1).map(singular), query.slice(1).map(singular)];
  return firsts.filter((first, i) => own.some((word, j) => word === first && own[j + 1] === seconds[i])).length;
}

/** A word in a page's title, and in one of its headings, counts this much more than in its text. */
const [TITLE_WEIGHT, HEADING_WEIGHT] = [3, 1];
/** How fast repeats of a word in a text stop counting, and how much less in a long text (BM25's k1 and b). */
const [SATURATION, LENGTH_NORM] = [1.2, 0.5];
/** What the engine's order adds to the first result's own score (the best own score counts 1). */
const ENGINE_ORDER = 0.8;

/** A text's words as an index holds them (`wordForms`). */
const indexedForms = (text: string) => searchWords(text).flatMap(wordForms);

type PageText = Record<'title' | 'text', string> & { headings: readonly string[] };

/**
 * How well each page answers the words, from its own title, headings and text, so that
 * every engine weighs the same pages alike (BM25-like: IDF weights, title and headings
 * above text, saturating repeats, long texts less). A word is found as an index finds it:
 * from its start, without its English ending, run together or in parts.
 */
function ownScores(words: readonly QueryWord[], weight: ReadonlyMap<string, number>, pages: readonly PageText[]) {
  const texts = pages.map(({ text }) => indexedForms(text));
  const average = texts.reduce((sum, forms) => sum + forms.length, 0) / pages.length || 1;
  return pages.map((page, index) => {
    const text = texts[index] ?? [];
    const [title = [], ...headings] = [page.title, ...page.headings].map(indexedForms);
    const saturation = SATURATION * (1 - LENGTH_NORM + (LENGTH_NORM * text.length) / average);
    return words.reduce((score, { word, terms }) => {
      const sought = terms.map((term) => searchWords(term).map((part) => wordStem(wordForms(part)[0] ?? part)));
      const holds = (forms: readonly string[]) =>
        sought.some((parts) => parts.every((part) => forms.some((form) => form.startsWith(part))));
      const count = (parts: readonly string[]) =>
        Math.min(...parts.map((part) => text.filter((form) => form.startsWith(part)).length));
      const repeats = Math.max(0, ...sought.map(count));
      const place = (holds(title) ? TITLE_WEIGHT : 0) + (headings.some(holds) ? HEADING_WEIGHT : 0);
      return score + (weight.get(word) ?? 1) * (place + repeats / (repeats + saturation));
    }, 0);
  });
}

/**
 * The results with pages that answer the query by name first: a title that says exactly
 * what the query says (stop words aside, as typed or as the docs say it, singular or
 * plural: "model" is the models index), then, for a long query that reads as a sentence
 * (it has stop words), a first result with a heading that holds every word of it ("does
 * mistral already call tools" is a question of the FAQ). The other first results go by
 * `titlePairs`, then, of titles with a pair, by the share of their words the query holds
 * ("poll run status" asks for "Get a run", not "Get a run step"), then by `ownScores`
 * and the engine's order.
 */
export async function namedPagesFirst<R extends EngineResult>(
  results: R[],
  words: readonly QueryWord[],
  weight: ReadonlyMap<string, number>,
  engine: QueryEngine<R>,
  data: QueryData,
  table: ReadonlyMap<string, string[]>,
  sentence: boolean,
): Promise<R[]> {
  const typed = words.map(({ word }) => word);
  const query = canonicalWords(typed, table);
  const key = (list: readonly string[]) => [...new Set(list.map(singular))].sort().join(' ');
  // The first results' texts are read anyway; further down, only a result that matches
  // at the very start of its text can be titled with the query.
  const head = results
    .slice(0, TITLES_READ)
    .filter((result, index) => index < RESULTS_READ || (engine.firstMatch?.(result) ?? 0) < TITLE_OPENING_WORDS);
  const titles = await Promise.all(head.map((result) => engine.title(result)));
  const exact = head.filter((_, index) =>
    [key(typed), key(query)].includes(key(queryWords(titles[index] ?? '', data))),
  );
  // The first results are the first of `head` too, so their titles are at the same index.
  const pages = await Promise.all(
    results.slice(0, RESULTS_READ).map(async (result, index) => ({
      result,
      title: titles[index] ?? '',
      headings: (await engine.headings?.(result)) ?? [],
      text: await engine.text(result),
    })),
  );
  const asks = sentence && words.length >= LONG_QUERY_WORDS;
  const holdsEveryWord = (heading: string) => words.every((word) => holdsWord(heading, word));
  const answering = pages.filter(({ title, headings }) => asks && [title, ...headings].some(holdsEveryWord));
  const named = [...new Set([...exact, ...answering.map(({ result }) => result)])];
  const asked = new Set(query.map(singular));
  // The share of a title's words (stop words aside, as the docs say them) that the query holds.
  const covered = (title: string) => {
    const own = docsWords(title, data, table);
    return own.filter((word) => asked.has(singular(word))).length / Math.max(own.length, 1);
  };
  const own = ownScores(words, weight, pages);
  const best = Math.max(...own, Number.MIN_VALUE);
  const paired = pages
    .map(({ result, title }, index) => ({
      result,
      pairs: titlePairs(title, query, data, table),
      covered: covered(title),
      own: (own[index] ?? 0) / best + ENGINE_ORDER * (1 - index / RESULTS_READ),
    }))
    .filter(({ result }) => !named.includes(result))
    .sort((a, b) => b.pairs - a.pairs || (a.pairs > 0 ? b.covered - a.covered : 0) || b.own - a.own);
  const ordered = [...named, ...paired.map(({ result }) => result)];
  return [...ordered, ...results.filter((result) => !ordered.includes(result))];
}
