import type { ReactNode } from 'react';

import Score from '@site/src/components/BenchmarkTable/Score';
import { formatParams } from '@site/src/components/BenchmarkTable/logic';
import table from '@site/src/components/DataTable/styles.module.css';
import { benchmarksOf, kindLabels, scoreColumns } from '@site/src/data/benchmarks';
import type { ModelFamily } from '@site/src/data/models';
import styles from './styles.module.css';

/** One family's base and Rubra models side by side on every benchmark. */
export default function FamilyBenchmarks({ family }: { family: ModelFamily }): ReactNode {
  const rows = benchmarksOf(family);
  const caption = `${family}: base and Rubra models on each benchmark`;
  const notes = rows.flatMap((row) => (row.note ? [{ model: row.model, note: row.note }] : []));
  return (
    <div className={table.wrapper}>
      {/* The region scrolls sideways on narrow screens, so it must take keyboard focus. */}
      <div className={table.scroller} role="region" aria-label={caption} tabIndex={0}>
        <table className={table.table} data-benchmark-table="">
          <caption className={table.caption}>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Model</th>
              <th scope="col">Kind</th>
              {scoreColumns.map((column) => (
                <th key={column.key} scope="col" className={table.numeric}>
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.model} data-kind={row.kind}>
                <th scope="row">{row.model}</th>
                <td>{kindLabels[row.kind]}</td>
                {scoreColumns.map((column) => (
                  <td key={column.key} className={table.numeric}>
                    <Score value={row[column.key]} format={column.key === 'paramsBillion' ? formatParams : undefined} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {notes.length > 0 && (
        <ul className={styles.notes}>
          {notes.map(({ model, note }) => (
            <li key={model}>
              {model}: {note}.
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
