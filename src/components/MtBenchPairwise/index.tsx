import type { ReactNode } from 'react';

import { formatRate } from '@site/src/components/BenchmarkTable/logic';
import { mtBenchPairwise, mtBenchPairwiseOf } from '@site/src/data/benchmarks';
import type { ModelFamily } from '@site/src/data/models';
import styles from './styles.module.css';

/**
 * Pairwise MT-bench comparisons judged by GPT-4: each row is one model's record
 * against the other. Without a family it lists every comparison.
 */
export default function MtBenchPairwise({ family }: { family?: ModelFamily }): ReactNode {
  const rows = family ? mtBenchPairwiseOf(family) : mtBenchPairwise;
  const caption = family ? `${family}: MT-bench pairwise comparisons` : 'MT-bench pairwise comparisons';
  return (
    // The region scrolls sideways on narrow screens, so it must take keyboard focus.
    <div className={styles.wrapper} role="region" aria-label={caption} tabIndex={0}>
      <table className={styles.table} data-mtbench-pairwise="">
        <caption className={styles.caption}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Compared with</th>
            <th scope="col" className={styles.numeric}>
              Wins
            </th>
            <th scope="col" className={styles.numeric}>
              Losses
            </th>
            <th scope="col" className={styles.numeric}>
              Ties
            </th>
            <th scope="col" className={styles.numeric}>
              Win rate
            </th>
            <th scope="col" className={styles.numeric}>
              Loss rate
            </th>
            <th scope="col" className={styles.numeric}>
              Adjusted win rate
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.model}|${row.comparedWith}`}>
              <th scope="row">{row.model}</th>
              <td>{row.comparedWith}</td>
              <td className={styles.numeric}>{row.win}</td>
              <td className={styles.numeric}>{row.loss}</td>
              <td className={styles.numeric}>{row.tie}</td>
              <td className={styles.numeric}>{formatRate(row.winRate)}</td>
              <td className={styles.numeric}>{formatRate(row.lossRate)}</td>
              <td className={styles.numeric}>{formatRate(row.adjustedWinRate)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
