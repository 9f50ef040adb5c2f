import { readFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { parseLlmsTxt } from '../../mcp/src/llms-txt';
import { pagePathOfTwin, pagesOf, twinPathFor } from '../../mcp/src/pages';

const fixture = readFileSync(new URL('fixtures/mcp-site/llms.txt', import.meta.url), 'utf8');

describe('parseLlmsTxt', () => {
  it('reads the title, the summary and the sections with their entries', () => {
    const llms = parseLlmsTxt(fixture, 'llms.txt');
    expect(llms.title).toBe('Example Docs');
    expect(llms.summary).toBe(
      'A small fixture site for the docs MCP server: two guides, one model page and one API operation.',
    );
    expect(llms.sections.map((section) => [section.name, section.entries.length])).toEqual([
      ['Models', 1],
      ['Serving', 2],
      ['API reference', 2],
    ]);
    expect(llms.sections[2]?.entries[0]).toEqual({
      title: 'Create a run',
      url: 'https://docs.example.test/api/create-run.md',
      description: 'POST /threads/{thread_id}/runs starts a run on a thread.',
    });
  });

  it('accepts an entry without a description', () => {
    const llms = parseLlmsTxt('# Docs\n\n## Pages\n\n- [Home](https://docs.example.test/index.md)\n', 'llms.txt');
    expect(llms.sections[0]?.entries).toEqual([
      { title: 'Home', url: 'https://docs.example.test/index.md', description: '' },
    ]);
  });

  it.each([
    [
      'no title',
      'Docs\n## Pages\n- [A](https://x.test/a.md)',
      'llms.txt is malformed: it must start with a "# Title" line.',
    ],
    [
      'a broken entry',
      '# Docs\n## Pages\n- [A](https://x.test/a.md): fine\n- A page without a link',
      'llms.txt is malformed at line 4: expected "- [Title](URL): description", found "- A page without a link".',
    ],
    [
      'a relative link',
      '# Docs\n## Pages\n- [A](/a.md): relative',
      'llms.txt is malformed at line 3: the link "/a.md" is not an absolute http(s) URL.',
    ],
    [
      'a deeper heading',
      '# Docs\n## Pages\n### Sub\n- [A](https://x.test/a.md)',
      'llms.txt is malformed at line 3: only "## Section" headings may follow the title, found "### Sub".',
    ],
    ['no pages', '# Docs\n> Summary only.\n', 'llms.txt is malformed: it lists no pages'],
  ])('rejects %s, naming the line and the problem', (_, text, message) => {
    expect(() => parseLlmsTxt(text, 'llms.txt')).toThrow(message);
  });
});

describe('pages', () => {
  it('lists the twins on the published origin with their page URLs, and leaves other links out', () => {
    const { origin, pages } = pagesOf(parseLlmsTxt(fixture, 'llms.txt'));
    expect(origin).toBe('https://docs.example.test');
    expect(pages.map((page) => [page.section, page.url, page.twinPath])).toEqual([
      ['Models', 'https://docs.example.test/models/llama', '/models/llama.md'],
      ['Serving', 'https://docs.example.test/inference/vllm', '/inference/vllm.md'],
      ['Serving', 'https://docs.example.test/', '/index.md'],
      ['API reference', 'https://docs.example.test/api/create-run', '/api/create-run.md'],
    ]);
  });

  it('maps twins to page paths', () => {
    expect(pagePathOfTwin('/index.md')).toBe('/');
    expect(pagePathOfTwin('/api.md')).toBe('/api');
    expect(pagePathOfTwin('/category/models.md')).toBe('/category/models');
  });

  it.each([
    ['/models/llama', '/models/llama.md'],
    ['models/llama', '/models/llama.md'],
    ['/models/llama.md', '/models/llama.md'],
    ['/models/llama/', '/models/llama.md'],
    ['/models/llama#specs', '/models/llama.md'],
    ['/models/llama.html?x=1', '/models/llama.md'],
    ['/', '/index.md'],
    ['/index.md', '/index.md'],
    ['/api', '/api.md'],
    ['https://docs.example.test/api/create-run#parameters', '/api/create-run.md'],
    ['https://docs.example.test/', '/index.md'],
    ['http://127.0.0.1:4000/inference/vllm.md', '/inference/vllm.md'],
  ])('reads %s as the twin %s', (input, twinPath) => {
    expect(twinPathFor(input, ['https://docs.example.test', 'http://127.0.0.1:4000'])).toBe(twinPath);
  });

  it.each([
    ['https://example.com/models/llama', 'is not a page of this site'],
    ['//example.com/models/llama', 'is not a page of this site'],
    ['file:///etc/passwd', 'is not a page of this site'],
    ['../../etc/passwd', 'points outside the site'],
    ['/models/./llama', 'points outside the site'],
    ['/models\\llama', 'points outside the site'],
    ['  ', 'The path is empty'],
  ])('refuses %s', (input, message) => {
    expect(() => twinPathFor(input, ['https://docs.example.test'])).toThrow(message);
  });
});
