/**
 * Every model's benchmark figures (`<BenchmarkTable />`, sortable on the benchmark
 * page), with marks after the names that lead to the notes below the table.
 */
import { benchmarks, lacksToolObservations, type BenchmarkRow } from '../../data/benchmarks';
import { figureColumns, modelColumn, type BenchmarkColumn } from './benchmarks';
import type { TableModel } from './model';

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
