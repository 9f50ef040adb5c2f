import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

import { normalizeTokens, Prism, type PrismTheme, type Token } from 'prism-react-renderer';

import type { CodeToken, HighlightedCode } from '../../shared/highlighted-code';

/**
 * Code highlighting when the site is built, so that no highlighter ships to the browser.
 *
 * The tokens are Prism's, from the same Prism build and grammars the theme's code block
 * highlighted with in the browser, split into lines the way that code block split them,
 * with the same classes. The colours come from a stylesheet written from the code
 * themes, a rule per token type and colour mode (see `colourMode`), rather than from
 * inline styles: a reader sees the same colours, in both modes, from the first paint
 * and without JavaScript.
 */

const require = createRequire(import.meta.url);

interface CodeThemes {
  light: PrismTheme;
  dark: PrismTheme;
}

/** A magic comment: a comment line that marks the next line, or a block of lines, with a class. */
interface MagicComment {
  className: string;
  line?: string;
  block?: { start: string; end: string };
}

// A type rather than an interface: Docusaurus takes it as a plugin's options object.
export type CodeHighlightOptions = {
  themes: CodeThemes;
  /** Prism component names (`prismjs/components.json`) to highlight beyond the set Prism comes with here. */
  grammars: readonly string[];
  /** The theme's default: `highlight-next-line`, and `highlight-start` to `highlight-end`. */
  magicComments?: readonly MagicComment[];
};

interface CodeBlockInput {
  /** The language after the opening fence (or the `language` prop); none means plain text. */
  language?: string;
  /** The rest of the fence's line: `title="…"`, `{1,3-4}`, `showLineNumbers`. */
  metastring?: string;
  title?: string;
  showLineNumbers?: boolean | number;
}

const DEFAULT_MAGIC_COMMENTS: readonly MagicComment[] = [
  {
    className: 'theme-code-block-highlighted-line',
    line: 'highlight-next-line',
    block: { start: 'highlight-start', end: 'highlight-end' },
  },
];

// ---------------------------------------------------------------------------
// Grammars

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
 * Adds a grammar to the Prism instance the tokens come from. Prism's component files
 * extend a `Prism` in scope; each runs with that instance as its `Prism`, so nothing is
 * put on the global object. A component the instance already has is not run again.
 */
function loadGrammar(name: string): void {
  for (const component of grammarComponents(name)) {
    if (Prism.languages[component] !== undefined) {
      continue;
    }
    const source = readFileSync(require.resolve(`prismjs/components/prism-${component}.js`), 'utf8');
    new Function('Prism', source)(Prism);
  }
}

// ---------------------------------------------------------------------------
// Colours

type Declarations = Record<string, string | number>;

const cssProperty = (name: string): string => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
const declarationsOf = (style: Declarations): string =>
  Object.entries(style)
    .map(([property, value]) => `${cssProperty(property)}:${value}`)
    .join(';');

interface ColourMode {
  /** The classes a token of these types needs beyond its types' own, for its colours in this mode. */
  classesOf: (types: readonly string[]) => string[];
  css: (selector: string) => string;
}

/**
 * One mode's colours. In the browser's highlighter a token's style was its types' styles
 * merged in the token's order: for each property, the last type that sets it wins. The
 * stylesheet gives each type its rule, in the theme's order, so in CSS the type whose
 * rule comes last wins instead. The two agree for nearly every token; a token for which
 * they differ also gets a class per declaration of its merged style, whose rules come
 * after the types' and so win.
 */
function colourMode(theme: PrismTheme, prefix: string, mode: string): ColourMode {
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
  const overrides: string[] = [];
  for (const style of byType.values()) {
    for (const [property, value] of Object.entries(style)) {
      const declaration = declarationsOf({ [property]: value });
      if (!overrides.includes(declaration)) {
        overrides.push(declaration);
      }
    }
  }
  return {
    classesOf(types) {
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
    css: (selector) =>
      [
        `${selector}{--prism-color:${theme.plain.color};--prism-background-color:${theme.plain.backgroundColor}}`,
        ...order.map((type) => `${selector} .token.${type}{${declarationsOf(byType.get(type) ?? {})}}`),
        ...overrides.map((declaration, index) => `${selector} .token.${prefix}${index}{${declaration}}`),
      ].join('\n'),
  };
}

// ---------------------------------------------------------------------------
// Metastring and magic comments

const TITLE = /title=(["'])(.*?)\1/;
const LINE_RANGE = /\{([\d,\s-]+)\}/;

/** `1,3-5` as line indexes from 0: 0, 2, 3, 4. */
function parseRange(range: string): number[] {
  return range
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .flatMap((part) => {
      const [from, to = from] = part.split('-').map((end) => Number.parseInt(end, 10));
      if (from === undefined || to === undefined || !Number.isInteger(from) || !Number.isInteger(to) || to < from) {
        throw new Error(`code-highlight: "{${range}}" is not a line range`);
      }
      return Array.from({ length: to - from + 1 }, (_, offset) => from + offset - 1);
    })
    .filter((index) => index >= 0);
}

function lineNumbersStart(input: CodeBlockInput): number | undefined {
  if (typeof input.showLineNumbers === 'number') {
    return input.showLineNumbers;
  }
  if (typeof input.showLineNumbers === 'boolean') {
    return input.showLineNumbers ? 1 : undefined;
  }
  const word = input.metastring?.split(/\s+/).find((part) => part.startsWith('showLineNumbers'));
  if (word === undefined) {
    return undefined;
  }
  const start = word.startsWith('showLineNumbers=') ? Number.parseInt(word.slice('showLineNumbers='.length), 10) : 1;
  if (!Number.isInteger(start)) {
    throw new Error(`code-highlight: "${word}" does not give a first line number`);
  }
  return start;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The comment syntaxes a language's magic comments are written in: [opening, closing]. */
const COMMENTS = {
  line: ['//', ''],
  block: ['/*', '*/'],
  jsx: ['{/*', '*/}'],
  hash: ['#', ''],
  html: ['<!--', '-->'],
} as const satisfies Record<string, readonly [string, string]>;
type CommentStyle = keyof typeof COMMENTS;

function commentStyles(language: string): CommentStyle[] {
  if (
    ['bash', 'sh', 'shell', 'zsh', 'python', 'py', 'docker', 'dockerfile', 'yaml', 'yml', 'toml'].includes(language)
  ) {
    return ['hash'];
  }
  if (['js', 'javascript', 'ts', 'typescript', 'json', 'cue', 'go', 'rust', 'c', 'cpp', 'java'].includes(language)) {
    return ['line', 'block'];
  }
  if (['jsx', 'tsx'].includes(language)) {
    return ['line', 'block', 'jsx'];
  }
  if (['html', 'markup', 'xml'].includes(language)) {
    return ['html'];
  }
  return ['line', 'block', 'jsx', 'hash', 'html'];
}

/** Removes the magic comment lines and returns the classes they give the remaining lines. */
function applyMagicComments(
  lines: string[],
  language: string,
  magicComments: readonly MagicComment[],
): { lines: string[]; lineClassNames: Record<number, string[]> } {
  const directives = magicComments.flatMap((comment) =>
    [comment.line, comment.block?.start, comment.block?.end].filter((word) => word !== undefined),
  );
  if (directives.length === 0) {
    return { lines, lineClassNames: {} };
  }
  const words = directives.map(escapeRegExp).join('|');
  const pattern = new RegExp(
    `^\\s*(?:${commentStyles(language)
      .map((style) => `${escapeRegExp(COMMENTS[style][0])}\\s*(${words})\\s*${escapeRegExp(COMMENTS[style][1])}`)
      .join('|')})\\s*$`,
  );
  const kept: string[] = [];
  const lineClassNames: Record<number, string[]> = {};
  const mark = (index: number, className: string) => {
    (lineClassNames[index] ??= []).push(className);
  };
  const open = new Map<string, number>();
  const next = new Set<string>();
  for (const line of lines) {
    const directive = pattern
      .exec(line)
      ?.slice(1)
      .find((group) => group !== undefined);
    const comment = magicComments.find(
      (entry) => entry.line === directive || entry.block?.start === directive || entry.block?.end === directive,
    );
    if (directive === undefined || comment === undefined) {
      for (const className of next) {
        mark(kept.length, className);
      }
      next.clear();
      for (const className of open.keys()) {
        mark(kept.length, className);
      }
      kept.push(line);
    } else if (comment.line === directive) {
      next.add(comment.className);
    } else if (comment.block?.start === directive) {
      open.set(comment.className, kept.length);
    } else {
      open.delete(comment.className);
    }
  }
  return { lines: kept, lineClassNames };
}

// ---------------------------------------------------------------------------
// The highlighter

export interface CodeHighlighter {
  highlight: (code: string, input?: CodeBlockInput) => HighlightedCode;
  /** The colours of both modes, for every class `highlight` can give a token. */
  stylesheet: string;
}

export function createCodeHighlighter({
  themes,
  grammars,
  magicComments = DEFAULT_MAGIC_COMMENTS,
}: CodeHighlightOptions): CodeHighlighter {
  for (const name of grammars) {
    loadGrammar(name);
  }
  const light = colourMode(themes.light, 'cl', 'light');
  const dark = colourMode(themes.dark, 'cd', 'dark');

  const toToken = (token: Token): CodeToken => {
    const classes = [...light.classesOf(token.types), ...dark.classesOf(token.types)];
    if (token.types.length === 1 && token.types[0] === 'plain') {
      return token.content;
    }
    return [[...token.types, ...classes].join(' '), token.content];
  };

  return {
    highlight(code, input = {}) {
      const language = (input.language || 'text').toLowerCase();
      const metastring = input.metastring ?? '';
      // The last line break ends the code rather than adding an empty line.
      const sourceLines = code.replace(/\r?\n$/, '').split(/\r?\n/);
      const range = LINE_RANGE.exec(metastring)?.[1];
      let lines = sourceLines;
      let classNames: Record<number, string[]> = {};
      if (range !== undefined) {
        const className = magicComments[0]?.className;
        if (className === undefined) {
          throw new Error(`code-highlight: a line range ({${range}}) needs a magic comment's class to mark lines with`);
        }
        classNames = Object.fromEntries(parseRange(range).map((index) => [index, [className]]));
      } else {
        ({ lines, lineClassNames: classNames } = applyMagicComments(sourceLines, language, magicComments));
      }
      const text = lines.join('\n');
      const found: unknown = Prism.languages[language];
      const grammar = typeof found === 'object' && found !== null ? (found as Prism.Grammar) : undefined;
      // As the browser's highlighter did: Prism's tokenize hooks run around the grammar.
      const env = { code: text, grammar, language, tokens: [] as (string | Prism.Token)[] };
      if (grammar) {
        Prism.hooks.run('before-tokenize', env);
        env.tokens = Prism.tokenize(env.code, grammar);
        Prism.hooks.run('after-tokenize', env);
      }
      const tokens = grammar ? env.tokens : [text];
      const highlighted: HighlightedCode = {
        language,
        lines: normalizeTokens(tokens).map((line) =>
          line.filter((token) => token.content !== '' && !token.empty).map(toToken),
        ),
      };
      const lineClassNames = Object.entries(classNames).filter(([index]) => Number(index) < highlighted.lines.length);
      if (lineClassNames.length > 0) {
        highlighted.lineClassNames = Object.fromEntries(
          lineClassNames.map(([index, names]) => [index, [...new Set(names)].join(' ')]),
        );
      }
      const title = input.title ?? TITLE.exec(metastring)?.[2];
      if (title) {
        highlighted.title = title;
      }
      const start = lineNumbersStart(input);
      if (start !== undefined) {
        highlighted.lineNumbersStart = start;
      }
      return highlighted;
    },
    stylesheet: [light.css(":root[data-theme='light']"), dark.css(":root[data-theme='dark']")].join('\n'),
  };
}
