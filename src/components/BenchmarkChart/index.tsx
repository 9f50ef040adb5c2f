import type { ReactNode } from 'react';

import { CHART_CAPTION, CHART_TITLE, chartBars as bars, seriesLabels } from '@site/src/shared/tables/benchmark-chart';
import { NOT_MEASURED_TEXT, formatScore } from '@site/src/shared/tables/format';
import table from '@site/src/components/DataTable/styles.module.css';
import styles from './styles.module.css';

const WIDTH = 760;
const LABEL_WIDTH = 300;
const BAR_START = LABEL_WIDTH + 8;
const BAR_SPAN = 380;
const ROW_HEIGHT = 24;
const BAR_HEIGHT = 16;
const GROUP_GAP = 10;
const LEGEND_HEIGHT = 34;

/** The chart's text alternative: every bar's model, series and figure. */
const description = bars
  .map(({ row, series }) => {
    const value = row.functionCalling === null ? NOT_MEASURED_TEXT : `${formatScore(row.functionCalling)}%`;
    return `${row.model} (${seriesLabels[series].toLowerCase()}): ${value}`;
  })
  .join('; ');

/**
 * Function-calling accuracy of each Rubra model beside its base model and the
 * best third-party models, drawn as an SVG on the server. Colours come from the
 * theme's variables, so the chart follows the colour mode.
 */
export default function BenchmarkChart(): ReactNode {
  let y = LEGEND_HEIGHT;
  const placed = bars.map((bar, index) => {
    // Extra space above a bar separates the groups: each Rubra model with its base, then the third parties.
    const previous = bars[index - 1]?.series;
    const grouped = !previous || bar.series === 'base' || previous === 'thirdParty';
    y += (grouped ? 0 : bar.series === 'thirdParty' ? GROUP_GAP * 2 : GROUP_GAP) + ROW_HEIGHT;
    return { ...bar, middle: y - ROW_HEIGHT / 2 };
  });
  const height = y + 8;
  const scale = (value: number): number => (value / 100) * BAR_SPAN;

  return (
    <figure className={styles.figure}>
      <svg
        className={styles.chart}
        viewBox={`0 0 ${WIDTH} ${height}`}
        role="img"
        aria-labelledby="function-calling-chart-title function-calling-chart-desc"
        data-benchmark-chart=""
      >
        <title id="function-calling-chart-title">{CHART_TITLE}</title>
        <desc id="function-calling-chart-desc">{description}</desc>
        <g aria-hidden="true">
          {Object.entries(seriesLabels).map(([series, label], index) => (
            <g key={series} transform={`translate(${BAR_START + index * 150 - 130}, 8)`}>
              <rect width="14" height="14" className={styles[series]} />
              <text x="20" y="11">
                {label}
              </text>
            </g>
          ))}
          {[0, 25, 50, 75, 100].map((tick) => (
            <line
              key={tick}
              x1={BAR_START + scale(tick)}
              x2={BAR_START + scale(tick)}
              y1={LEGEND_HEIGHT - 4}
              y2={height - 4}
              className={styles.grid}
            />
          ))}
          {placed.map(({ row, series, middle }) => (
            <g key={`${series}-${row.model}`} data-series={series} data-model={row.model}>
              <text x={LABEL_WIDTH} y={middle} dominantBaseline="middle" textAnchor="end">
                {row.model}
              </text>
              {row.functionCalling === null ? (
                <text x={BAR_START + 4} y={middle} className={styles.missing} dominantBaseline="middle">
                  {NOT_MEASURED_TEXT}
                </text>
              ) : (
                <>
                  <rect
                    x={BAR_START}
                    y={middle - BAR_HEIGHT / 2}
                    width={scale(row.functionCalling)}
                    height={BAR_HEIGHT}
                    rx="2"
                    className={styles[series]}
                  />
                  <text x={BAR_START + scale(row.functionCalling) + 6} y={middle} dominantBaseline="middle">
                    {formatScore(row.functionCalling)}
                  </text>
                </>
              )}
            </g>
          ))}
        </g>
      </svg>
      <figcaption className={table.notes}>{CHART_CAPTION} The table below holds the same figures.</figcaption>
    </figure>
  );
}
