import clsx from 'clsx';
import type { ReactNode } from 'react';

import DataTable from '@site/src/components/DataTable';
import table from '@site/src/components/DataTable/styles.module.css';
import { chatTemplates } from '@site/src/shared/tables/chat-templates';
import styles from './styles.module.css';

/** The llama.cpp `--chat-template` value of every model family, with its guide. */
export default function ChatTemplates(): ReactNode {
  return (
    <div
      className={clsx(table.wrapper, table.scroller)}
      role="region"
      aria-label="Chat templates for llama.cpp"
      tabIndex={0}
    >
      <DataTable model={chatTemplates} of={{}} className={clsx(table.table, styles.table)} data-chat-templates="" />
    </div>
  );
}
