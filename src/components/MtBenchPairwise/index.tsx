import clsx from 'clsx';
import type { ReactNode } from 'react';

import DataTable from '@site/src/components/DataTable';
import table from '@site/src/components/DataTable/styles.module.css';
import type { ModelFamily } from '@site/src/data/models';
import { inlineText } from '@site/src/shared/tables/model';
import { mtBenchPairwiseTable } from '@site/src/shared/tables/mtbench-pairwise';

/**
 * Pairwise MT-bench comparisons judged by GPT-4: each row is one model's record
 * against the other. Without a family it lists every comparison.
 */
export default function MtBenchPairwise({ family }: { family?: ModelFamily }): ReactNode {
  const of = family ? { family } : {};
  return (
    // The region scrolls sideways on narrow screens, so it must take keyboard focus.
    <div
      className={clsx(table.wrapper, table.scroller)}
      role="region"
      aria-label={inlineText(mtBenchPairwiseTable.caption(of))}
      tabIndex={0}
    >
      <DataTable model={mtBenchPairwiseTable} of={of} className={table.table} data-mtbench-pairwise="" />
    </div>
  );
}
