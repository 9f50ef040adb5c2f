import { benchmarksOf, kindLabels, scoreColumns } from '../../data/benchmarks';
import type { ModelFamily } from '../../data/models';
import { formatParams, formatScore } from '../BenchmarkTable/logic';
import { markdownTable } from '../../shared/markdown';

/** The Markdown form of `<FamilyBenchmarks family>`: the family's rows and their notes. */
export function familyBenchmarksMarkdown({ family }: { family: ModelFamily }): string {
  const rows = benchmarksOf(family);
  const table = markdownTable({
    caption: `${family}: base and Rubra models on each benchmark`,
    header: ['Model', 'Kind', ...scoreColumns.map((column) => column.label)],
    rows: rows.map((row) => [
      row.model,
      kindLabels[row.kind],
      ...scoreColumns.map((column) =>
        column.key === 'paramsBillion' ? formatParams(row[column.key]) : formatScore(row[column.key]),
      ),
    ]),
  });
  const notes = rows.flatMap((row) => (row.note ? [`- ${row.model}: ${row.note}.`] : []));
  return [table, ...(notes.length > 0 ? [notes.join('\n')] : [])].join('\n\n');
}
