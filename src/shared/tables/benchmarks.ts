/**
 * The benchmark tables: every model on the benchmark page (`<BenchmarkTable />`,
 * sortable there) and one family's base and Rubra models on its guide
 * (`<FamilyBenchmarks family />`), with the same columns.
 */
import {
  benchmarks,
  benchmarksOf,
  kindLabels,
  lacksToolObservations,
  scoreColumns,
  type BenchmarkRow,
  type ScoreKey,
} from '../../data/benchmarks';
import type { ModelFamily } from '../../data/models';
import { formatParams, formatScore } from './format';
import type { Column, TableModel } from './model';

export const TOOL_OBSERVATION_MARK = '∔';
export const TOOL_OBSERVATION_TEXT =
  'The model does not accept tool observations, so the result of each tool call was appended to the prompt instead.';
export const BENCHMARK_TABLE_CAPTION = 'Benchmark results of Rubra models, their base models and third-party models.';

/** The distinct notes of the rows, numbered in the order of the data so numbers never move. */
function distinctNotes(rows: readonly BenchmarkRow[]): string[] {
  return [...new Set(rows.flatMap((row) => (row.note ? [row.note] : [])))];
}

/** What the sortable table calls each column. */
export type BenchmarkColumnKey = 'model' | 'kind' | ScoreKey;

type BenchmarkColumn = Column<BenchmarkRow> & { id: BenchmarkColumnKey };

/** The model name of a cell, without the benchmark table's marks (∔, note numbers). */
function modelName(cell: string): string {
  return cell
    .replace(/\s*\(note \d+\)/g, '')
    .replace(/\s*∔/g, '')
    .trim();
}

const modelColumn: BenchmarkColumn = { id: 'model', label: 'Model', value: (row) => row.model, key: modelName };

const figureColumns: readonly BenchmarkColumn[] = [
  { id: 'kind', label: 'Kind', value: (row) => kindLabels[row.kind] },
  ...scoreColumns.map((column): BenchmarkColumn => ({
    id: column.key,
    label: column.label,
    value: (row) => row[column.key],
    format: column.key === 'paramsBillion' ? formatParams : formatScore,
    align: 'end',
  })),
];

const notes = distinctNotes(benchmarks);

/** The marks after a model's name in the twin: ∔ when it takes no tool observations, then its note's number. */
function marksOf(row: BenchmarkRow): string {
  const note = row.note ? notes.indexOf(row.note) + 1 : 0;
  return [lacksToolObservations(row) ? TOOL_OBSERVATION_MARK : '', note > 0 ? `(note ${note})` : '']
    .filter(Boolean)
    .join(' ');
}

/** Every row of the benchmark figures; the page marks the model names with links to the notes. */
export const benchmarkTable = {
  source: 'src/data/benchmarks.ts',
  data: benchmarks,
  rows: () => benchmarks,
  caption: () => BENCHMARK_TABLE_CAPTION,
  columns: [
    {
      ...modelColumn,
      cell: (row) => {
        const marks = marksOf(row);
        return { html: row.model, markdown: marks ? `${row.model} ${marks}` : row.model };
      },
    },
    ...figureColumns,
  ],
} satisfies TableModel<BenchmarkRow> & { columns: readonly BenchmarkColumn[] };

/** The benchmark table's notes, numbered as the marks number them. */
export const benchmarkNotes: readonly string[] = notes;

export const familyBenchmarks = {
  source: 'src/data/benchmarks.ts',
  data: benchmarks,
  rows: ({ family }) => benchmarksOf(family),
  caption: ({ family }) => `${family}: base and Rubra models on each benchmark`,
  columns: [modelColumn, ...figureColumns],
} satisfies TableModel<BenchmarkRow, { family: ModelFamily }>;

/** The notes under a family's table: each model's note, with its name. */
export function familyNotes(rows: readonly BenchmarkRow[]): { model: string; note: string }[] {
  return rows.flatMap((row) => (row.note ? [{ model: row.model, note: row.note }] : []));
}
