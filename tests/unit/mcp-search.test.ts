import { fileURLToPath } from 'node:url';

import { beforeAll, describe, expect, it } from 'vitest';

import { Docs } from '../../mcp/src/docs';
import { DocsIndex, prose } from '../../mcp/src/search';
import { BuildSource } from '../../mcp/src/source';
import { parseTwin } from '../../mcp/src/twin';

const FIXTURE_SITE = fileURLToPath(new URL('fixtures/mcp-site', import.meta.url));

describe('search ranking on the fixture site', () => {
  let index: DocsIndex;
  beforeAll(async () => {
    index = await new Docs(new BuildSource(FIXTURE_SITE)).searchIndex();
  });

  const urls = (query: string, limit = 5) => index.search(query, limit).map((hit) => hit.url);

  it('indexes every page introduction and h2/h3 section of the twins llms.txt lists', () => {
    // Home 3, Llama 4, vLLM 6, Create a run 5.
    expect(index.size).toBe(18);
  });

  it('ranks the page and the section that answer a task first', () => {
    const dockerHits = urls('serve with vLLM in Docker', 3);
    expect(dockerHits[0]).toMatch(/^https:\/\/docs\.example\.test\/inference\/vllm($|#)/);
    expect(dockerHits).toContain('https://docs.example.test/inference/vllm#container');
    expect(urls('out of memory')[0]).toBe('https://docs.example.test/inference/vllm#out-of-memory');
  });

  it('puts the page whose title matches first', () => {
    expect(urls('create a run')[0]).toBe('https://docs.example.test/api/create-run');
    // "run" is in the vLLM guide's text and headings too; the title decides.
    expect(index.search('run', 1)[0]?.pageTitle).toBe('Create a run');
  });

  it('forgives a typo and finds a word from its beginning', () => {
    expect(urls('contaner')[0]).toBe('https://docs.example.test/inference/vllm#container');
    expect(urls('quantis')[0]).toBe('https://docs.example.test/models/llama#quantised-files');
  });

  it('gives each hit its page title, heading and a snippet from its text', () => {
    const [hit] = index.search('stream run events', 1);
    expect(hit).toMatchObject({
      pageTitle: 'Create a run',
      heading: 'Request body',
      url: 'https://docs.example.test/api/create-run#request-body',
    });
    expect(hit?.snippet).toContain("stream (boolean): send the run's events as server-sent events.");
  });

  it('indexes a section that two pages share once, under the first page listed', () => {
    const twinText = '# List things\n\nReturns things.\n\n## Parameters\n\n- limit';
    const shared = (url: string) => ({
      page: { title: 'List things', description: '', section: 'API', url, twinPath: `${url}.md` },
      twin: parseTwin(twinText, 'things.md'),
    });
    const landing = parseTwin(`${twinText}\n\n## About the API\n\nWhat it does.`, 'api.md');
    const twoPages = new DocsIndex([
      { ...shared('https://docs.example.test/api'), twin: landing },
      shared('https://docs.example.test/api/list-things'),
    ]);
    expect(twoPages.size).toBe(3);
    expect(twoPages.search('list things', 5).map((hit) => hit.url)).toEqual([
      'https://docs.example.test/api',
      'https://docs.example.test/api#parameters',
      'https://docs.example.test/api#about-the-api',
    ]);
  });

  it('keeps snippets short and centred on the first match', () => {
    const filler = 'Plain words about nothing in particular. '.repeat(20);
    const page = {
      title: 'Long page',
      description: 'A page with one long section.',
      section: 'Pages',
      url: 'https://docs.example.test/long',
      twinPath: '/long.md',
    };
    const long = new DocsIndex([
      { page, twin: parseTwin(`# Long page\n\n## Body\n\n${filler}The keyword sits here. ${filler}`, 'long.md') },
    ]);
    const snippet = long.search('keyword', 1)[0]?.snippet ?? '';
    expect(snippet).toMatch(/^….*The keyword sits here\..*…$/);
    expect(snippet.length).toBeLessThanOrEqual(222);
  });

  it('matches nothing for words that say nothing, and honours the limit', () => {
    expect(urls('the of a to')).toEqual([]);
    expect(urls('server', 2)).toHaveLength(2);
  });
});

describe('prose', () => {
  it('reads Markdown as one line of text for snippets', () => {
    const markdown = [
      '| Engine | Guide |',
      '| ------ | :---: |',
      '| vLLM | [the guide](https://docs.example.test/inference/vllm) |',
      '',
      '> Info: MT-bench',
      '>',
      '> Judged by a model.[^judge]',
      '',
      '```bash title="Serve"',
      'vllm serve  # starts it',
      '```',
      '',
      '#### Details',
      'Some **bold** and `code`.',
    ].join('\n');
    expect(prose(markdown)).toBe(
      'Engine Guide vLLM the guide Info: MT-bench Judged by a model. vllm serve # starts it Details Some bold and code.',
    );
  });
});
