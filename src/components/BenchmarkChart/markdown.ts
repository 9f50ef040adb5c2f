import { NOT_MEASURED_TEXT, formatScore } from '../BenchmarkTable/logic';
import { markdownTable } from '../../shared/markdown';
import { CHART_CAPTION, CHART_TITLE, chartBars, seriesLabels } from './bars';

/** The Markdown form of `<BenchmarkChart />`: the chart's data as a table. */
export function benchmarkChartMarkdown(): string {
  const table = markdownTable({
    caption: CHART_TITLE,
    header: ['Model', 'Series', 'Function calling (%)'],
    rows: chartBars().map(({ row, series }) => [
      row.model,
      seriesLabels[series],
      row.functionCalling === null ? NOT_MEASURED_TEXT : formatScore(row.functionCalling),
    ]),
  });
  return `${table}\n\n${CHART_CAPTION}`;
}
