/**
 * search: /search, the aliases to the backend row docusaurus.config.ts chose, the search
 * modal's stylesheet, the policy sources and the query data for the MCP server. For a
 * Pagefind backend, the index and the /search page's early start: from the built pages,
 * or under `npm start` from the dev server's pages (rendered-pages.ts) after a content load.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { SEARCH_POLICY_FILE } from '../../../deploy/build-output';
import { SEARCH_PAGE_FILE } from '../../../deploy/page-pass';
import { SEARCH_BACKENDS, type SearchBackendRow } from '../../search/backends/registry';
import { QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';
import { identity } from '../../site/identity';
import { loadTwins } from '../../plugins-lib/twins/twins';
import { optionsValidator } from '../../plugins-lib/plugin-options';
import { bundleEarlyScript, searchPageEdit } from './earlyScript';
import { readBuiltPages, writeIndex, type IndexedPage } from './indexer';
import { renderedPages } from './rendered-pages';

const PLUGIN = 'search';

/** The part of webpack-dev-server's instance the dev index needs: where it listens, and its compiler. */
interface DevServer {
  server?: { address(): AddressInfo | string | null };
  options: { host?: string };
  compiler: { hooks: { done: { tap(name: string, callback: () => void): void } } };
}

export interface SearchPluginOptions {
  /** The id of the registry row the build ships. */
  backend: string;
  /** The id of the API reference's docs instance, whose pages the dev index holds too. */
  apiPluginId: string;
}

export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<SearchPluginOptions>({
    backend: Joi.valid(...SEARCH_BACKENDS.map((row) => row.id)).required(),
    apiPluginId: Joi.string().required(),
  }),
);

/** DocSearch's modal.css in a file of its own, loaded with the modal's chunk, not in the one every page loads. */
export const searchModalStyles = {
  test: /[\\/]@docsearch[\\/]css[\\/]dist[\\/]modal\.css$/,
  name: 'search-modal',
  type: 'css/mini-extract',
  chunks: 'async',
  enforce: true,
  // Above Docusaurus's one-file `styles` group (priority 50).
  priority: 60,
} as const;

async function writeJson(file: string, value: unknown, indent?: number): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify(value, null, indent)}\n`);
}

export default function searchPlugin(context: LoadContext, options: SearchPluginOptions): Plugin {
  const { siteDir, baseUrl, generatedFilesDir, i18n } = context;
  // validateOptions holds the id to a row of the registry.
  const backend = SEARCH_BACKENDS.find((row) => row.id === options.backend) as SearchBackendRow;
  const backendsDir = path.join(siteDir, 'src/search/backends');
  const devServer = process.env.NODE_ENV === 'development';
  // What the dev server serves at the site's root, laid out as in the build.
  const devSite = path.join(generatedFilesDir, PLUGIN, 'site');
  const searchPagePath = `${baseUrl}${identity.searchPagePath}`;

  /** The early script and the index of the pages, into the folder served at the site's root. */
  async function writePagefind(siteRoot: string, pages: IndexedPage[]): Promise<string> {
    await bundleEarlyScript(siteDir, siteRoot);
    return writeIndex(pages, path.join(siteRoot, 'pagefind'));
  }

  // Under npm start: the routes of the last content load (the pages that have a Markdown
  // twin, the pages the build indexes), indexed once the bundle that renders them is served.
  let devRoutes: string[] | null = null;
  let devIndexing = Promise.resolve();
  function indexDevPages(origin: string): void {
    const routes = devRoutes;
    devRoutes = null;
    if (routes) {
      devIndexing = devIndexing
        .then(async () => {
          const pages = await renderedPages(origin, routes, baseUrl);
          console.info(`[${PLUGIN}] dev index, served at ${baseUrl}pagefind/: ${await writePagefind(devSite, pages)}`);
        })
        .catch((error: unknown) => console.warn(`[${PLUGIN}] no dev index: ${(error as Error).message}`));
    }
  }

  return {
    name: PLUGIN,

    async contentLoaded({ actions }) {
      actions.addRoute({ path: searchPagePath, component: '@theme/SearchPage', exact: true });
      if (devServer) {
        await writeJson(path.join(devSite, QUERY_DATA_FILE), QUERY_DATA);
      }
    },

    async allContentLoaded({ allContent }) {
      if (devServer && backend.pagefind) {
        devRoutes = (await loadTwins(context, allContent, options.apiPluginId)).map((twin) => twin.route);
      }
    },

    configureWebpack(_config, isServer) {
      return {
        ...(isServer ? {} : { optimization: { splitChunks: { cacheGroups: { searchModalStyles } } } }),
        ...(devServer
          ? {
              devServer: {
                static: [{ directory: devSite, publicPath: baseUrl, watch: false }],
                onListening(server: DevServer) {
                  const { port } = server.server?.address() as AddressInfo;
                  const origin = `http://${server.options.host ?? 'localhost'}:${port}`;
                  server.compiler.hooks.done.tap(PLUGIN, () => indexDevPages(origin));
                },
              },
            }
          : {}),
        resolve: {
          alias: {
            '@rubra/search-backend$': path.join(backendsDir, `${backend.id}.setup.ts`),
            '@rubra/search-page-head$': path.join(backendsDir, `${backend.id}.head.tsx`),
          },
        },
      };
    },

    async postBuild({ outDir, routesPaths }) {
      await writeJson(path.join(outDir, SEARCH_POLICY_FILE), { backend: backend.id, ...backend.policy }, 2);
      await writeJson(path.join(outDir, QUERY_DATA_FILE), QUERY_DATA);
      if (!backend.pagefind) {
        return;
      }
      const routes = [...new Set(routesPaths)].filter((route) => route !== searchPagePath);
      const pages = await readBuiltPages(outDir, routes, baseUrl);
      console.info(`[${PLUGIN}] indexed ${await writePagefind(outDir, pages)}`);
      const edit = await searchPageEdit(outDir, baseUrl, i18n.currentLocale);
      await writeJson(path.join(outDir, SEARCH_PAGE_FILE), { [`${identity.searchPagePath}.html`]: edit }, 1);
    },
  };
}
