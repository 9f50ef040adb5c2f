import clsx from 'clsx';
import type { ReactNode } from 'react';

import { ModelTable } from '@site/src/components/DataTable';
import table from '@site/src/components/DataTable/styles.module.css';
import type { ModelFamily } from '@site/src/data/models';
import { modelRepos, modelSpecs } from '@site/src/shared/tables/model-specs';

/**
 * A family's specification table and the repositories of its Rubra models:
 * full weights, GGUF files for llama.cpp and any further quantizations.
 */
export default function ModelSpecs({ family }: { family: ModelFamily }): ReactNode {
  return (
    // The region scrolls sideways on narrow screens, so it must take keyboard focus.
    <div
      className={clsx(table.wrapper, table.scroller)}
      role="region"
      aria-label={`${family} specifications and downloads`}
      tabIndex={0}
    >
      {/* Both tables keep the theme's margin under a table, which spaces them apart. */}
      <ModelTable
        model={modelSpecs}
        of={{ family }}
        className={clsx(table.table, table.themeMargin)}
        data-model-specs=""
      />
      <ModelTable
        model={modelRepos}
        of={{ family }}
        className={clsx(table.table, table.themeMargin)}
        data-model-repos=""
      />
    </div>
  );
}
