/**
 * The pure part of the benchmark tables: formatting, sorting and filtering.
 * Kept apart from the React components so that the unit tests can check it.
 */
import type { BenchmarkKind, BenchmarkRow, ScoreKey } from '@site/src/data/benchmarks';

/** What a reader sees for a figure that was not measured. */
export const NOT_MEASURED_MARK = '—';
export const NOT_MEASURED_TEXT = 'not measured';

/** Scores keep two decimals, which every figure in the data fits exactly. */
export function formatScore(value: number | null): string {
  return value === null ? NOT_MEASURED_MARK : value.toFixed(2);
}

/** Parameter counts in billions, as short as the figure allows. */
export function formatParams(value: number | null): string {
  return value === null ? NOT_MEASURED_MARK : String(value);
}

/** A rate between 0 and 1, with the precision of the data. */
export function formatRate(value: number): string {
  return String(value);
}

export type SortKey = 'model' | 'kind' | ScoreKey;
export type SortDirection = 'ascending' | 'descending';

export interface SortState {
  key: SortKey;
  direction: SortDirection;
}

const kindOrder: Record<BenchmarkKind, number> = { rubra: 0, base: 1, other: 2, closed: 3 };

/** The direction a column sorts in on its first activation: best scores first, names A to Z. */
export function firstDirection(key: SortKey): SortDirection {
  return key === 'model' || key === 'kind' ? 'ascending' : 'descending';
}

/** The next sort state when the reader activates a column header. */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  if (current?.key === key) {
    return { key, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { key, direction: firstDirection(key) };
}

/**
 * Sorts rows by one column. Figures that were not measured always go last, in
 * either direction; ties keep the order of the data.
 */
export function sortRows(rows: readonly BenchmarkRow[], sort: SortState | null): BenchmarkRow[] {
  if (!sort) {
    return [...rows];
  }
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const indexed = rows.map((row, index) => ({ row, index }));
  indexed.sort((a, b) => {
    if (sort.key === 'model') {
      return sign * a.row.model.localeCompare(b.row.model, 'en', { sensitivity: 'base' }) || a.index - b.index;
    }
    if (sort.key === 'kind') {
      return sign * (kindOrder[a.row.kind] - kindOrder[b.row.kind]) || a.index - b.index;
    }
    const x = a.row[sort.key];
    const y = b.row[sort.key];
    if (x === null || y === null) {
      return (x === null ? 1 : 0) - (y === null ? 1 : 0) || a.index - b.index;
    }
    return sign * (x - y) || a.index - b.index;
  });
  return indexed.map(({ row }) => row);
}

export interface RowFilter {
  kinds: ReadonlySet<BenchmarkKind>;
  text: string;
}

/** Keeps the rows of the chosen kinds whose model name contains the text, ignoring case. */
export function filterRows(rows: readonly BenchmarkRow[], filter: RowFilter): BenchmarkRow[] {
  const needle = filter.text.trim().toLocaleLowerCase('en');
  return rows.filter((row) => filter.kinds.has(row.kind) && row.model.toLocaleLowerCase('en').includes(needle));
}

/** The distinct notes of the rows, numbered in the order of the data so numbers never move. */
export function distinctNotes(rows: readonly BenchmarkRow[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.note ? [row.note] : [])))];
}

export const TOOL_OBSERVATION_MARK = '∔';
export const TOOL_OBSERVATION_TEXT =
  'The model does not accept tool observations, so the result of each tool call was appended to the prompt instead.';
export const BENCHMARK_TABLE_CAPTION = 'Benchmark results of Rubra models, their base models and third-party models.';
