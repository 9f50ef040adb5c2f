import { mkdirSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

import type { DocusaurusConfig, LoadContext, Plugin } from '@docusaurus/types';
import { generate } from '@docusaurus/utils';

import { createCodeHighlighter } from '../../plugins-lib/highlight';
import { noOptions } from '../../plugins-lib/plugin-options';

export { remarkCodeHighlight } from './remark';
export { remarkCurlTryIt } from './curl';
export type { PrismSettings } from '../../plugins-lib/prism-settings';

/** The plugin has no options of its own: it reads `themeConfig.prism`, as the theme's code block does. */
export const validateOptions = noOptions('code-highlight');

/** The site config as the bundles import it, and the copy of it they import instead. */
const SITE_CONFIG_REQUEST = /^@generated\/docusaurus\.config$/;
const BROWSER_SITE_CONFIG = path.join('code-highlight', 'docusaurus.config.mjs');

/** The object a generated config module exports: its text after `export default`, read as JSON. */
function exportedObject(module: string): unknown {
  const body = /^export default (\{[\s\S]*\});\s*$/m.exec(module)?.[1];
  return body === undefined ? undefined : (JSON.parse(body) as unknown);
}

/** The site config without `themeConfig.prism`, which only the build reads. */
function withoutPrism(siteConfig: DocusaurusConfig): DocusaurusConfig {
  const themeConfig = { ...siteConfig.themeConfig };
  delete themeConfig.prism;
  return { ...siteConfig, themeConfig };
}

/**
 * Code highlighted when the site is built (see `highlight.ts`): this plugin adds the
 * token colours of both modes to every page and keeps Prism and its settings out of the
 * bundles. The theme's client module that loads Prism's languages on every page becomes
 * an empty one, and the bundles import a copy of the site config without
 * `themeConfig.prism`, which they would carry unread.
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
    async allContentLoaded() {
      const siteConfig = JSON.stringify(withoutPrism(context.siteConfig), null, 2);
      await generate(context.generatedFilesDir, BROWSER_SITE_CONFIG, `export default ${siteConfig};\n`);
    },
    // The copy must stay Docusaurus's own module less `prism`: a change in how Docusaurus
    // writes it stops the build rather than giving the bundles a config of another shape.
    async postBuild() {
      const own = path.join(context.generatedFilesDir, 'docusaurus.config.mjs');
      const theirs = await readFile(own, 'utf8');
      const copy = await readFile(path.join(context.generatedFilesDir, BROWSER_SITE_CONFIG), 'utf8');
      const expected = exportedObject(theirs) as DocusaurusConfig | undefined;
      if (!expected || !isDeepStrictEqual(withoutPrism(expected), exportedObject(copy))) {
        throw new Error(
          `[code-highlight] ${own} is not the config module this plugin copies without themeConfig.prism`,
        );
      }
    },
    configureWebpack(_config, _isServer, { currentBundler }) {
      const { NormalModuleReplacementPlugin } = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(
            /theme-classic[\\/]lib[\\/]prism-include-languages\.js$/,
            path.join(__dirname, 'no-browser-prism.ts'),
          ),
          new NormalModuleReplacementPlugin(
            SITE_CONFIG_REQUEST,
            path.join(context.generatedFilesDir, BROWSER_SITE_CONFIG),
          ),
        ],
      };
    },
  };
}
