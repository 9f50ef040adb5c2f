import path from 'node:path';

import type { Plugin } from '@docusaurus/types';
import { escapeRegexp } from '@docusaurus/utils';

import { noOptions } from '../../plugins-lib/plugin-options';
import { MARKUP_DIR } from './remark';

export { remarkStaticTables } from './remark';

/** The sortable benchmark table's code and facts: its component, the table models and renderer, src/data. */
const TABLE_CODE = /[\\/]src[\\/](data|shared[\\/]tables|components[\\/](DataTable|Benchmark\w*))[\\/]/;

/**
 * What one page's tables are made of in a chunk of that page's own beside its content
 * chunk: the page's table module (written by the remark step, `remark.ts`) and, for
 * the sortable benchmark table, its component, the facts and the table models. Both
 * chunks load with the page, and a client-side navigation loads both before it
 * renders; the site prefetches only the content chunk of each link in view, so the
 * tables are fetched when their page is, not for every link to it. What several pages
 * share goes to the shared chunks (src/plugins/shared-chunks), which rank higher.
 */
export const pageTables = {
  test: new RegExp(`^${escapeRegexp(MARKUP_DIR + path.sep)}|${TABLE_CODE.source}`),
  chunks: 'async',
  minChunks: 1,
  minSize: 0,
  enforce: true,
  priority: 40,
} as const;

/** The plugin takes no options: one given by mistake stops the build, naming the plugin. */
export const validateOptions = noOptions('static-tables');

export default function staticTablesPlugin(): Plugin {
  return {
    name: 'static-tables',
    configureWebpack(_config, isServer) {
      if (isServer) {
        return {};
      }
      return { optimization: { splitChunks: { cacheGroups: { pageTables } } } };
    },
  };
}
