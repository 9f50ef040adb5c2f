/**
 * search-index: the local search backend's build side.
 * - Adds the /search page route.
 * - Points `@rubra/search-backend` (and `@rubra/search-page-head`, what the /search
 *   page's <head> needs of it) at the backend src/search/backends/registry.ts chooses
 *   from the environment, so a build ships exactly one.
 * - After a production build, writes the backend's needs of the Content-Security-Policy
 *   (registry.ts) into the build's host configuration, and for the local backend
 *   indexes the built pages with Pagefind into <outDir>/pagefind/.
 * - Bundles the /search page's early script (earlyScript.ts) for the local backend,
 *   into <outDir>/ after a build and served at the site's root under `npm start`.
 * - Under `npm start`, indexes the pages' Markdown twins (the text the build's
 *   twins hold) into the generated-files folder, serves it at /pagefind/, and
 *   re-indexes whenever Docusaurus reloads content.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';

import { identity } from '../../site/identity';
import { SEARCH_POLICY_FILE } from '../../../deploy/build-output.mjs';
import { chooseSearchBackend } from '../../search/backends/registry';
import { loadTwins } from '../markdown-twins/twins';
import { bundleEarlyScript, prepareSearchPage } from './earlyScript';
import { readBuiltPages, writeIndex } from './indexer';
import { twinPageHtml } from './twin-pages';

const PLUGIN = 'search-index';

function isDevServer(): boolean {
  return process.env.NODE_ENV === 'development';
}

export interface SearchIndexOptions {
  /** The id of the API reference's docs instance, whose pages' twins the dev index reads too. */
  apiPluginId: string;
}

export default function searchIndexPlugin(context: LoadContext, options: SearchIndexOptions): Plugin {
  const { siteDir, baseUrl, generatedFilesDir, i18n } = context;
  const backend = chooseSearchBackend(process.env).row;
  const searchPagePath = `${baseUrl}${identity.searchPagePath}`;
  const devIndexDir = path.join(generatedFilesDir, PLUGIN, 'pagefind');
  const devEarlyDir = path.join(generatedFilesDir, PLUGIN, 'early');
  const backendModule = path.join(siteDir, 'src/search/backends', `${backend.id}.setup.ts`);
  const pageHeadModule = path.join(siteDir, 'src/search/backends', `${backend.id}.head.tsx`);

  return {
    name: PLUGIN,

    async contentLoaded({ actions }) {
      actions.addRoute({ path: searchPagePath, component: '@theme/SearchPage', exact: true });
    },

    async allContentLoaded({ allContent }) {
      if (!isDevServer() || !backend.pagefind) {
        return;
      }
      await bundleEarlyScript(siteDir, devEarlyDir);
      const twins = await loadTwins(context, allContent, options.apiPluginId);
      const pages = twins.map((twin) => ({ url: twin.route, html: twinPageHtml(twin, i18n.currentLocale) }));
      const report = await writeIndex(pages, devIndexDir);
      console.info(`[${PLUGIN}] dev index: ${report.pages.length} pages, served at ${baseUrl}pagefind/`);
    },

    configureWebpack() {
      const config: Record<string, unknown> = {
        resolve: {
          alias: { '@rubra/search-backend$': backendModule, '@rubra/search-page-head$': pageHeadModule },
        },
      };
      if (isDevServer()) {
        config.devServer = {
          static: [
            { directory: devIndexDir, publicPath: `${baseUrl}pagefind`, watch: false },
            { directory: devEarlyDir, publicPath: baseUrl, watch: false },
          ],
        };
      }
      return config;
    },

    async postBuild({ outDir, routesPaths }) {
      // The backend's needs of the Content-Security-Policy, for the step that writes the headers.
      const policyFile = path.join(outDir, SEARCH_POLICY_FILE);
      await mkdir(path.dirname(policyFile), { recursive: true });
      await writeFile(policyFile, `${JSON.stringify({ backend: backend.id, ...backend.policy }, null, 2)}\n`);
      if (!backend.pagefind) {
        return;
      }
      await bundleEarlyScript(siteDir, outDir);
      const excluded = new Set([searchPagePath, `${baseUrl}404.html`]);
      const routes = [...new Set(routesPaths)].filter((route) => !excluded.has(route));
      const pages = await readBuiltPages(outDir, routes, baseUrl);
      const report = await writeIndex(pages, path.join(outDir, 'pagefind'));
      await prepareSearchPage({
        htmlFile: path.join(outDir, `${identity.searchPagePath}.html`),
        bundleDir: path.join(outDir, 'pagefind'),
        bundlePath: `${baseUrl}pagefind/`,
        language: i18n.currentLocale,
        baseUrl,
      });
      const duplicates = report.duplicates.map(({ url, sameAs }) => `${url} (same as ${sameAs})`);
      console.info(
        `[${PLUGIN}] indexed ${report.pages.length} pages into ${report.files} files (${Math.round(report.bytes / 1024)} KB, vocabulary ${Math.round(report.vocabularyBytes / 1024)} KB)` +
          (duplicates.length > 0 ? `; not listed twice: ${duplicates.join(', ')}` : '') +
          (report.skipped.length > 0 ? `; no content to index: ${report.skipped.join(', ')}` : ''),
      );
    },
  };
}
