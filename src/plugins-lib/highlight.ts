import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { normalizeTokens, Prism, type PrismTheme, type Token } from 'prism-react-renderer';

import type { CodeToken, HighlightedCode } from '../shared/highlighted-code';
import { codeBlockRules, readPrismConfig } from './prism-settings';

/**
 * Code highlighting when the site is built, so that no highlighter ships to the browser:
 * the tokens, lines and classes of the theme's code block (same Prism build and grammars),
 * coloured by a stylesheet per mode rather than inline styles, so both modes show from
 * the first paint.
 */

const require = createRequire(import.meta.url);

interface PrismComponent {
  alias?: string | string[];
  require?: string | string[];
}

const prismComponents = (require('prismjs/components.json') as { languages: Record<string, PrismComponent> }).languages;

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** A grammar's component names, after the components it extends. */
export function grammarComponents(name: string): string[] {
  const component = prismComponents[name];
  if (!component) {
    throw new Error(`code-highlight: "${name}" is not one of Prism's language components (prismjs/components.json)`);
  }
  return [...asList(component.require).flatMap(grammarComponents), name];
}

/**
 * The languages prism-react-renderer's Prism comes with. Every copy of this module
 * (Docusaurus loads the config's imports and each plugin's apart) shares that Prism, so
 * the first copy keeps the set on it for the others.
 */
const BUILT_IN = Symbol.for('code-highlight: built-in languages');
const BUILT_IN_LANGUAGES: ReadonlySet<string> = ((Prism as unknown as Record<symbol, ReadonlySet<string>>)[BUILT_IN] ??=
  new Set(Object.keys(Prism.languages)));

/**
 * Adds a grammar and those it extends to that Prism, as `prism-include-languages` does in
 * the browser, and returns the language names it gives (with aliases). Each component file
 * runs with the instance as its `Prism` in scope, so nothing goes on the global object.
 */
function loadGrammar(name: string): string[] {
  return grammarComponents(name).flatMap((component) => {
    if (Prism.languages[component] === undefined) {
      const source = readFileSync(require.resolve(`prismjs/components/prism-${component}.js`), 'utf8');
      new Function('Prism', source)(Prism);
    }
    return [component, ...asList(prismComponents[component]?.alias)];
  });
}

type Declarations = Record<string, string | number>;

const cssProperty = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const declarationsOf = (style: Declarations): string =>
  Object.entries(style)
    .map(([property, value]) => `${cssProperty(property)}:${value}`)
    .join(';');

/**
 * One mode's colours. A Prism theme gives a token its types' styles merged in the token's
 * order: for each property, the last type that sets it wins. The stylesheet gives each
 * type its rule, in the theme's order, so in CSS the type whose rule comes last wins. The
 * two agree for nearly every token; a token for which they differ also gets a class per
 * declaration of its merged style, whose rules come after the types' and so win.
 */
function colourMode(theme: PrismTheme, prefix: string, mode: string) {
  const byType = new Map<string, Declarations>();
  for (const entry of theme.styles) {
    if (entry.languages) {
      throw new Error(
        `code-highlight: the ${mode} code theme gives some languages their own colours, which is not supported`,
      );
    }
    for (const type of entry.types) {
      if (!/^[a-z][\w-]*$/i.test(type)) {
        throw new Error(`code-highlight: the ${mode} code theme names a token type "${type}" that is not a class name`);
      }
      byType.set(type, { ...byType.get(type), ...(entry.style as Declarations) });
    }
  }
  const order = [...byType.keys()];
  const overrides = [
    ...new Set(
      [...byType.values()].flatMap((style) =>
        Object.entries(style).map(([property, value]) => declarationsOf({ [property]: value })),
      ),
    ),
  ];
  return {
    /** The classes a token of these types needs beyond its types' own, for its colours in this mode. */
    classesOf(types: readonly string[]): string[] {
      const styled = types.filter((type) => byType.has(type));
      const merged = Object.assign({}, ...styled.map((type) => byType.get(type))) as Declarations;
      const cascaded = Object.assign(
        {},
        ...[...styled].sort((a, b) => order.indexOf(a) - order.indexOf(b)).map((type) => byType.get(type)),
      ) as Declarations;
      if (declarationsOf(merged) === declarationsOf({ ...merged, ...cascaded })) {
        return [];
      }
      return Object.entries(merged).map(
        ([property, value]) => `${prefix}${overrides.indexOf(declarationsOf({ [property]: value }))}`,
      );
    },
    css: (selector: string) =>
      [
        `${selector}{--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor}}`,
        ...order.map((type) => `${selector} .token.${type}{${declarationsOf(byType.get(type) ?? {})}}`),
        ...overrides.map((declaration, index) => `${selector} .token.${prefix}${index}{${declaration}}`),
      ].join('\n'),
  };
}

export type CodeHighlighter = ReturnType<typeof createCodeHighlighter>;

/**
 * A highlighter with the site's `themeConfig.prism`: the dark mode takes `darkTheme`, else
 * `theme`, as the theme's code block does; the languages are Prism's and `additionalLanguages`.
 */
export function createCodeHighlighter(prism: unknown) {
  const config = readPrismConfig(prism);
  const languages = new Set([...BUILT_IN_LANGUAGES, ...config.additionalLanguages.flatMap(loadGrammar)]);
  const light = colourMode(config.theme, 'cl', 'light');
  const dark = colourMode(config.darkTheme ?? config.theme, 'cd', 'dark');
  const { createCodeBlockMetadata } = codeBlockRules();

  const toToken = ({ types, content }: Token): CodeToken =>
    types.length === 1 && types[0] === 'plain'
      ? content
      : [[...types, ...light.classesOf(types), ...dark.classesOf(types)].join(' '), content];

  return {
    /** `language`: after the fence (none: the default language, else plain text); `metastring`: the rest of its line. */
    highlight(code: string, input: { language?: string; metastring?: string } = {}): HighlightedCode {
      const block = createCodeBlockMetadata({
        code,
        className: undefined,
        language: input.language,
        defaultLanguage: config.defaultLanguage,
        metastring: input.metastring,
        magicComments: config.magicComments,
        title: undefined,
        showLineNumbers: undefined,
      });
      const { language } = block;
      const found: unknown = languages.has(language) ? Prism.languages[language] : undefined;
      const grammar = typeof found === 'object' && found !== null ? (found as Prism.Grammar) : undefined;
      // Prism's tokenize hooks run around the grammar, as prism-react-renderer runs them, so the tokens match the theme's.
      const env = { code: block.code, grammar, language, tokens: [block.code] as (string | Prism.Token)[] };
      if (grammar) {
        Prism.hooks.run('before-tokenize', env);
        env.tokens = Prism.tokenize(env.code, grammar);
        Prism.hooks.run('after-tokenize', env);
      }
      const lines = normalizeTokens(env.tokens).map((line) =>
        line.filter((token) => token.content !== '' && !token.empty).map(toToken),
      );
      const lineClassNames = Object.fromEntries(
        Object.entries(block.lineClassNames)
          .filter(([index]) => Number(index) < lines.length)
          .map(([index, names]) => [index, [...new Set(names)].join(' ')]),
      );
      return {
        language,
        lines,
        ...(Object.keys(lineClassNames).length > 0 ? { lineClassNames } : {}),
        ...(typeof block.title === 'string' && block.title !== '' ? { title: block.title } : {}),
        ...(block.lineNumbersStart !== undefined ? { lineNumbersStart: block.lineNumbersStart } : {}),
      };
    },
    /** The colours of both modes, for every class `highlight` can give a token. */
    stylesheet: [light.css(":root[data-theme='light']"), dark.css(":root[data-theme='dark']")].join('\n'),
  };
}
