import { createRequire } from 'node:module';
import path from 'node:path';

import type { ThemeConfig } from '@docusaurus/theme-common';
import type * as ThemeInternal from '@docusaurus/theme-common/internal';
import { ThemeConfigSchema } from '@docusaurus/theme-classic/lib/options';
import { buildSync } from 'esbuild';

/**
 * What Docusaurus's classic theme decides about code blocks, taken from the theme's own
 * modules so that a block here reads as it would in any Docusaurus site: the settings
 * of `themeConfig.prism`, and how a block's metastring and magic comments become its
 * title, numbered lines and marked lines.
 */

const require = createRequire(import.meta.url);

/** `themeConfig.prism`, as the theme holds it once it has read it. */
type PrismConfig = ThemeConfig['prism'];

/** `themeConfig.prism` as a site writes it: the settings not given take the theme's defaults. */
export type PrismSettings = Partial<PrismConfig>;

const prismSchema = ThemeConfigSchema.extract('prism');

/**
 * `themeConfig.prism` read with the theme's own schema: its defaults (the palenight
 * theme, no additional languages, the `highlight-next-line` and `highlight-start` to
 * `highlight-end` magic comments) and language names in lowercase. A wrong setting
 * stops the build, named as the theme names it.
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
 * The theme's code block rules, from `@docusaurus/theme-common/internal`, the entry the
 * theme's own code block imports them from. The package ships browser modules (JSX,
 * CSS imports, the bundler's `@docusaurus/*` aliases) that Node cannot load, so esbuild
 * bundles the two functions from that entry, once per process: the package marks its
 * modules free of side effects, which leaves `codeBlockUtils` alone, and its imports
 * (react, clsx, parse-numeric-range) stay requires that resolve from the package.
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
