/**
 * search: the site's search, whichever backend serves it.
 * - Adds the /search page route.
 * - Points `@rubra/search-backend` (and `@rubra/search-page-head`, what the /search
 *   page's <head> needs of it) at the backend docusaurus.config.ts chose (its `backend`
 *   option, a row of src/search/backends/registry.ts), so a build ships exactly one.
 * - Gives the search modal's stylesheet a file of its own, loaded with the modal.
 * - After a build, writes that backend's needs of the Content-Security-Policy into the
 *   build's host configuration, for the step that writes the headers.
 * - Publishes the query layer's synonyms and stop words (QUERY_DATA_FILE) at the site's
 *   root for the docs MCP server, in the build and under `npm start` alike.
 * The local backend's index is another plugin's work (../search-index).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { SEARCH_POLICY_FILE } from '../../../deploy/build-output.mjs';
import { SEARCH_BACKENDS } from '../../search/backends/registry';
import { QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';
import { identity } from '../../site/identity';
import { optionsValidator } from '../plugin-options';

const PLUGIN = 'search';

/** `backend`: the id of the registry row the build ships. */
export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<{ backend: string }>({ backend: Joi.valid(...SEARCH_BACKENDS.map((row) => row.id)).required() }),
);

/**
 * The search modal's stylesheet (DocSearch's modal.css, imported by SearchModal.tsx) in a
 * file of its own, loaded with the modal's code: Docusaurus puts every stylesheet in the
 * one file each page loads, and a page whose reader never searches would load it too.
 * The modal's chunk resolves only once its stylesheet has loaded, so it never shows
 * unstyled; nothing else uses its rules.
 */
export const searchModalStyles = {
  test: /[\\/]@docsearch[\\/]css[\\/]dist[\\/]modal\.css$/,
  name: 'search-modal',
  type: 'css/mini-extract',
  chunks: 'async',
  enforce: true,
  // Above Docusaurus's one-file `styles` group (priority 50).
  priority: 60,
} as const;

async function writeQueryData(dir: string): Promise<void> {
  const { groups, stopWords } = QUERY_DATA;
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, QUERY_DATA_FILE), `${JSON.stringify({ groups, stopWords })}\n`);
}

export default function searchPlugin(context: LoadContext, options: { backend: string }): Plugin {
  const { siteDir, baseUrl, generatedFilesDir } = context;
  const backend = SEARCH_BACKENDS.find((row) => row.id === options.backend);
  if (!backend) {
    throw new Error(`[${PLUGIN}] no search backend "${options.backend}" in src/search/backends/registry.ts`);
  }
  const backendsDir = path.join(siteDir, 'src/search/backends');
  const devServer = process.env.NODE_ENV === 'development';
  const devQueryDataDir = path.join(generatedFilesDir, 'search', 'query-data');

  return {
    name: PLUGIN,

    async contentLoaded({ actions }) {
      actions.addRoute({ path: `${baseUrl}${identity.searchPagePath}`, component: '@theme/SearchPage', exact: true });
      if (devServer) {
        await writeQueryData(devQueryDataDir);
      }
    },

    configureWebpack(_config, isServer) {
      return {
        ...(isServer ? {} : { optimization: { splitChunks: { cacheGroups: { searchModalStyles } } } }),
        ...(devServer
          ? { devServer: { static: [{ directory: devQueryDataDir, publicPath: baseUrl, watch: false }] } }
          : {}),
        resolve: {
          alias: {
            '@rubra/search-backend$': path.join(backendsDir, `${backend.id}.setup.ts`),
            '@rubra/search-page-head$': path.join(backendsDir, `${backend.id}.head.tsx`),
          },
        },
      };
    },

    async postBuild({ outDir }) {
      const policyFile = path.join(outDir, SEARCH_POLICY_FILE);
      await mkdir(path.dirname(policyFile), { recursive: true });
      await writeFile(policyFile, `${JSON.stringify({ backend: backend.id, ...backend.policy }, null, 2)}\n`);
      await writeQueryData(outDir);
    },
  };
}
