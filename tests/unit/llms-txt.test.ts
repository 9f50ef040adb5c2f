import { describe, expect, it } from 'vitest';

import { parseTwin } from '@rubra/twin-reader';

import { llmsFullTxt, llmsTxt, twinText } from '@site/src/plugins/markdown-twins/llms';
import { twinPath } from '@site/src/shared/twin-paths';

describe('llms.txt', () => {
  const text = llmsTxt({
    title: 'Example Docs',
    summary: 'Docs for\nan example product.',
    sections: [
      {
        title: 'Guides',
        entries: [
          { title: 'Home', twinUrl: 'https://docs.example/index.md', description: 'Where to start.' },
          { title: 'Setup', twinUrl: 'https://docs.example/setup.md', description: 'Install it,\n  then run it.' },
        ],
      },
      {
        title: 'API reference',
        intro: 'One page per operation.',
        entries: [{ title: 'Get a thing', twinUrl: 'https://docs.example/api/get-thing.md', description: '' }],
      },
    ],
  });

  it('is the title as H1, the summary as a blockquote, then H2 sections of one link per line', () => {
    expect(text).toBe(
      [
        '# Example Docs',
        '',
        '> Docs for an example product.',
        '',
        '## Guides',
        '',
        '- [Home](https://docs.example/index.md): Where to start.',
        '- [Setup](https://docs.example/setup.md): Install it, then run it.',
        '',
        '## API reference',
        '',
        'One page per operation.',
        '',
        '- [Get a thing](https://docs.example/api/get-thing.md)',
        '',
      ].join('\n'),
    );
  });
});

describe('llms-full.txt', () => {
  it('holds each page under its title and canonical URL, separated by rules', () => {
    const text = llmsFullTxt([
      { title: 'Home', url: 'https://docs.example/', body: 'Welcome.\n\n## Start' },
      { title: 'Setup', url: 'https://docs.example/setup', body: 'Install it.' },
    ]);
    expect(text).toBe(
      '# Home\n\nSource: https://docs.example/\n\nWelcome.\n\n## Start\n\n---\n\n' +
        '# Setup\n\nSource: https://docs.example/setup\n\nInstall it.\n',
    );
  });
});

describe('twins', () => {
  it('start with the page title as their only H1', () => {
    expect(twinText('Setup', 'Install it.')).toBe('# Setup\n\nInstall it.\n');
  });

  it('read back through the twin reader to their title and sections, and a text of another shape names its file', () => {
    expect(parseTwin(twinText('Setup', 'Install it.\n\n## Next'), 'setup.md')).toEqual({
      title: 'Setup',
      sections: [
        { heading: 'Setup', level: 1, text: 'Install it.' },
        { heading: 'Next', level: 2, anchor: 'next', text: '' },
      ],
    });
    expect(twinText('Empty', '')).toBe('# Empty\n\n');
    expect(parseTwin(twinText('Empty', ''), 'empty.md')).toEqual({
      title: 'Empty',
      sections: [{ heading: 'Empty', level: 1, text: '' }],
    });
    expect(() => parseTwin('Setup\n\nInstall it.\n', 'setup.md')).toThrow(/^setup\.md /);
  });

  it('live at the route plus .md, and at index.md for the root', () => {
    expect(twinPath('/', '/')).toBe('/index.md');
    expect(twinPath('/models/llama', '/')).toBe('/models/llama.md');
    expect(twinPath('/api/', '/')).toBe('/api.md');
    expect(twinPath('/docs/', '/docs/')).toBe('/docs/index.md');
    expect(twinPath('/docs/faq', '/docs/')).toBe('/docs/faq.md');
  });
});
