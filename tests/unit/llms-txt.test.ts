import { describe, expect, it } from 'vitest';

import { checkTwin } from '@rubra/twin-reader';

import { llmsFullTxt, llmsTxt, twinText } from '@site/src/plugins/markdown-twins/llms';
import type { PageSection } from '@site/src/plugins-lib/sections';
import type { Twin } from '@site/src/plugins-lib/twins/twins';
import { twinPath } from '@site/src/shared/twin-paths';

/** A twin as the plugin loads it. */
const twin = (route: string, title: string, description: string, body = ''): Twin => ({
  route,
  title,
  description,
  source: `${route}.mdx`,
  body,
});

describe('llms.txt', () => {
  const guides = { title: 'Guides', routes: ['/', '/setup'] };
  const api = { title: 'API reference', intro: 'One page per operation.', routes: ['/api/'] };
  const twins = [
    twin('/', 'Home', 'Where to start.'),
    twin('/setup', 'Setup', 'Install it,\n  then run it.'),
    twin('/api/get-thing', 'Get a thing', ''),
  ];
  const index = (sections: PageSection[]) =>
    llmsTxt(twins, {
      title: 'Example Docs',
      summary: 'Docs for\nan example product.',
      sections,
      twinUrl: ({ route }) => `https://docs.example${twinPath(route, '/')}`,
    });

  it('is the title as H1, the summary as a blockquote, then H2 sections of one link per line', () => {
    expect(index([guides, api])).toBe(
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

  it('stops the build on a page no section takes, naming its route and source', () => {
    expect(() => index([guides])).toThrow(
      '[markdown-twins] no llms.txt section takes /api/get-thing (/api/get-thing.mdx): add its route to a section in docusaurus.config.ts',
    );
  });
});

describe('llms-full.txt', () => {
  it('holds each page under its title and canonical URL, separated by rules', () => {
    const text = llmsFullTxt(
      [twin('/', 'Home', '', 'Welcome.\n\n## Start'), twin('/setup', 'Setup', '', 'Install it.')],
      ({ route }) => `https://docs.example${route}`,
    );
    expect(text).toBe(
      '# Home\n\nSource: https://docs.example/\n\nWelcome.\n\n## Start\n\n---\n\n' +
        '# Setup\n\nSource: https://docs.example/setup\n\nInstall it.\n',
    );
  });
});

describe('twins', () => {
  it('start with the page title as their only H1, which the twin reader checks for, naming the file', () => {
    expect(twinText({ title: 'Setup', body: 'Install it.' })).toBe('# Setup\n\nInstall it.\n');
    expect(twinText({ title: 'Empty', body: '' })).toBe('# Empty\n\n');
    expect(() => checkTwin(twinText({ title: 'Empty', body: '' }), 'empty.md')).not.toThrow();
    expect(() => checkTwin('Setup\n\nInstall it.\n', 'setup.md')).toThrow(/^setup\.md /);
  });

  it('live at the route plus .md, and at index.md for the root', () => {
    expect(twinPath('/', '/')).toBe('/index.md');
    expect(twinPath('/models/llama', '/')).toBe('/models/llama.md');
    expect(twinPath('/api/', '/')).toBe('/api.md');
    expect(twinPath('/docs/', '/docs/')).toBe('/docs/index.md');
    expect(twinPath('/docs/faq', '/docs/')).toBe('/docs/faq.md');
  });
});
