/**
 * The pure part of the sortable benchmark table: sorting and filtering.
 * Kept apart from the React component so that the unit tests can check it.
 */
import type { BenchmarkRow } from '@site/src/data/benchmarks';
import { MODEL_KINDS } from '@site/src/data/facts';
import type { BenchmarkColumnKey as SortKey } from '@site/src/shared/tables/benchmarks';

export interface SortState {
  key: SortKey;
  direction: 'ascending' | 'descending';
}

/**
 * The next sort state when the reader activates a column header: the other direction on
 * the sorted column; on another, best scores first and names A to Z.
 */
export function nextSort(current: SortState | null, key: SortKey): SortState {
  const ascending = current?.key === key ? current.direction === 'descending' : key === 'model' || key === 'kind';
  return { key, direction: ascending ? 'ascending' : 'descending' };
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
  // Kinds sort in the order of the facts' schema, names A to Z whatever their case.
  const key = (row: BenchmarkRow) => (sort.key === 'kind' ? MODEL_KINDS.indexOf(row.kind) : row[sort.key]);
  // The sort is stable, so rows that compare equal keep the order of the data.
  return [...rows].sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    if (x === null || y === null) {
      return (x === null ? 1 : 0) - (y === null ? 1 : 0);
    }
    return sign * (typeof x === 'string' ? x.localeCompare(String(y), 'en', { sensitivity: 'base' }) : x - Number(y));
  });
}

/** Keeps the rows of the chosen kinds whose model name contains the text, ignoring case. */
export function filterRows(
  rows: readonly BenchmarkRow[],
  { kinds, text }: { kinds: ReadonlySet<BenchmarkRow['kind']>; text: string },
): BenchmarkRow[] {
  const needle = text.trim().toLocaleLowerCase('en');
  return rows.filter((row) => kinds.has(row.kind) && row.model.toLocaleLowerCase('en').includes(needle));
}
