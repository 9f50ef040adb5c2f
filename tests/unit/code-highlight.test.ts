import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { LoadContext } from '@docusaurus/types';

import { Highlight, themes, type PrismTheme, type Token } from 'prism-react-renderer';
import { createElement, Fragment, type CSSProperties } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it, vi } from 'vitest';

import { generateFiles } from '@site/src/plugins/api-reference/generate';
import { loadApiReference } from '@site/src/plugins/api-reference/index';
import type { ApiOperationPage } from '@site/src/shared/api-types';
import codeHighlightPlugin from '@site/src/plugins/code-highlight';
import { createCodeHighlighter, grammarComponents } from '@site/src/plugins-lib/highlight';
import { remarkCodeHighlight } from '@site/src/plugins/code-highlight/remark';
import type { PrismSettings } from '@site/src/plugins-lib/prism-settings';
import { codeText, tokenText, type HighlightedCode } from '@site/src/shared/highlighted-code';
import { darkCodeTheme, lightCodeTheme } from '@site/src/site/codeThemes';

/** The site's `themeConfig.prism`. */
const prism = { theme: lightCodeTheme, darkTheme: darkCodeTheme, additionalLanguages: ['cue', 'docker'] };
const highlighter = createCodeHighlighter(prism);

/** The stylesheet's token rules for a mode, in order: the class each needs beside `token`, and its declarations. */
function stylesheetRules(mode: 'light' | 'dark'): [string, Record<string, string>][] {
  const pattern = new RegExp(`^:root\\[data-theme='${mode}'\\] \\.token\\.([\\w-]+)\\{(.+)\\}$`);
  return highlighter.stylesheet.split('\n').flatMap((line) => {
    const match = pattern.exec(line);
    if (!match) {
      return [];
    }
    const declarations = (match[2] ?? '').split(';').map((declaration) => declaration.split(':'));
    return [[match[1] ?? '', Object.fromEntries(declarations)] as [string, Record<string, string>]];
  });
}

const cssName = (property: string) => property.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/** The declarations prism-react-renderer put on a token's `style` in the browser. */
function inlineStyle(style: CSSProperties | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(style ?? {})
      .filter(([property, value]) => value !== undefined && property !== 'display')
      .map(([property, value]) => [cssName(property), String(value)]),
  );
}

/** What the browser's highlighter rendered: each line's tokens, with their text, classes and style. */
function browserRendering(code: string, language: string, theme: PrismTheme) {
  let lines: { text: string; className: string; style: Record<string, string> }[][] = [];
  renderToStaticMarkup(
    // eslint-disable-next-line react/no-children-prop -- Highlight takes its render function as a prop
    createElement(Highlight, {
      code: code.replace(/\r?\n$/, ''),
      language,
      theme,
      children: ({ tokens, getTokenProps }) => {
        lines = tokens.map((line: Token[]) =>
          line
            .filter((token) => token.content !== '' && !token.empty)
            .map((token) => {
              const props = getTokenProps({ token });
              return { text: token.content, className: String(props.className), style: inlineStyle(props.style) };
            }),
        );
        return createElement(Fragment);
      },
    }),
  );
  return lines;
}

/** The same, from the build-time tokens and the stylesheet's classes. */
function builtRendering(highlighted: HighlightedCode, mode: 'light' | 'dark') {
  const rules = stylesheetRules(mode);
  return highlighted.lines.map((line) =>
    line.map((token) => {
      const classes = typeof token === 'string' ? ['plain'] : token[0].split(' ');
      // The cascade: of the rules that match, a later one wins.
      const style = Object.assign(
        {},
        ...rules.filter(([name]) => classes.includes(name)).map(([, rule]) => rule),
      ) as Record<string, string>;
      const types = classes.filter((name) => !/^c[ld]\d+$/.test(name));
      return { text: tokenText(token), className: ['token', ...types].join(' '), style };
    }),
  );
}

/** Every fenced code block in the docs, with its language. */
function docsCodeBlocks(): { file: string; language: string; code: string }[] {
  const files = readdirSync('docs', { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.mdx'));
  return files.flatMap((file) =>
    [...readFileSync(path.join('docs', file), 'utf8').matchAll(/^ *```(\w*)[^\n]*\n([\s\S]*?)^ *```$/gm)].map(
      (match) => ({ file, language: match[1] || 'text', code: match[2] ?? '' }),
    ),
  );
}

/** The API reference's code samples and its JSON examples. */
const { reference } = await loadApiReference({ siteDir: process.cwd(), baseUrl: '/' }, 'openapi/rubra.yaml', 'api');
const apiCode = reference.pages.flatMap((page) => [
  ...page.samples.map((sample) => ({
    file: `${page.pageId} ${sample.id}`,
    language: sample.language,
    code: sample.code,
  })),
  ...page.responses.flatMap((response) =>
    response.example === undefined
      ? []
      : [{ file: `${page.pageId} ${response.status}`, language: 'json', code: response.example }],
  ),
]);

const samples = [
  ...docsCodeBlocks(),
  ...apiCode,
  { file: 'sample.js', language: 'javascript', code: "import OpenAI from 'openai';\nconst run = async () => 1;\n" },
  { file: 'sample.py', language: 'python', code: 'from openai import OpenAI\nclient = OpenAI(base_url="x")\n' },
  { file: 'sample.cue', language: 'cue', code: 'package x\n\nname: string | *"rubra"\n' },
];

describe('build-time highlighting', () => {
  it('finds the docs code blocks, Dockerfile included', () => {
    expect(samples.length).toBeGreaterThan(20);
    expect(samples.some((sample) => sample.language === 'docker')).toBe(true);
  });

  it.each(samples.map((sample) => [`${sample.file} (${sample.language})`, sample] as const))(
    'gives %s the tokens, classes and colours of the browser highlighter, in both modes',
    (_name, sample) => {
      const highlighted = highlighter.highlight(sample.code, { language: sample.language });
      expect(builtRendering(highlighted, 'light')).toEqual(
        browserRendering(sample.code, sample.language, lightCodeTheme),
      );
      expect(builtRendering(highlighted, 'dark')).toEqual(
        browserRendering(sample.code, sample.language, darkCodeTheme),
      );
      expect(codeText(highlighted)).toBe(sample.code.replace(/\n$/, ''));
    },
  );

  it('shows a language without a grammar as plain text', () => {
    const highlighted = highlighter.highlight('make LLAMA_CUDA=1\n\nls', { language: 'Bash' });
    expect(highlighted).toEqual({ language: 'bash', lines: [['make LLAMA_CUDA=1'], [], ['ls']] });
    expect(highlighter.highlight('x').language).toBe('text');
  });

  it('reads the title and the numbered lines from the metastring, as the theme does', () => {
    const highlighted = highlighter.highlight('a\nb', {
      language: 'text',
      metastring: 'title="run.sh" showLineNumbers=5',
    });
    expect(highlighted.title).toBe('run.sh');
    expect(highlighted.lineNumbersStart).toBe(5);
    const plain = highlighter.highlight('a', { metastring: "title='x' showLineNumbers" });
    expect(plain).toMatchObject({ title: 'x', lineNumbersStart: 1 });
    expect(highlighter.highlight('a', { metastring: '{1}' })).not.toHaveProperty('lineNumbersStart');
    expect(highlighter.highlight('a', { metastring: '{1}' })).not.toHaveProperty('title');
  });

  it('marks the lines of a line range, and none past the last line', () => {
    const highlighted = highlighter.highlight('a\nb\nc\nd', { language: 'text', metastring: '{1,3-4,9}' });
    expect(highlighted.lineClassNames).toEqual({
      0: 'theme-code-block-highlighted-line',
      2: 'theme-code-block-highlighted-line',
      3: 'theme-code-block-highlighted-line',
    });
    expect(codeText(highlighted)).toBe('a\nb\nc\nd');
  });

  it('marks the lines that the default magic comments name, and drops the comments from the code', () => {
    const code = [
      'one',
      '# highlight-next-line',
      'two',
      'three',
      '# highlight-start',
      'four',
      'five',
      '# highlight-end',
      'six',
    ].join('\n');
    const highlighted = highlighter.highlight(code, { language: 'bash' });
    expect(codeText(highlighted)).toBe('one\ntwo\nthree\nfour\nfive\nsix');
    expect(highlighted.lineClassNames).toEqual({
      1: 'theme-code-block-highlighted-line',
      3: 'theme-code-block-highlighted-line',
      4: 'theme-code-block-highlighted-line',
    });
    // A `//` comment is code in Python, not a magic comment.
    expect(codeText(highlighter.highlight('// highlight-next-line\nx', { language: 'python' }))).toBe(
      '// highlight-next-line\nx',
    );
    expect(codeText(highlighter.highlight('// highlight-next-line\nx', { language: 'js' }))).toBe('x');
    expect(codeText(highlighter.highlight('{/* highlight-next-line */}\n<a />', { language: 'jsx' }))).toBe('<a />');
  });

  it.each([
    ['sql', '-- highlight-next-line', '# highlight-next-line'],
    ['lua', '-- highlight-next-line', '// highlight-next-line'],
    ['haskell', '-- highlight-next-line', '# highlight-next-line'],
    ['latex', '% highlight-next-line', '# highlight-next-line'],
    ['wasm', ';; highlight-next-line', '-- highlight-next-line'],
  ])('reads magic comments in %s as the theme does: %s, and not %s', (language, comment, notComment) => {
    const highlighted = highlighter.highlight(`select 1\n${comment}\nselect 2`, { language });
    expect(codeText(highlighted)).toBe('select 1\nselect 2');
    expect(highlighted.lineClassNames).toEqual({ 1: 'theme-code-block-highlighted-line' });
    expect(codeText(highlighter.highlight(`${notComment}\nx`, { language }))).toBe(`${notComment}\nx`);
  });

  it('marks lines with the magic comments that themeConfig.prism.magicComments adds', () => {
    const withErrors = createCodeHighlighter({
      ...prism,
      magicComments: [
        {
          className: 'theme-code-block-highlighted-line',
          line: 'highlight-next-line',
          block: { start: 'highlight-start', end: 'highlight-end' },
        },
        {
          className: 'code-block-error-line',
          line: 'error-next-line',
          block: { start: 'error-start', end: 'error-end' },
        },
      ],
    });
    const code = [
      '// error-next-line',
      'a();',
      '// highlight-next-line',
      'b();',
      '/* error-start */',
      'c();',
      'd();',
      '/* error-end */',
    ];
    const highlighted = withErrors.highlight(code.join('\n'), { language: 'js' });
    expect(codeText(highlighted)).toBe('a();\nb();\nc();\nd();');
    expect(highlighted.lineClassNames).toEqual({
      0: 'code-block-error-line',
      1: 'theme-code-block-highlighted-line',
      2: 'code-block-error-line',
      3: 'code-block-error-line',
    });
    // The site's own settings do not know the added comment: it stays in the code.
    expect(codeText(highlighter.highlight('// error-next-line\na();', { language: 'js' }))).toBe(
      '// error-next-line\na();',
    );
  });

  it('highlights the extra grammars and their aliases', () => {
    const dockerfile = highlighter.highlight('FROM python:3.11\nRUN pip install x', { language: 'dockerfile' });
    expect(dockerfile.lines[0]?.[0]).toEqual(['instruction keyword', 'FROM']);
  });

  it('highlights the extra grammars in each copy of the module, all of which share one Prism', async () => {
    vi.resetModules();
    const copy = await import('@site/src/plugins-lib/highlight');
    expect(copy.createCodeHighlighter).not.toBe(createCodeHighlighter);
    const dockerfile = copy.createCodeHighlighter(prism).highlight('FROM python:3.11', { language: 'dockerfile' });
    expect(dockerfile.lines[0]?.[0]).toEqual(['instruction keyword', 'FROM']);
    const withLua = createCodeHighlighter({ ...prism, additionalLanguages: ['lua'] });
    expect(withLua.highlight('local x', { language: 'lua' }).lines[0]?.[0]).toEqual(['keyword', 'local']);
    expect(copy.createCodeHighlighter(prism).highlight('local x', { language: 'lua' }).lines).toEqual([['local x']]);
  });

  it('highlights a language of additionalLanguages only where it is configured', () => {
    const lua = 'local x = 1\nreturn x';
    const withLua = createCodeHighlighter({ ...prism, additionalLanguages: [...prism.additionalLanguages, 'Lua'] });
    expect(withLua.highlight(lua, { language: 'lua' }).lines[0]?.[0]).toEqual(['keyword', 'local']);
    // Prism has the grammar now, but the site's settings do not name it.
    expect(highlighter.highlight(lua, { language: 'lua' }).lines).toEqual([['local x = 1'], ['return x']]);
  });

  it('highlights a block that names no language in defaultLanguage, else as plain text', () => {
    const python = createCodeHighlighter({ ...prism, defaultLanguage: 'Python' });
    expect(python.highlight('import os').lines[0]?.[0]).toEqual(['keyword', 'import']);
    expect(python.highlight('import os').language).toBe('python');
    expect(highlighter.highlight('import os')).toEqual({ language: 'text', lines: [['import os']] });
  });

  it('takes the theme when no dark theme is set, and the theme’s defaults when none is', () => {
    const oneTheme = createCodeHighlighter({ theme: lightCodeTheme });
    expect(oneTheme.stylesheet).toContain(`:root[data-theme='dark']{--prism-color:${lightCodeTheme.plain.color}`);
    const defaults = createCodeHighlighter(undefined);
    expect(defaults.stylesheet).toContain(`:root[data-theme='light']{--prism-color:${themes.palenight.plain.color}`);
    expect(defaults.highlight('a\n// highlight-next-line\nb', { language: 'js' }).lineClassNames).toEqual({
      1: 'theme-code-block-highlighted-line',
    });
  });

  it('lists a grammar after the grammars it extends, and fails on a name that is not a Prism language', () => {
    expect(grammarComponents('php')).toEqual(['markup', 'markup-templating', 'php']);
    expect(() => createCodeHighlighter({ ...prism, additionalLanguages: ['dockr'] })).toThrow(
      /"dockr" is not one of Prism's language components/,
    );
  });

  it('stops on a setting the theme would refuse, naming it', () => {
    expect(() => createCodeHighlighter({ ...prism, magicComments: [{ className: 'x' }] })).toThrow(
      'code-highlight: themeConfig.prism: "magicComments[0]" must contain at least one of [line, block]',
    );
  });

  it('refuses a theme that colours some languages apart', () => {
    const theme: PrismTheme = { ...lightCodeTheme, styles: [{ types: ['string'], languages: ['js'], style: {} }] };
    expect(() => createCodeHighlighter({ ...prism, theme })).toThrow(
      /light code theme gives some languages their own colours/,
    );
  });
});

describe('the code-highlight plugin', () => {
  it('colours the tokens from themeConfig.prism, and takes it out of the site config the bundles import', async () => {
    const generatedFilesDir = mkdtempSync(path.join(tmpdir(), 'code-highlight-'));
    const navbar = { title: 'Docs', items: [] };
    const siteConfig = { title: 'Docs', themeConfig: { navbar, prism: { ...prism, darkTheme: themes.oceanicNext } } };
    const plugin = codeHighlightPlugin({ generatedFilesDir, siteConfig } as unknown as LoadContext);
    const [stylesheet] = (plugin.getClientModules?.() ?? []) as string[];
    expect(readFileSync(stylesheet ?? '', 'utf8')).toContain(
      `:root[data-theme='dark']{--prism-color:${themes.oceanicNext.plain.color}`,
    );
    await plugin.allContentLoaded?.({ allContent: {}, actions: {} as never });
    expect(siteConfig).toEqual({ title: 'Docs', themeConfig: { navbar } });
  });
});

/** The page's MDX after the plugin, as text. */
function transform(mdx: string, file = 'docs/page.mdx', settings: PrismSettings = prism): string {
  return String(
    unified()
      .use(remarkParse)
      .use(remarkMdx)
      .use(remarkCodeHighlight, settings)
      .use(remarkStringify)
      .processSync(new VFile({ path: file, value: mdx })),
  );
}

describe('code-highlight remark plugin', () => {
  it('turns every fenced code block into the highlighted code block, importing it once', () => {
    const out = transform('# Run\n\n```json title="a.json"\n{"a": 1}\n```\n\n<Tabs>\n\n```\nplain\n```\n\n</Tabs>\n');
    expect(out.startsWith('import HighlightedCodeBlock from "@theme/CodeBlock";\n')).toBe(true);
    expect(out.match(/import /g)).toHaveLength(1);
    expect(out.match(/<HighlightedCodeBlock highlighted=\{/g)).toHaveLength(2);
    expect(out).toContain('"title":"a.json"');
    expect(out).not.toContain('```');
  });

  it('leaves a page without code blocks alone', () => {
    expect(transform('# Run\n\nText with `inline code`.\n')).toBe('# Run\n\nText with `inline code`.\n');
  });

  it('names the file and line of a code block it cannot read', () => {
    // A line range marks lines with the first magic comment's class: with none configured, the theme refuses it.
    expect(() =>
      transform('Text.\n\n```text {3}\nx\n```\n', 'docs/broken.mdx', { ...prism, magicComments: [] }),
    ).toThrow(/^docs\/broken\.mdx:3: A highlight range has been given in code block's metastring/);
  });
});

describe('the API reference', () => {
  /** The data an API page's MDX holds as its `operation` export. */
  const pageData = (files: Map<string, string>, pageId: string): unknown =>
    JSON.parse(/^export const operation = (.*);$/m.exec(files.get(`${pageId}.mdx`) ?? '')?.[1] ?? '{}');

  it('highlights each code sample and example, and its page data carries only the highlighted form', async () => {
    const { reference: highlighted } = await loadApiReference(
      { siteDir: process.cwd(), baseUrl: '/' },
      'openapi/rubra.yaml',
      'api',
      highlighter.highlight,
    );
    const source = highlighted.pages.find((page) => page.pageId === 'create-run');
    const data = pageData(generateFiles(highlighted, '/api'), 'create-run') as ApiOperationPage;

    expect(source?.samples.map((sample) => sample.highlighted?.language)).toEqual(['bash', 'python', 'javascript']);
    expect(data.samples.map((sample) => sample.code)).toEqual([undefined, undefined, undefined]);
    expect(data.samples.map((sample) => codeText(sample.highlighted ?? { lines: [] }))).toEqual(
      source?.samples.map((sample) => sample.code.replace(/\n$/, '')),
    );
    expect(data.requestBody?.example).toBeUndefined();
    expect(data.requestBody?.highlightedExample?.language).toBe('json');
    const ok = data.responses.find((response) => response.status === '200');
    expect(ok?.example).toBeUndefined();
    expect(codeText(ok?.highlightedExample ?? { lines: [] })).toBe(
      source?.responses.find((response) => response.status === '200')?.example,
    );
  });

  it('leaves the page data as it was without highlighting', () => {
    const data = pageData(generateFiles(reference, '/api'), 'create-run');
    expect(data).toEqual(JSON.parse(JSON.stringify(reference.pages.find((page) => page.pageId === 'create-run'))));
  });
});
