import { benchmarks, kindLabels, lacksToolObservations, scoreColumns } from '../../data/benchmarks';
import { markdownTable } from '../../shared/markdown';
import {
  BENCHMARK_TABLE_CAPTION,
  TOOL_OBSERVATION_MARK,
  TOOL_OBSERVATION_TEXT,
  distinctNotes,
  formatParams,
  formatScore,
} from './logic';

/**
 * The Markdown form of `<BenchmarkTable />`: every row in the order of the data,
 * with the same markers and numbered notes as the HTML table.
 */
export function benchmarkTableMarkdown(): string {
  const notes = distinctNotes(benchmarks);
  const table = markdownTable({
    caption: BENCHMARK_TABLE_CAPTION,
    header: ['Model', 'Kind', ...scoreColumns.map((column) => column.label)],
    rows: benchmarks.map((row) => {
      const note = row.note ? notes.indexOf(row.note) + 1 : 0;
      const marks = [lacksToolObservations(row) ? TOOL_OBSERVATION_MARK : '', note > 0 ? `(note ${note})` : '']
        .filter(Boolean)
        .join(' ');
      return [
        marks ? `${row.model} ${marks}` : row.model,
        kindLabels[row.kind],
        ...scoreColumns.map((column) =>
          column.key === 'paramsBillion' ? formatParams(row[column.key]) : formatScore(row[column.key]),
        ),
      ];
    }),
  });
  const legend = `${TOOL_OBSERVATION_MARK} ${TOOL_OBSERVATION_TEXT}`;
  const numbered = notes.map((note, index) => `${index + 1}. ${note}`).join('\n');
  return [table, legend, ...(notes.length > 0 ? [numbered] : [])].join('\n\n');
}
