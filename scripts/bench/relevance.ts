/**
 * The relevance benchmark's arithmetic: reads the query set, turns an engine's answer
 * into the ordered list of pages it shows, and scores it (hit@1, hit@3, MRR@5, and how
 * often the reader meets a "No results" screen), overall and per class of query.
 * Pure: the engines that produce the answers live in relevance-engines.ts.
 */
import { markdownTable } from '../../src/shared/tables/markdown';

export const QUERY_CLASSES = [
  'title',
  'api',
  'task',
  'error',
  'typo',
  'spelling',
  'synonym',
  'partial',
  'question',
] as const;

type QueryClass = (typeof QUERY_CLASSES)[number];

export interface RelevanceQuery {
  query: string;
  class: QueryClass;
  /** The site paths of the pages that answer the query, e.g. "/inference/llamacpp". */
  expect: string[];
}

type Scores = ReturnType<typeof scoreOf>;

export interface EngineScores {
  overall: Scores;
  byClass: Partial<Record<QueryClass, Scores>>;
}

/** The queries of a query file's content, their expected pages as site paths. */
export function parseQueries(data: { queries: RelevanceQuery[] }): RelevanceQuery[] {
  return data.queries.map((entry) => ({ ...entry, expect: entry.expect.map(pagePath) }));
}

/** The page a result URL points to, as a site path: no origin, anchor, query string or trailing slash. */
export function pagePath(url: string): string {
  const { pathname } = new URL(url, 'http://site.invalid/');
  const path = decodeURIComponent(pathname)
    .replace(/\/+$/, '')
    .replace(/\.html$/, '');
  return path === '' || path === '/index' ? '/' : path;
}

/** The distinct pages of an answer, in the order the reader sees them. */
export function pagesOf(urls: readonly string[]): string[] {
  return [...new Set(urls.map(pagePath))];
}

/** The 1-based rank of the first page that answers the query, or null. */
export function answerRank(query: RelevanceQuery, urls: readonly string[]): number | null {
  const index = pagesOf(urls).findIndex((page) => query.expect.includes(page));
  return index === -1 ? null : index + 1;
}

function scoreOf(entries: { query: RelevanceQuery; urls: readonly string[] }[]) {
  const ranks = entries.map(({ query, urls }) => answerRank(query, urls));
  const share = (count: number) => (entries.length === 0 ? 0 : count / entries.length);
  return {
    queries: entries.length,
    /** Share of queries whose first result answers them, 0 to 1. */
    hit1: share(ranks.filter((rank) => rank === 1).length),
    /** Share of queries answered by one of the first three results. */
    hit3: share(ranks.filter((rank) => rank !== null && rank <= 3).length),
    /** Mean reciprocal rank of the first answering result among the first five (0 when not there). */
    mrr5: share(ranks.reduce<number>((sum, rank) => sum + (rank !== null && rank <= 5 ? 1 / rank : 0), 0)),
    /** Queries that got no result at all. */
    noResults: entries.filter(({ urls }) => urls.length === 0).length,
  };
}

/** Scores one engine; `answers` holds every query's result URLs, in the queries' order. */
export function scoreEngine(queries: readonly RelevanceQuery[], answers: readonly (readonly string[])[]): EngineScores {
  const entries = queries.map((query, index) => ({ query, urls: answers[index] ?? [] }));
  const byClass: EngineScores['byClass'] = {};
  for (const queryClass of QUERY_CLASSES) {
    const inClass = entries.filter((entry) => entry.query.class === queryClass);
    if (inClass.length > 0) byClass[queryClass] = scoreOf(inClass);
  }
  return { overall: scoreOf(entries), byClass };
}

/**
 * The share of queries, 0 to 1, for which every engine shows the same first page (none
 * counts as a page): how alike the engines answer, whatever the expected pages.
 */
export function sameFirstPageShare(engines: readonly (readonly (readonly string[])[])[]): number {
  const firstEngine = engines[0] ?? [];
  const same = firstEngine.filter(
    (_, index) => new Set(engines.map((answers) => pagesOf(answers[index] ?? [])[0] ?? null)).size === 1,
  );
  return firstEngine.length === 0 ? 0 : same.length / firstEngine.length;
}

const percent = (value: number) => `${(value * 100).toFixed(0)}%`;

/** A Markdown table: one row per class and one overall, one group of columns per engine. */
export function formatScores(engines: readonly { name: string; scores: EngineScores }[]): string {
  const header = ['class', 'queries', ...engines.flatMap(({ name }) => [`${name} hit@1`, 'hit@3', 'MRR@5', 'none'])];
  const row = (label: string, pick: (scores: EngineScores) => Scores | undefined) => {
    const first = engines.map(({ scores }) => pick(scores)).find(Boolean);
    return [
      label,
      String(first?.queries ?? 0),
      ...engines.flatMap(({ scores }) => {
        const entry = pick(scores);
        return entry
          ? [percent(entry.hit1), percent(entry.hit3), entry.mrr5.toFixed(2), String(entry.noResults)]
          : ['–', '–', '–', '–'];
      }),
    ];
  };
  const rows = [
    ...QUERY_CLASSES.filter((queryClass) => engines.some(({ scores }) => scores.byClass[queryClass])).map(
      (queryClass) => row(queryClass, (scores) => scores.byClass[queryClass]),
    ),
    row('**all**', (scores) => scores.overall),
  ];
  return markdownTable({ header, rows });
}
