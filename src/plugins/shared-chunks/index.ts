import path from 'node:path';

import type { Plugin } from '@docusaurus/types';
import { noOptions } from '../../plugins-lib/plugin-options';

/**
 * Puts the site's own components and data that several pages share, but not most
 * pages, into chunks of their own.
 *
 * Docusaurus moves a module into its `common` chunk, loaded by every page, once
 * half the pages use it; below that, the bundler copies it into each page's chunk.
 * Left to that rule, the API reference's components (used by the 29 API pages) would
 * sit in `common` and load on every doc page, and the model guides' components and
 * benchmark data would be copied into each model page's chunk, downloaded again with
 * every prefetched link. Here a module used by two or more pages goes into one chunk
 * shared by exactly the pages that use it, and so does a CSS module's class-name map
 * (the part of a stylesheet that is JavaScript). The rules themselves stay in the single
 * stylesheet (Docusaurus's `styles` group ranks higher).
 */
export const sharedSiteModules = {
  test: /[\\/]src[\\/](client|components|data|shared)[\\/].+\.(tsx?|module\.css)$/,
  chunks: 'async',
  minChunks: 2,
  // However small: a module split off by size alone would be copied into each page.
  minSize: 0,
  // Above Docusaurus's `common` group (40), below its `styles` group (50).
  priority: 45,
  reuseExistingChunk: true,
} as const;

/**
 * The stylesheets of what loads when the reader asks for it (the Try it consoles, Ask AI,
 * the server check's panel) in a file of their own, loaded with their code: in the one
 * stylesheet every page loads, a reader who never opens them would load their rules too.
 */
export const onRequestStyles = {
  test: /[\\/]src[\\/]components[\\/](RequestConsole|AskDocs|ServerCheck)[\\/][^\\/]+\.css$/,
  name: 'console-styles',
  type: 'css/mini-extract',
  chunks: 'async',
  enforce: true,
  // Above Docusaurus's one-file `styles` group (50).
  priority: 60,
} as const;

/**
 * @docusaurus/utils-common (which every page loads, through the theme) calls one tslib
 * helper, but requires all of tslib: its `tslib` is resolved to a module that exports
 * only the helpers it calls (src/plugins/shared-chunks/tslib-helpers.ts). Other
 * packages' tslib is left as it is.
 */
export const tslibHelpers = {
  test: /[\\/]node_modules[\\/]@docusaurus[\\/]utils-common[\\/]/,
  resolve: { alias: { tslib$: path.join(__dirname, 'tslib-helpers.ts') } },
} as const;

export const validateOptions = noOptions('shared-chunks');

export default function sharedChunksPlugin(): Plugin {
  return {
    name: 'shared-chunks',
    configureWebpack: (_config, isServer) =>
      isServer
        ? {}
        : {
            module: { rules: [tslibHelpers] },
            optimization: { splitChunks: { cacheGroups: { sharedSiteModules, onRequestStyles } } },
          },
  };
}
