import Link from '@docusaurus/Link';
import clsx from 'clsx';
import type { ReactNode } from 'react';

import { formatCount } from '@site/src/shared/format';
import table from '@site/src/components/DataTable/styles.module.css';
import { familyInfo, huggingFaceUrl, models } from '@site/src/data/models';
import styles from './styles.module.css';

/** The table of every Rubra enhanced model, with its guide and its repositories. */
export default function EnhancedModels(): ReactNode {
  return (
    <div className={clsx(table.wrapper, table.scroller)}>
      <table className={clsx(table.table, styles.table)}>
        <caption className={table.caption}>Rubra enhanced models and where to get them</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Parameters</th>
            <th scope="col">Context (tokens)</th>
            <th scope="col">Weights</th>
            <th scope="col">Guide</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => {
            const info = familyInfo(model.family);
            return (
              <tr key={model.hfRepo}>
                <th scope="row">Rubra {model.model}</th>
                <td>{model.params}</td>
                <td>{formatCount(model.contextLength)}</td>
                <td>
                  <ul className={styles.repos}>
                    {[model.hfRepo, model.ggufRepo, ...model.otherRepos].map((repo) => (
                      <li key={repo}>
                        <a href={huggingFaceUrl(repo)}>{repo.split('/')[1]}</a>
                      </li>
                    ))}
                  </ul>
                </td>
                <td>
                  <Link to={info.route}>{model.family}</Link>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
