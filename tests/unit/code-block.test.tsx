/**
 * Renders the code block on the server, as the build does: the tokens highlighted at
 * build time, the title, numbered and marked lines, and the text the copy button copies.
 */
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import type { HighlightedCode } from '@site/src/shared/highlighted-code';

const copied: string[] = [];

// Vitest compiles JSX with the classic runtime, whose output calls a global React.
Object.assign(globalThis, { React });

vi.mock('@docusaurus/theme-common', () => ({ ThemeClassNames: { common: { codeBlock: 'theme-code-block' } } }));
vi.mock('@docusaurus/theme-common/internal', () => ({
  useCodeWordWrap: () => ({ codeBlockRef: { current: null }, isEnabled: false, isCodeScrollable: false }),
  // The copy button reads the code from this context: record what it would copy.
  CodeBlockContextProvider: ({ metadata, children }: { metadata: { code: string }; children: React.ReactNode }) => {
    copied.push(metadata.code);
    return children;
  },
}));
vi.mock('@theme/CodeBlock/Buttons', () => ({ default: () => <span data-buttons="" /> }));

const { default: CodeBlock } = await import('@site/src/theme/CodeBlock');

const json: HighlightedCode = {
  language: 'json',
  lines: [
    [['punctuation', '{']],
    ['  ', ['property', '"a"'], ['operator', ':'], ' ', ['number', '1']],
    [],
    [['punctuation', '}']],
  ],
  title: 'a.json',
};

beforeEach(() => {
  copied.length = 0;
});

describe('the code block', () => {
  it('renders the build-time tokens with their classes, the title and the language, and copies the code', () => {
    const html = renderToStaticMarkup(<CodeBlock highlighted={json}>{undefined}</CodeBlock>);
    expect(html).toContain('class="language-json');
    expect(html).toMatch(/<pre tabindex="0" class="prism-code language-json [^"]*thin-scrollbar"/);
    expect(html).toContain('<span class="token punctuation">{</span>');
    expect(html).toContain(
      '<span class="token plain">  </span><span class="token property">&quot;a&quot;</span><span class="token operator">:</span>',
    );
    // An empty line keeps its height with the line break alone.
    expect(html).toContain('<span class="token-line"><br/></span>');
    expect(html).toMatch(/<div class="[^"]*codeBlockTitle[^"]*">a.json<\/div>/);
    expect(html).toContain('data-buttons');
    expect(copied).toEqual(['{\n  "a": 1\n\n}']);
  });

  it('numbers the lines from their first number and marks the lines magic comments named', () => {
    const html = renderToStaticMarkup(
      <CodeBlock
        highlighted={{ ...json, lineNumbersStart: 5, lineClassNames: { 1: 'theme-code-block-highlighted-line' } }}
      >
        {undefined}
      </CodeBlock>,
    );
    expect(html).toContain('style="counter-reset:line-count 4"');
    expect(html.match(/class="token-line[^"]*codeLine/g)).toHaveLength(4);
    expect(html.match(/theme-code-block-highlighted-line/g)).toHaveLength(1);
    expect(html).toMatch(
      /class="token-line theme-code-block-highlighted-line [^"]*codeLine[^"]*"><span class="[^"]*codeLineNumber/,
    );
  });

  it('lets a title given by the page win over the code’s own', () => {
    expect(
      renderToStaticMarkup(
        <CodeBlock highlighted={json} title="Example 200 response">
          {undefined}
        </CodeBlock>,
      ),
    ).toContain('>Example 200 response</div>');
  });

  it('shows code passed as text, unhighlighted, with its language and title', () => {
    const html = renderToStaticMarkup(
      <CodeBlock language="Python" title="run.py" showLineNumbers>
        {'print(1)\n\nprint(2)\n'}
      </CodeBlock>,
    );
    expect(html).toContain('class="prism-code language-python');
    expect(html).toContain('<span class="token plain">print(1)</span>');
    expect(html).toContain('>run.py</div>');
    expect(html).toContain('counter-reset:line-count 0');
    expect(copied).toEqual(['print(1)\n\nprint(2)']);
  });

  it('shows elements inside a pre as they are', () => {
    const html = renderToStaticMarkup(
      <CodeBlock>
        <b>bold</b>
      </CodeBlock>,
    );
    expect(html).toContain('<code');
    expect(html).toContain('<b>bold</b>');
    expect(copied).toEqual([]);
  });
});
