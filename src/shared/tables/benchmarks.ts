/**
 * The benchmark tables: every model's figures (`<BenchmarkTable />`, sortable on the
 * benchmark page, with marks after the names that lead to the notes below the table)
 * and a family's on its guide (`<DataTable model={familyBenchmarks} family="Gemma" />`),
 * which share their columns.
 */
import {
  benchmarks,
  benchmarksOf,
  kindLabels,
  lacksToolObservations,
  scoreColumns,
  type BenchmarkRow,
} from '../../data/benchmarks';
import { familyInfo, type ModelFamily } from '../../data/models';
import { formatScore } from './format';
import type { Column, TableModel } from './model';

export type BenchmarkColumnKey = 'model' | 'kind' | (typeof scoreColumns)[number]['key'];

export type BenchmarkColumn = Column<BenchmarkRow> & { id: BenchmarkColumnKey };

/** The model name of a cell, without the benchmark table's marks (∔, note numbers). */
function modelName(cell: string): string {
  return cell.replace(/\s*(\(note \d+\)|∔)/g, '').trim();
}

const modelColumn: BenchmarkColumn = { id: 'model', label: 'Model', value: (row) => row.model, key: modelName };

/** The columns after the model's name: its kind and its figures. */
export const figureColumns: readonly BenchmarkColumn[] = [
  { id: 'kind', label: 'Kind', value: (row) => kindLabels[row.kind] },
  ...scoreColumns.map((column): BenchmarkColumn => ({
    id: column.key,
    label: column.label,
    value: (row) => row[column.key],
    ...(column.key === 'paramsBillion' ? {} : { format: formatScore }),
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

export const TOOL_OBSERVATION_MARK = '∔';
export const TOOL_OBSERVATION_TEXT =
  'The model does not accept tool observations, so the result of each tool call was appended to the prompt instead.';
export const BENCHMARK_TABLE_CAPTION = 'Benchmark results of Rubra models, their base models and third-party models.';

/** The distinct notes of the rows, numbered in the order of the data so numbers never move. */
export const benchmarkNotes: readonly string[] = [
  ...new Set(benchmarks.flatMap((row) => (row.note ? [row.note] : []))),
];

/** The marks after a model's name in the twin: ∔ when it takes no tool observations, then its note's number. */
function marksOf(row: BenchmarkRow): string {
  const note = row.note ? benchmarkNotes.indexOf(row.note) + 1 : 0;
  return [lacksToolObservations(row) ? TOOL_OBSERVATION_MARK : '', note > 0 ? `(note ${note})` : '']
    .filter(Boolean)
    .join(' ');
}

/** Every row of the benchmark figures; the page marks the model names with links to the notes. */
export const benchmarkTable = {
  source: 'src/data/benchmarks.ts',
  data: benchmarks,
  caption: () => BENCHMARK_TABLE_CAPTION,
  columns: [
    // The twin's cell; the page's sortable table writes the marks as links to the notes.
    { ...modelColumn, cell: (row) => `${row.model} ${marksOf(row)}`.trim() },
    ...figureColumns,
  ],
} satisfies TableModel<BenchmarkRow> & { columns: readonly BenchmarkColumn[] };
