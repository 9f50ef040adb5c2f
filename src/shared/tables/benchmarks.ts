/**
 * The benchmark columns, which the sortable table of every model (`benchmark-table.ts`)
 * and a family's table on its guide (`<DataTable model={familyBenchmarks} family="Gemma" />`) share.
 */
import {
  benchmarks,
  benchmarksOf,
  kindLabels,
  scoreColumns,
  type BenchmarkRow,
  type ScoreKey,
} from '../../data/benchmarks';
import { familyInfo, type ModelFamily } from '../../data/models';
import { formatParams, formatScore } from './format';
import type { Column, TableModel } from './model';

/** What the sortable table calls each column. */
export type BenchmarkColumnKey = 'model' | 'kind' | ScoreKey;

export type BenchmarkColumn = Column<BenchmarkRow> & { id: BenchmarkColumnKey };

/** The model name of a cell, without the benchmark table's marks (∔, note numbers). */
function modelName(cell: string): string {
  return cell.replace(/\s*(\(note \d+\)|∔)/g, '').trim();
}

export const modelColumn: BenchmarkColumn = { id: 'model', label: 'Model', value: (row) => row.model, key: modelName };

/** The columns after the model's name: its kind and its figures. */
export const figureColumns: readonly BenchmarkColumn[] = [
  { id: 'kind', label: 'Kind', value: (row) => kindLabels[row.kind] },
  ...scoreColumns.map((column): BenchmarkColumn => ({
    id: column.key,
    label: column.label,
    value: (row) => row[column.key],
    format: column.key === 'paramsBillion' ? formatParams : formatScore,
    align: 'end',
  })),
];

/** A family's base and Rubra models; a family the data does not know stops the build, naming the known ones. */
const rowsOf = ({ family }: { family: ModelFamily }) => benchmarksOf(familyInfo(family).family);

export const familyBenchmarks = {
  source: 'src/data/benchmarks.ts',
  data: benchmarks,
  rows: rowsOf,
  caption: ({ family }) => `${family}: base and Rubra models on each benchmark`,
  columns: [modelColumn, ...figureColumns],
  // Each model's note, with its name.
  notes: (props) => rowsOf(props).flatMap((row) => (row.note ? [[row.model, ': ', row.note, '.']] : [])),
  rowAttributes: (row) => ({ 'data-kind': row.kind }),
  look: { region: true, marker: 'benchmark-table' },
} satisfies TableModel<BenchmarkRow, { family: ModelFamily }>;
