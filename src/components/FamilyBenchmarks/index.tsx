import type { ReactNode } from 'react';

import DataTable from '@site/src/components/DataTable';
import table from '@site/src/components/DataTable/styles.module.css';
import type { ModelFamily } from '@site/src/data/models';
import { familyBenchmarks, familyNotes } from '@site/src/shared/tables/benchmarks';
import { inlineText } from '@site/src/shared/tables/model';
import styles from './styles.module.css';

/** One family's base and Rubra models side by side on every benchmark. */
export default function FamilyBenchmarks({ family }: { family: ModelFamily }): ReactNode {
  const of = { family };
  const notes = familyNotes(familyBenchmarks.rows(of));
  return (
    <div className={table.wrapper}>
      {/* The region scrolls sideways on narrow screens, so it must take keyboard focus. */}
      <div className={table.scroller} role="region" aria-label={inlineText(familyBenchmarks.caption(of))} tabIndex={0}>
        <DataTable
          model={familyBenchmarks}
          of={of}
          className={table.table}
          data-benchmark-table=""
          rowAttributes={(row) => ({ 'data-kind': row.kind })}
        />
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
