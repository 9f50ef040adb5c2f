import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type { ReactNode } from 'react';

import table from '@site/src/components/DataTable/styles.module.css';
import { familyInfo, families, modelsOf, type ModelFamily } from '@site/src/data/models';
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
      <table className={clsx(table.table, styles.table)} data-chat-templates="">
        <caption className={table.caption}>
          The <code>--chat-template</code> value for each model family
        </caption>
        <thead>
          <tr>
            <th scope="col">Family</th>
            <th scope="col">Models</th>
            <th scope="col">
              <code>--chat-template</code>
            </th>
          </tr>
        </thead>
        <tbody>
          {families.map((info) => (
            <tr key={info.family}>
              <th scope="row">
                <Link to={info.route}>{info.family}</Link>
              </th>
              <td>
                {modelsOf(info.family)
                  .map((model) => model.model)
                  .join(', ')}
              </td>
              <td>
                <code>{info.chatTemplate}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One family's chat template as inline code, for use in running text. */
export function ChatTemplateOf({ family }: { family: ModelFamily }): ReactNode {
  return <code>{familyInfo(family).chatTemplate}</code>;
}
