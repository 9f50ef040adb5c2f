import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { createCodeHighlighter } from './highlight';

export { remarkCodeHighlight } from './remark';
export { remarkCurlTryIt } from './curl';
export type { PrismSettings } from './theme';

/** The plugin has no options of its own: it reads `themeConfig.prism`, as the theme's code block does. */
export function validateOptions({ validate, options }: OptionValidationContext<object, object>): object {
  return validate(Joi.object({}), options);
}

/**
 * Code highlighted when the site is built (see `highlight.ts`), with the settings of
 * `themeConfig.prism`: this plugin adds the stylesheet of the token colours, in both
 * colour modes, to every page, and keeps Prism out of the bundles.
 *
 * The theme registers a client module that hands its Prism instance to
 * `prism-include-languages` on every page; the code blocks do not highlight in the
 * browser, so that module is replaced with an empty one, and with it goes Prism.
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
