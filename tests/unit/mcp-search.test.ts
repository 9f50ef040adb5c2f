import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { beforeAll, describe, expect, it } from 'vitest';

import { Docs } from '../../mcp/src/docs';
import { parseQueryData, QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';

import { DocsIndex, prose } from '../../mcp/src/search';
import { BuildSource } from '../../mcp/src/source';
import { parseTwin } from '@rubra/twin-reader';

const FIXTURE_SITE = fileURLToPath(new URL('fixtures/mcp-site', import.meta.url));

describe('search ranking on the fixture site', () => {
  let index: DocsIndex;
  beforeAll(async () => {
    index = await new Docs(new BuildSource(FIXTURE_SITE)).searchIndex();
  });

  const urls = async (query: string, limit = 5) => (await index.search(query, limit)).hits.map((hit) => hit.url);

  it('indexes every page introduction and h2/h3 section of the twins llms.txt lists', async () => {
    // Home 3, Llama 4, vLLM 6, Create a run 5.
    expect(index.size).toBe(18);
  });

  it('ranks the page and the section that answer a task first', async () => {
    const dockerHits = await urls('serve with vLLM in Docker', 3);
    expect(dockerHits[0]).toMatch(/^https:\/\/docs\.example\.test\/inference\/vllm($|#)/);
    expect(dockerHits).toContain('https://docs.example.test/inference/vllm#container');
    expect((await urls('out of memory'))[0]).toBe('https://docs.example.test/inference/vllm#out-of-memory');
  });

  it('forgives a typo and finds a word from its beginning', async () => {
    expect((await urls('contaner'))[0]).toBe('https://docs.example.test/inference/vllm#container');
    expect((await urls('quantis'))[0]).toBe('https://docs.example.test/models/llama#quantised-files');
    // Two neighbouring letters swapped in a short word: more than fuzzy matching forgives alone.
    expect((await urls('dokcer'))[0]).toBe('https://docs.example.test/inference/vllm#container');
  });

  it('gives each hit its page title, heading and a snippet from its text', async () => {
    const [hit] = (await index.search('stream run events', 1)).hits;
    expect(hit).toMatchObject({
      pageTitle: 'Create a run',
      heading: 'Request body',
      url: 'https://docs.example.test/api/create-run#request-body',
    });
    expect(hit?.snippet).toContain("stream (boolean): send the run's events as server-sent events.");
  });

  it('indexes a section that two pages share once, under the deeper page, as the site’s index does', async () => {
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
    expect((await twoPages.search('list things', 5)).hits.map((hit) => hit.url)).toEqual([
      'https://docs.example.test/api/list-things',
      'https://docs.example.test/api/list-things#parameters',
      'https://docs.example.test/api#about-the-api',
    ]);
  });

  /** An index of one page, the twin of `markdown`, at `path` on the fixture origin. */
  const onePage = (markdown: string, path: string) => {
    const twin = parseTwin(markdown, `${path}.md`);
    const url = `https://docs.example.test${path}`;
    return new DocsIndex([
      { page: { title: twin.title, description: '', section: 'Docs', url, twinPath: `${path}.md` }, twin },
    ]);
  };

  it('reads a name that runs letters into digits in its parts, as the docs may write it', async () => {
    const pages = onePage('# Benchmarks\n\nScores on GSM-8K and on MT-Bench for Phi 3: GSM-8K is maths.', '/b');
    expect((await pages.search('gsm8k', 1)).hits[0]?.url).toBe('https://docs.example.test/b');
    expect((await pages.search('phi3', 1)).hits[0]?.url).toBe('https://docs.example.test/b');
  });

  it('searches a word no page holds in any of its forms, as the site’s stemming index does', async () => {
    const pages = onePage('# Generate\n\nPass max_new_tokens to generate, and max_new_tokens again.', '/g');
    // Known to the vocabulary in another form, so not a typo to correct: the index finds it by its stem.
    expect((await pages.search('max_new_tokes', 1)).hits[0]?.url).toBe('https://docs.example.test/g');
  });

  it('corrects two swapped letters as one edit, and says what it searched for', async () => {
    // Counted as two edits, "modles" would be nearer "modes" than "models".
    const pages = onePage('# Home\n\nWelcome.\n\n## Modes\n\nTwo modes.\n\n## Models\n\nThe models.', '/');
    expect(await pages.search('modles', 1)).toMatchObject({
      hits: [{ url: 'https://docs.example.test/#models' }],
      searchedFor: 'models',
    });
  });

  it('keeps snippets short and centred on the first match', async () => {
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
    const snippet = (await long.search('keyword', 1)).hits[0]?.snippet ?? '';
    expect(snippet).toMatch(/^….*The keyword sits here\..*…$/);
    expect(snippet.length).toBeLessThanOrEqual(222);
  });

  it('leaves the site’s stop words out of a query that has other words, and honours the limit', async () => {
    expect(await urls('the server of a to')).toEqual(await urls('server'));
    expect(await urls('server', 2)).toHaveLength(2);
  });

  it('searches a query of stop words only as it is, as the site does', async () => {
    // "with" is one of the fixture site's stop words, and the vLLM guide's title says it.
    expect(await urls('with')).toContain('https://docs.example.test/inference/vllm');
  });

  it('searches a reader’s word with the docs’ own word, from the site’s query words', async () => {
    expect((await urls('box'))[0]).toBe('https://docs.example.test/inference/vllm#container');
    expect((await urls('out of ram'))[0]).toBe('https://docs.example.test/inference/vllm#out-of-memory');
  });
});

describe('prose', () => {
  it('reads Markdown as one line of text for snippets', async () => {
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

describe('the site’s query data', () => {
  it('is read from the file the site publishes, and checked', async () => {
    expect(parseQueryData(JSON.stringify(QUERY_DATA), 'words.json')).toEqual({
      groups: QUERY_DATA.groups,
      stopWords: QUERY_DATA.stopWords,
    });
    expect(() => parseQueryData('{', 'words.json')).toThrow(/^words\.json is not JSON/);
    expect(() => parseQueryData('{"groups":[["alone"]],"stopWords":[]}', 'words.json')).toThrow(
      'words.json: "groups" must be lists of two words or more.',
    );
    expect(() => parseQueryData('{"groups":[],"stopWords":"the"}', 'words.json')).toThrow(
      'words.json: "stopWords" must be a list of words.',
    );
  });

  it('is none for a site that publishes none: every word is searched as typed', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mcp-site-'));
    await cp(FIXTURE_SITE, dir, { recursive: true });
    await rm(path.join(dir, QUERY_DATA_FILE));
    const plain = await new Docs(new BuildSource(dir)).searchIndex();
    expect((await plain.search('box', 1)).hits).toEqual([]);
    expect((await plain.search('the', 1)).hits).toHaveLength(1);
  });
});
