import clsx from 'clsx';
import type { ReactNode } from 'react';

import DataTable from '@site/src/components/DataTable';
import table from '@site/src/components/DataTable/styles.module.css';
import { enhancedModels } from '@site/src/shared/tables/enhanced-models';
import styles from './styles.module.css';

/** The table of every Rubra enhanced model, with its guide and its repositories. */
export default function EnhancedModels(): ReactNode {
  return (
    <div className={clsx(table.wrapper, table.scroller)}>
      <DataTable
        model={enhancedModels}
        of={{}}
        className={clsx(table.table, styles.table)}
        listClassName={styles.repos}
      />
    </div>
  );
}
