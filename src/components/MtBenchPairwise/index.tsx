import clsx from 'clsx';
import type { ReactNode } from 'react';

import { formatRate } from '@site/src/components/BenchmarkTable/logic';
import table from '@site/src/components/DataTable/styles.module.css';
import { mtBenchPairwise, mtBenchPairwiseOf } from '@site/src/data/benchmarks';
import type { ModelFamily } from '@site/src/data/models';

/**
 * Pairwise MT-bench comparisons judged by GPT-4: each row is one model's record
 * against the other. Without a family it lists every comparison.
 */
export default function MtBenchPairwise({ family }: { family?: ModelFamily }): ReactNode {
  const rows = family ? mtBenchPairwiseOf(family) : mtBenchPairwise;
  const caption = family ? `${family}: MT-bench pairwise comparisons` : 'MT-bench pairwise comparisons';
  return (
    // The region scrolls sideways on narrow screens, so it must take keyboard focus.
    <div className={clsx(table.wrapper, table.scroller)} role="region" aria-label={caption} tabIndex={0}>
      <table className={table.table} data-mtbench-pairwise="">
        <caption className={table.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Compared with</th>
            <th scope="col" className={table.numeric}>
              Wins
            </th>
            <th scope="col" className={table.numeric}>
              Losses
            </th>
            <th scope="col" className={table.numeric}>
              Ties
            </th>
            <th scope="col" className={table.numeric}>
              Win rate
            </th>
            <th scope="col" className={table.numeric}>
              Loss rate
            </th>
            <th scope="col" className={table.numeric}>
              Adjusted win rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.model}|${row.comparedWith}`}>
              <th scope="row">{row.model}</th>
              <td>{row.comparedWith}</td>
              <td className={table.numeric}>{row.win}</td>
              <td className={table.numeric}>{row.loss}</td>
              <td className={table.numeric}>{row.tie}</td>
              <td className={table.numeric}>{formatRate(row.winRate)}</td>
              <td className={table.numeric}>{formatRate(row.lossRate)}</td>
              <td className={table.numeric}>{formatRate(row.adjustedWinRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
