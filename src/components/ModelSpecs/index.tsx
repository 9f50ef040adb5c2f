import clsx from 'clsx';
import type { ReactNode } from 'react';

import { formatCount } from '@site/src/shared/format';
import table from '@site/src/components/DataTable/styles.module.css';
import { RUBRA_PREFIX } from '@site/src/data/benchmarks';
import { huggingFaceUrl, modelsOf, type ModelFamily } from '@site/src/data/models';
import styles from './styles.module.css';

function RepoLink({ repo }: { repo: string }): ReactNode {
  return <a href={huggingFaceUrl(repo)}>{repo}</a>;
}

/**
 * A family's specification table and the repositories of its Rubra models:
 * full weights, GGUF files for llama.cpp and any further quantizations.
 */
export default function ModelSpecs({ family }: { family: ModelFamily }): ReactNode {
  const models = modelsOf(family);
  if (models.length === 0) {
    throw new Error(`ModelSpecs: no models of the family "${family}" in src/data/models.ts`);
  }
  const hasOtherRepos = models.some((model) => model.otherRepos.length > 0);
  return (
    // The region scrolls sideways on narrow screens, so it must take keyboard focus.
    <div
      className={clsx(table.wrapper, table.scroller)}
      role="region"
      aria-label={`${family} specifications and downloads`}
      tabIndex={0}
    >
      <table className={clsx(table.table, styles.table)} data-model-specs="">
        <caption className={table.caption}>{family}: specifications of the base models</caption>
        <thead>
          <tr>
            <th scope="col">Model</th>
            <th scope="col">Parameters</th>
            <th scope="col">Context length (tokens)</th>
            <th scope="col">Grouped-query attention</th>
            <th scope="col">Training tokens</th>
            <th scope="col">Knowledge cutoff</th>
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.model}>
              <th scope="row">{model.model}</th>
              <td>{model.params}</td>
              <td className={table.numeric}>{formatCount(model.contextLength)}</td>
              <td>{model.gqa}</td>
              <td>{model.trainingTokens}</td>
              <td>{model.knowledgeCutoff}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={clsx(table.table, styles.table)} data-model-repos="">
        <caption className={table.caption}>{family}: Rubra models on Hugging Face</caption>
        <thead>
          <tr>
            <th scope="col">Rubra model</th>
            <th scope="col">Full weights</th>
            <th scope="col">GGUF (llama.cpp)</th>
            {hasOtherRepos && <th scope="col">AWQ</th>}
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <tr key={model.hfRepo}>
              <th scope="row">
                {RUBRA_PREFIX}
                {model.model}
              </th>
              <td>
                <RepoLink repo={model.hfRepo} />
              </td>
              <td>
                <RepoLink repo={model.ggufRepo} />
              </td>
              {hasOtherRepos && (
                <td>
                  {model.otherRepos.length === 0 ? (
                    <>
                      <span aria-hidden="true">—</span>
                      <span className={table.srOnly}>none</span>
                    </>
                  ) : (
                    model.otherRepos.map((repo) => <RepoLink key={repo} repo={repo} />)
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
