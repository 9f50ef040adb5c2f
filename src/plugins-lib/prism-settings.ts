import { createRequire } from 'node:module';
import path from 'node:path';

import type { ThemeConfig } from '@docusaurus/theme-common';
import type * as ThemeInternal from '@docusaurus/theme-common/internal';
import { ThemeConfigSchema } from '@docusaurus/theme-classic/lib/options';
import { buildSync } from 'esbuild';

/**
 * The classic theme's own rules for code blocks, so that a block reads as in any
 * Docusaurus site: `themeConfig.prism`, and how a metastring and magic comments become
 * a title, numbered lines and marked lines.
 */

const require = createRequire(import.meta.url);

/** `themeConfig.prism`, as the theme holds it once it has read it. */
type PrismConfig = ThemeConfig['prism'];

/** `themeConfig.prism` as a site writes it: the settings not given take the theme's defaults. */
export type PrismSettings = Partial<PrismConfig>;

const prismSchema = ThemeConfigSchema.extract('prism');

/**
 * `themeConfig.prism` read with the theme's own schema, defaults and lowercase language
 * names. A wrong setting stops the build, named as the theme names it.
 */
export function readPrismConfig(prism: unknown): PrismConfig {
  const { value, error } = prismSchema.validate(prism);
  if (error) {
    throw new Error(`code-highlight: themeConfig.prism: ${error.message}`);
  }
  return value as PrismConfig;
}

type CodeBlockRules = Pick<typeof ThemeInternal, 'createCodeBlockMetadata' | 'parseCodeBlockTitle'>;

let rules: CodeBlockRules | undefined;

/**
 * The theme's code block rules, from `@docusaurus/theme-common/internal` as its code block
 * imports them. That entry holds browser modules (JSX, CSS) Node cannot load, so esbuild
 * bundles the two functions, once per process; the package's modules are free of side
 * effects, so only `codeBlockUtils` remains, its own imports left as requires.
 */
export function codeBlockRules(): CodeBlockRules {
  if (rules === undefined) {
    const entry = require.resolve('@docusaurus/theme-common/internal');
    const names: (keyof CodeBlockRules)[] = ['createCodeBlockMetadata', 'parseCodeBlockTitle'];
    const [bundle] = buildSync({
      stdin: {
        contents: `export { ${names.join(', ')} } from ${JSON.stringify(entry)};`,
        resolveDir: path.dirname(entry),
      },
      bundle: true,
      platform: 'node',
      format: 'cjs',
      packages: 'external',
      jsx: 'automatic',
      loader: { '.js': 'jsx', '.css': 'empty', '.module.css': 'empty' },
      write: false,
      logLevel: 'silent',
    }).outputFiles;
    const module = { exports: {} as Partial<CodeBlockRules> };
    new Function('module', 'exports', 'require', bundle?.text ?? '')(module, module.exports, createRequire(entry));
    const missing = names.filter((name) => typeof module.exports[name] !== 'function');
    if (missing.length > 0) {
      throw new Error(`code-highlight: @docusaurus/theme-common/internal does not export ${missing.join(', ')}`);
    }
    rules = module.exports as CodeBlockRules;
  }
  return rules;
}
