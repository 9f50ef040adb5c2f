/**
 * The query layer between the reader and the local engine, shared by the modal,
 * /search and the dev server. It reads a query the way a hosted search would:
 * - synonyms and spelling variants (synonyms.json): each word is also searched as the
 *   docs' own word for it, and counts as found where either is;
 * - ranking: each word is searched on its own; a page scores the sum of its words'
 *   scores, each weighed by how few pages hold the word, times the share of the query's
 *   words it holds; a page titled with the query, or with a section headed with all its
 *   words, comes first, and of the first results, one whose title holds two of the
 *   query's words side by side moves up;
 * - typo tolerance: a word that the results do not contain and the site's vocabulary
 *   does not know is searched as the docs write it apart (llama3 as "llama 3"), or
 *   corrected to the nearest word it knows (Damerau-Levenshtein: one edit for words of
 *   4 to 7 letters, two from 8; ties go to the more frequent word), or left out. The
 *   vocabulary is fetched only then;
 * - no dead ends: when no page holds every word, the query keeps the words the best
 *   page holds, as Algolia's removeWordsIfNoResults does.
 * The reader is told of a correction or a relaxation (`QueryNotice`). Pure: the engine
 * and the vocabulary are passed in.
 */
import { isCorrectable, searchWords, wordParts } from '../shared/searchWords';
// Named imports, so that the browser's bundles leave out the file's comment.
import { groups, stopWords } from './synonyms.json';

export interface QueryData {
  /** Each group: the docs' own word first, then what readers may type instead. */
  groups: readonly (readonly string[])[];
  stopWords: readonly string[];
}

export const QUERY_DATA: QueryData = { groups, stopWords };

/**
 * Where the build publishes QUERY_DATA at the site's root, for other readers of the
 * site to read queries alike: the docs MCP server reads it.
 */
export const QUERY_DATA_FILE = 'search-words.json';

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
  /** The headings of a result's page, when the engine knows them. */
  headings?(result: R): Promise<string[]>;
  /**
   * Where the query first matches in a result's text, in words from its start, when the
   * engine knows without reading the text (Pagefind's word locations). A page's text opens
   * with its title, so a page that matches only further in cannot have the query for its
   * title: its title is then not read.
   */
  firstMatch?(result: R): number | undefined;
  /** How many pages the engine searches; without it, a word's weight is relative to the query's other words. */
  pageCount?(): Promise<number>;
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
  /**
   * How many of the first results the caller shows: their texts start loading with the
   * ones the layer reads, rather than after it has answered.
   */
  shown?: number;
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

/** English endings that make another form of a word (finishes, finished, finishing). */
const ENDINGS = /(?:es|s|ed|ing)$/;

/**
 * A word the vocabulary holds, or the start of one (a partial word is not a typo), or
 * another form of one: the engine finds "finishes" where the docs say "finished".
 */
export function isKnown(word: string, vocabulary: readonly string[]): boolean {
  const stem = word.replace(ENDINGS, '');
  const forms = stem.length >= 4 && stem !== word ? [word, stem] : [word];
  return vocabulary.some((known) => forms.some((form) => known.startsWith(form)));
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

function containsWord(text: string, word: string): boolean {
  return searchWords(text).some((candidate) => candidate.startsWith(word));
}

/** A word of the query and the terms that search for it: as typed, then as the docs say it. */
interface QueryWord {
  /** The word as the reader is shown it: as typed, or corrected. */
  word: string;
  terms: string[];
}

function queryWord(word: string, table: ReadonlyMap<string, string[]>): QueryWord {
  return { word, terms: [...new Set([word, canonicalWords([word], table).join(' ')])] };
}

/** A page in a ranking: what shows it, its score and which of the query's words it holds. */
interface RankedPage<R> {
  result: R;
  score: number;
  matched: Set<string>;
}

/**
 * In a query of this many words or more, a page that holds half of them or more is a
 * result too: a reader's extra words ("set", "until it finishes") should not hide the
 * page that answers the rest. The share of the words a page holds ranks it.
 */
const LONG_QUERY_WORDS = 3;

/**
 * Ranks the pages that hold the query's words. Each word is searched on its own (in
 * every form: as typed, as the docs say it), and a page's score is the sum of its
 * words' scores, scaled by the share of the query's words it holds: a page that
 * answers most of a question strongly beats one that mentions every word in passing.
 * The engine's own score for a single word already weighs titles and headings above
 * text; each word's scores are weighed by how few pages hold it.
 */
async function rankPages<R extends EngineResult>(
  words: readonly QueryWord[],
  search: (term: string) => Promise<R[]>,
  pageCount: (() => Promise<number>) | undefined,
): Promise<RankedPage<R>[]> {
  const pages = new Map<string, RankedPage<R>>();
  const best = new Map<string, Map<string, number>>();
  const pagesOf = new Map<string, Set<string>>();
  await Promise.all(
    words.map(async ({ word, terms }) => {
      const lists = await Promise.all(terms.map((term) => search(term)));
      const holding = new Set<string>();
      for (const result of lists.flat()) {
        holding.add(result.id);
        const scores = best.get(result.id) ?? new Map<string, number>();
        best.set(result.id, scores);
        if (result.score > (scores.get(word) ?? -Infinity)) {
          scores.set(word, result.score);
          const page = pages.get(result.id);
          // A page is shown by the result of its strongest word (its excerpt shows that word).
          if (!page || result.score > page.score) {
            pages.set(result.id, { result, score: result.score, matched: new Set() });
          }
        }
      }
      pagesOf.set(word, holding);
    }),
  );
  // A word few pages hold says more about a page than one most pages hold (its
  // inverse document frequency); the engine's own score for one word does not weigh that.
  const total = (await pageCount?.()) ?? Math.max(...[...pagesOf.values()].map((holding) => holding.size), 1);
  const weight = new Map(
    [...pagesOf].map(([word, holding]) => [word, Math.log(1 + total / Math.max(holding.size, 1))]),
  );
  for (const [id, page] of pages) {
    const scores = best.get(id) ?? new Map<string, number>();
    page.matched = new Set(scores.keys());
    const sum = [...scores].reduce((all, [word, score]) => all + score * (weight.get(word) ?? 1), 0);
    page.score = (sum * page.matched.size) / Math.max(words.length, 1);
  }
  return [...pages.values()].sort((a, b) => b.score - a.score);
}

/** A word without its plural's "s": a title's "files" is the query's "file", "Models" is "model". */
function singular(word: string): string {
  return word.replace(/s$/, '');
}

function sameWord(a: string, b: string): boolean {
  return singular(a) === singular(b);
}

/**
 * How many pairs of the query's neighbouring words (stop words aside, as the docs say
 * them) stand side by side, in the same order, in a title. Two words a reader puts
 * together name one thing, as Algolia's proximity criterion reads them: "add message to
 * thread" asks for "Create a message", not "Create a thread", though both titles hold
 * two of its words.
 */
export function titlePairs(
  title: string,
  query: readonly string[],
  data: QueryData,
  table: ReadonlyMap<string, string[]>,
) {
  const own = canonicalWords(queryWords(title, data), table);
  let pairs = 0;
  for (let i = 0; i + 1 < query.length; i += 1) {
    const [first = '', second = ''] = [query[i], query[i + 1]];
    if (own.some((word, j) => sameWord(word, first) && sameWord(own[j + 1] ?? '', second))) {
      pairs += 1;
    }
  }
  return pairs;
}

/**
 * The pages that answer the query by name come first: a page whose title says exactly
 * what the query says (its words, stop words aside, as typed or as the docs' words, in
 * the singular or the plural: "model" is the models index, "get an assistant" the
 * operation of that name), then,
 * among the first results for a long query, a page with a section whose heading holds
 * every word of it ("does mistral already call tools" is a question of the FAQ). Each
 * keeps its order. The rest of the first results are ordered by how many pairs of the
 * query's words their titles hold side by side (`titlePairs`), in their order otherwise.
 */
async function byName<R extends EngineResult>(
  results: R[],
  words: readonly QueryWord[],
  engine: QueryEngine<R>,
  data: QueryData,
  table: ReadonlyMap<string, string[]>,
): Promise<R[]> {
  const typed = words.map(({ word }) => word);
  const key = (list: readonly string[]) => [...new Set(list.map(singular))].sort().join(' ');
  const wanted = new Set([key(typed), key(canonicalWords(typed, table))]);
  // The first results' texts are read anyway; further down, only a result that matches
  // at the very start of its text can be titled with the query.
  const head = results
    .slice(0, TITLES_READ)
    .filter((result, index) => index < RESULTS_READ || (engine.firstMatch?.(result) ?? 0) < TITLE_OPENING_WORDS);
  const titles = await Promise.all(head.map((result) => engine.title(result)));
  const exact = head.filter((_, index) => wanted.has(key(queryWords(titles[index] ?? '', data))));
  const first = results.slice(0, RESULTS_READ);
  const headings = await Promise.all(first.map(async (result) => (await engine.headings?.(result)) ?? []));
  const holdsEveryWord = (heading: string) =>
    words.every(({ terms }) => terms.some((term) => searchWords(term).every((part) => containsWord(heading, part))));
  // The first results are the first of `head` too, so their titles are at the same index.
  const answering = first.filter(
    (result, index) =>
      !exact.includes(result) &&
      words.length >= LONG_QUERY_WORDS &&
      [titles[index] ?? '', ...(headings[index] ?? [])].some(holdsEveryWord),
  );
  const named = [...exact, ...answering];
  const query = canonicalWords(typed, table);
  const paired = first
    .map((result, index) => ({ result, pairs: titlePairs(titles[index] ?? '', query, data, table) }))
    .filter(({ result }) => !named.includes(result))
    // A stable sort: pages with as many pairs keep the ranking's order.
    .sort((a, b) => b.pairs - a.pairs)
    .map(({ result }) => result);
  const ordered = [...named, ...paired];
  return [...ordered, ...results.filter((result) => !ordered.includes(result))];
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
  const searches = new Map<string, Promise<R[]>>();
  const search = (term: string) => {
    let found = searches.get(term);
    if (!found) {
      found = engine.search(term);
      searches.set(term, found);
    }
    return found;
  };
  const pageCount = engine.pageCount?.bind(engine);

  /**
   * The pages for `words`, best first: those that hold every word of `kept` or, in a
   * long query, half of its words or more, ranked by all of `words`. A page that holds
   * every kept word is shown by the engine's result for all of them at once, whose
   * excerpt and sections show every word.
   */
  const answer = async (words: readonly QueryWord[], kept: readonly QueryWord[] = words) => {
    const keptWords = kept.map(({ word }) => word);
    const typed = kept.map(({ terms }) => terms[0]).join(' ');
    const docs = kept.map(({ terms }) => terms.at(-1)).join(' ');
    const [ranked, together] = await Promise.all([
      rankPages(words, search, pageCount),
      Promise.all([...new Set([typed, docs])].filter(Boolean).map(search)),
    ]);
    const shownBy = new Map(together.flat().map((result) => [result.id, result]));
    const holdsKept = (page: RankedPage<R>) => keptWords.every((word) => page.matched.has(word));
    const enough = (page: RankedPage<R>) =>
      holdsKept(page) || (words.length >= LONG_QUERY_WORDS && page.matched.size >= Math.ceil(words.length / 2));
    return {
      // The best page of all, whatever it holds: a relaxed query keeps its words.
      best: ranked[0],
      full: ranked.some(holdsKept),
      results: ranked.filter(enough).map((page) => shownBy.get(page.result.id) ?? page.result),
    };
  };

  let words = queryWords(original, data).map((word) => queryWord(word, table));
  let outcome = await answer(words);
  const typedWords = new Set(words.map(({ word }) => word));
  const corrections = new Map<string, string>();
  let unknownLeftOut = false;
  // What the reader is shown: their own words, corrected, without the words left out.
  const shown = (kept: readonly QueryWord[]) => {
    const keptWords = new Set(kept.map(({ word }) => word));
    return searchWords(original)
      .map((typed) => ({ typed, word: corrections.get(typed) ?? typed }))
      .filter(({ typed, word }) => !typedWords.has(typed) || keptWords.has(word))
      .map(({ word }) => word)
      .join(' ');
  };

  if (!options.literal) {
    const reading = outcome.results
      .slice(0, Math.max(RESULTS_READ, options.shown ?? 0))
      .map((result) => engine.text(result));
    // The texts past the first few are only loaded here, for the caller.
    reading.slice(RESULTS_READ).forEach((text) => text.catch(() => ''));
    const texts = await Promise.all(reading.slice(0, RESULTS_READ));
    const unseen = words.filter(
      ({ word, terms }) =>
        allowedEdits(word) > 0 &&
        isCorrectable(word) &&
        !texts.some((text) => terms.some((term) => searchWords(term).every((part) => containsWord(text, part)))),
    );
    // An empty vocabulary is one that could not be loaded: nothing is corrected this time.
    const site = unseen.length > 0 ? await options.vocabulary() : [];
    if (site.length > 0) {
      const fixes = new Map<string, string>();
      // The engine answers a word it does not hold with near matches: such a word is
      // searched as the docs say it (a synonym, its parts written apart), or as
      // the nearest word they use, or left out.
      const fixed = words.flatMap((entry): QueryWord[] => {
        if (!unseen.includes(entry) || isKnown(entry.word, site)) {
          return [entry];
        }
        if (entry.terms.length > 1) {
          return [{ word: entry.word, terms: entry.terms.slice(1) }];
        }
        const apart = wordParts(entry.word);
        if (apart && searchWords(apart).every((part) => !isCorrectable(part) || isKnown(part, site))) {
          return [{ word: entry.word, terms: [apart] }];
        }
        const correction = correctWord(entry.word, site);
        if (!correction) {
          return [];
        }
        fixes.set(entry.word, correction);
        return [queryWord(correction, table)];
      });
      if (fixed.length === 0) {
        // No word of the query occurs in the docs.
        return { results: [], notice: null };
      }
      if (fixed.length < words.length || fixed.some((entry, index) => entry !== words[index])) {
        const fixedOutcome = await answer(fixed);
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
    const relaxed = await answer(words, kept);
    return {
      results: await byName(relaxed.results, kept, engine, data, table),
      notice: { kind: 'relaxed', query: shown(kept), original },
    };
  }
  const results = await byName(outcome.results, words, engine, data, table);
  if (unknownLeftOut && results.length > 0) {
    return { results, notice: { kind: 'relaxed', query: shown(words), original } };
  }
  return { results, notice: corrections.size > 0 ? { kind: 'corrected', query: shown(words), original } : null };
}
