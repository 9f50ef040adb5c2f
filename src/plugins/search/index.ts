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
 * - For a backend that searches a Pagefind index (the modules of ../search-index): after
 *   a build, indexes the built pages into <outDir>/pagefind/, bundles the /search page's
 *   early script into <outDir>/ and hands what the built page needs for it (index hints,
 *   held scripts) to the pass over the built pages, in SEARCH_PAGE_FILE. Under
 *   `npm start`, indexes the pages' Markdown twins (the text the build's twins hold),
 *   serves the index at /pagefind/ with the early script at the site's root, and indexes
 *   again whenever Docusaurus reloads content.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { SEARCH_POLICY_FILE } from '../../../deploy/build-output.mjs';
import { handOverPageEdits, SEARCH_PAGE_FILE } from '../../../deploy/page-pass.mjs';
import { SEARCH_BACKENDS } from '../../search/backends/registry';
import { QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';
import { identity } from '../../site/identity';
import { loadTwins } from '../markdown-twins/twins';
import { optionsValidator } from '../plugin-options';
import { bundleEarlyScript, searchPageEdit } from '../search-index/earlyScript';
import { readBuiltPages, writeIndex } from '../search-index/indexer';
import { twinPageHtml } from '../search-index/twin-pages';

const PLUGIN = 'search';

export interface SearchPluginOptions {
  /** The id of the registry row the build ships. */
  backend: string;
  /** The id of the API reference's docs instance, whose pages' twins the dev index reads too. */
  apiPluginId: string;
}

export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<SearchPluginOptions>({
    backend: Joi.valid(...SEARCH_BACKENDS.map((row) => row.id)).required(),
    apiPluginId: Joi.string().required(),
  }),
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

export default function searchPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  const { siteDir, baseUrl, generatedFilesDir, i18n } = context;
  const backend = SEARCH_BACKENDS.find((row) => row.id === options.backend);
  if (!backend) {
    throw new Error(`[${PLUGIN}] no search backend "${options.backend}" in src/search/backends/registry.ts`);
  }
  const backendsDir = path.join(siteDir, 'src/search/backends');
  const devServer = process.env.NODE_ENV === 'development';
  const devDir = (name: string) => path.join(generatedFilesDir, PLUGIN, name);
  const searchPagePath = `${baseUrl}${identity.searchPagePath}`;

  return {
    name: PLUGIN,

    async contentLoaded({ actions }) {
      actions.addRoute({ path: searchPagePath, component: '@theme/SearchPage', exact: true });
      if (devServer) {
        await writeQueryData(devDir('query-data'));
      }
    },

    async allContentLoaded({ allContent }) {
      if (!devServer || !backend.pagefind) {
        return;
      }
      await bundleEarlyScript(siteDir, devDir('early'));
      const twins = await loadTwins(context, allContent, options.apiPluginId);
      const pages = twins.map((twin) => ({ url: twin.route, html: twinPageHtml(twin, i18n.currentLocale) }));
      const report = await writeIndex(pages, devDir('pagefind'));
      console.info(`[${PLUGIN}] dev index: ${report.pages.length} pages, served at ${baseUrl}pagefind/`);
    },

    configureWebpack(_config, isServer) {
      const served = [{ directory: devDir('query-data'), publicPath: baseUrl, watch: false }];
      if (backend.pagefind) {
        served.push(
          { directory: devDir('pagefind'), publicPath: `${baseUrl}pagefind`, watch: false },
          { directory: devDir('early'), publicPath: baseUrl, watch: false },
        );
      }
      return {
        ...(isServer ? {} : { optimization: { splitChunks: { cacheGroups: { searchModalStyles } } } }),
        ...(devServer ? { devServer: { static: served } } : {}),
        resolve: {
          alias: {
            '@rubra/search-backend$': path.join(backendsDir, `${backend.id}.setup.ts`),
            '@rubra/search-page-head$': path.join(backendsDir, `${backend.id}.head.tsx`),
          },
        },
      };
    },

    async postBuild({ outDir, routesPaths }) {
      const policyFile = path.join(outDir, SEARCH_POLICY_FILE);
      await mkdir(path.dirname(policyFile), { recursive: true });
      await writeFile(policyFile, `${JSON.stringify({ backend: backend.id, ...backend.policy }, null, 2)}\n`);
      await writeQueryData(outDir);
      if (backend.pagefind) {
        await writePagefindIndex(outDir, routesPaths);
      }
    },
  };

  async function writePagefindIndex(outDir: string, routesPaths: string[]): Promise<void> {
    await bundleEarlyScript(siteDir, outDir);
    const excluded = new Set([searchPagePath, `${baseUrl}404.html`]);
    const routes = [...new Set(routesPaths)].filter((route) => !excluded.has(route));
    const report = await writeIndex(await readBuiltPages(outDir, routes, baseUrl), path.join(outDir, 'pagefind'));
    const edit = await searchPageEdit({
      bundleDir: path.join(outDir, 'pagefind'),
      bundlePath: `${baseUrl}pagefind/`,
      language: i18n.currentLocale,
      baseUrl,
    });
    await handOverPageEdits(outDir, SEARCH_PAGE_FILE, { [`${identity.searchPagePath}.html`]: edit });
    const duplicates = report.duplicates.map(({ url, sameAs }) => `${url} (same as ${sameAs})`);
    console.info(
      `[${PLUGIN}] indexed ${report.pages.length} pages into ${report.files} files (${Math.round(report.bytes / 1024)} KB, vocabulary ${Math.round(report.vocabularyBytes / 1024)} KB)` +
        (duplicates.length > 0 ? `; not listed twice: ${duplicates.join(', ')}` : '') +
        (report.skipped.length > 0 ? `; no content to index: ${report.skipped.join(', ')}` : ''),
    );
  }
}
