import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';

import { createCodeHighlighter, type CodeHighlightOptions } from './highlight';

export type { CodeHighlightOptions } from './highlight';
export { remarkCodeHighlight } from './remark';
export { remarkCurlTryIt } from './curl';

/**
 * Code highlighted when the site is built (see `highlight.ts`): this plugin adds the
 * stylesheet of the token colours, in both colour modes, to every page, and keeps Prism
 * out of the bundles. The theme registers a client module that hands its Prism instance
 * to `prism-include-languages` on every page; the code blocks no longer highlight in
 * the browser, so that module is replaced with an empty one, and with it goes Prism.
 */
export default function codeHighlightPlugin(context: LoadContext, options: CodeHighlightOptions): Plugin {
  const stylesheet = path.join(context.generatedFilesDir, 'code-highlight', 'token-colours.css');
  mkdirSync(path.dirname(stylesheet), { recursive: true });
  writeFileSync(stylesheet, `${createCodeHighlighter(options).stylesheet}\n`);
  return {
    name: 'code-highlight',
    getClientModules() {
      return [stylesheet];
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        plugins: [
          new currentBundler.instance.NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'no-browser-prism.ts'),
          ),
        ],
      };
    },
  };
}
