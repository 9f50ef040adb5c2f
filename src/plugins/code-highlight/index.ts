import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';

import { createCodeHighlighter } from '../../plugins-lib/highlight';
import { noOptions } from '../../plugins-lib/plugin-options';

export { remarkCodeHighlight } from './remark';
export { remarkCurlTryIt } from './curl';
export type { PrismSettings } from '../../plugins-lib/prism-settings';

/** The plugin has no options of its own: it reads `themeConfig.prism`, as the theme's code block does. */
export const validateOptions = noOptions('code-highlight');

/**
 * Code highlighted when the site is built (see `highlight.ts`): this plugin adds the
 * token colours of both modes to every page and keeps Prism and its settings out of the
 * bundles. The theme's client module that loads Prism's languages on every page becomes
 * an empty one, and `themeConfig.prism`, which only the build reads, leaves the site
 * config once every plugin has loaded its content, before Docusaurus writes the config
 * module the bundles import.
 */
export default function codeHighlightPlugin(context: LoadContext): Plugin {
  const stylesheet = path.join(context.generatedFilesDir, 'code-highlight', 'token-colours.css');
  mkdirSync(path.dirname(stylesheet), { recursive: true });
  writeFileSync(stylesheet, `${createCodeHighlighter(context.siteConfig.themeConfig.prism).stylesheet}\n`);
  return {
    name: 'code-highlight',
    getClientModules() {
      return [stylesheet];
    },
    allContentLoaded() {
      delete context.siteConfig.themeConfig.prism;
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'no-browser-prism.ts'),
          ),
        ],
      };
    },
  };
}
