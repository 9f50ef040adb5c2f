import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { createCodeHighlighter, type CodeHighlightOptions } from './highlight';

export type { CodeHighlightOptions } from './highlight';
export { remarkCodeHighlight } from './remark';
export { remarkCurlTryIt } from './curl';

/** A Prism theme as prism-react-renderer writes one: the plain colours and a style per token type. */
const themeSchema = Joi.object({
  plain: Joi.object().required(),
  styles: Joi.array()
    .items(
      Joi.object({
        types: Joi.array().items(Joi.string()).required(),
        style: Joi.object().required(),
        languages: Joi.array().items(Joi.string()),
      }),
    )
    .required(),
});

/** What the plugin and the remark step take, as `CodeHighlightOptions` says. */
export const codeHighlightSchema = Joi.object<CodeHighlightOptions>({
  themes: Joi.object({ light: themeSchema.required(), dark: themeSchema.required() }).required(),
  grammars: Joi.array().items(Joi.string()).default([]),
  magicComments: Joi.array().items(
    Joi.object({
      className: Joi.string().required(),
      line: Joi.string(),
      block: Joi.object({ start: Joi.string().required(), end: Joi.string().required() }),
    }).or('line', 'block'),
  ),
});

export function validateOptions({
  validate,
  options,
}: OptionValidationContext<CodeHighlightOptions, CodeHighlightOptions>): CodeHighlightOptions {
  return validate(codeHighlightSchema, options);
}

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
