/**
 * The function-calling chart (`<BenchmarkChart />`): its bars, drawn as an SVG on
 * the page, and the table of the same figures that stands for it in the twin.
 */
import { baseOf, benchmarks, bestThirdParty, type BenchmarkRow } from '../../data/benchmarks';
import { NOT_MEASURED_TEXT, formatScore } from './format';
import type { TableModel } from './model';

/** How many third-party models the chart shows, best first. */
const THIRD_PARTY_COUNT = 4;

export const seriesLabels = {
  rubra: 'Rubra model',
  base: 'Base model',
  thirdParty: 'Best third-party models',
};

export type ChartBar = { row: BenchmarkRow; series: keyof typeof seriesLabels };

/** The chart's bars in order: each Rubra model above its base model, then the best third-party models. */
export const chartBars: readonly ChartBar[] = [
  ...benchmarks
    .filter((row) => row.kind === 'rubra')
    .flatMap((row): ChartBar[] => [
      { row, series: 'rubra' },
      { row: baseOf(row), series: 'base' },
    ]),
  ...bestThirdParty(THIRD_PARTY_COUNT).map((row): ChartBar => ({ row, series: 'thirdParty' })),
];

export const CHART_TITLE = 'Function-calling accuracy in percent';
export const CHART_CAPTION =
  `Function-calling accuracy (percent) of each Rubra model, its base model and the ${THIRD_PARTY_COUNT} best ` +
  'third-party models. A base model without a bar was not measured.';

/** The chart's figures as a table: the twin's form of the chart. */
export const benchmarkChartTable = {
  source: 'src/data/benchmarks.ts',
  data: chartBars,
  caption: () => CHART_TITLE,
  columns: [
    { label: 'Model', value: (bar) => bar.row.model, key: true },
    { label: 'Series', cell: (bar) => seriesLabels[bar.series] },
    {
      label: 'Function calling (%)',
      value: (bar) => bar.row.functionCalling,
      cell: (bar) => (bar.row.functionCalling === null ? NOT_MEASURED_TEXT : formatScore(bar.row.functionCalling)),
    },
  ],
} satisfies TableModel<ChartBar>;
