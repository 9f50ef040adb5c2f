/**
 * search-index: the local search backend's Pagefind index (the route is the search
 * plugin's, ../search). The site adds this plugin only for a backend that searches a
 * Pagefind index (docusaurus.config.ts chooses the backend).
 * - After a production build, indexes the built pages with Pagefind into
 *   <outDir>/pagefind/, bundles the /search page's early script (earlyScript.ts) into
 *   <outDir>/ and hands what the built /search page needs for it (index hints, held
 *   scripts) to the pass over the built pages, in SEARCH_PAGE_FILE.
 * - Under `npm start`, indexes the pages' Markdown twins (the text the build's
 *   twins hold) into the generated-files folder, serves it at /pagefind/ with the early
 *   script at the site's root, and re-indexes whenever Docusaurus reloads content.
 */
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { handOverPageEdits, SEARCH_PAGE_FILE, type PageEdits } from '../../../deploy/page-pass.mjs';
import { identity } from '../../site/identity';
import { loadTwins } from '../markdown-twins/twins';
import { optionsValidator } from '../plugin-options';
import { bundleEarlyScript, searchPageEdit } from './earlyScript';
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

export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<SearchIndexOptions>({ apiPluginId: Joi.string().required() }),
);

export default function searchIndexPlugin(context: LoadContext, options: SearchIndexOptions): Plugin {
  const { siteDir, baseUrl, generatedFilesDir, i18n } = context;
  const searchPagePath = `${baseUrl}${identity.searchPagePath}`;
  const devIndexDir = path.join(generatedFilesDir, PLUGIN, 'pagefind');
  const devEarlyDir = path.join(generatedFilesDir, PLUGIN, 'early');

  return {
    name: PLUGIN,

    async allContentLoaded({ allContent }) {
      if (!isDevServer()) {
        return;
      }
      await bundleEarlyScript(siteDir, devEarlyDir);
      const twins = await loadTwins(context, allContent, options.apiPluginId);
      const pages = twins.map((twin) => ({ url: twin.route, html: twinPageHtml(twin, i18n.currentLocale) }));
      const report = await writeIndex(pages, devIndexDir);
      console.info(`[${PLUGIN}] dev index: ${report.pages.length} pages, served at ${baseUrl}pagefind/`);
    },

    configureWebpack() {
      const config: Record<string, unknown> = {};
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
      await bundleEarlyScript(siteDir, outDir);
      const excluded = new Set([searchPagePath, `${baseUrl}404.html`]);
      const routes = [...new Set(routesPaths)].filter((route) => !excluded.has(route));
      const pages = await readBuiltPages(outDir, routes, baseUrl);
      const report = await writeIndex(pages, path.join(outDir, 'pagefind'));
      const edits: PageEdits = {
        [`${identity.searchPagePath}.html`]: await searchPageEdit({
          bundleDir: path.join(outDir, 'pagefind'),
          bundlePath: `${baseUrl}pagefind/`,
          language: i18n.currentLocale,
          baseUrl,
        }),
      };
      await handOverPageEdits(outDir, SEARCH_PAGE_FILE, edits);
      const duplicates = report.duplicates.map(({ url, sameAs }) => `${url} (same as ${sameAs})`);
      console.info(
        `[${PLUGIN}] indexed ${report.pages.length} pages into ${report.files} files (${Math.round(report.bytes / 1024)} KB, vocabulary ${Math.round(report.vocabularyBytes / 1024)} KB)` +
          (duplicates.length > 0 ? `; not listed twice: ${duplicates.join(', ')}` : '') +
          (report.skipped.length > 0 ? `; no content to index: ${report.skipped.join(', ')}` : ''),
      );
    },
  };
}
