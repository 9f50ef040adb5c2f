import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { parseQueryData, QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';

import { plainExcerpt, type DocsIndex } from '../../mcp/src/search';
import { BuildSource } from '../../mcp/src/source';
import { fixtureDocs, mcpFixtureSite } from '../support/mcp-site';

const FIXTURE_SITE = await mcpFixtureSite();

describe('search on the fixture site’s Pagefind index', () => {
  let index: DocsIndex;
  beforeAll(async () => {
    index = await (await fixtureDocs(new BuildSource(FIXTURE_SITE))).searchIndex();
  });

  const urls = async (query: string, limit = 5) => (await index.search(query, limit)).hits.map((hit) => hit.url);

  it('ranks the page and the section that answer a task first', async () => {
    const dockerHits = await urls('serve with vLLM in Docker', 3);
    expect(dockerHits[0]).toMatch(/^https:\/\/docs\.example\.test\/inference\/vllm($|#)/);
    expect(dockerHits).toContain('https://docs.example.test/inference/vllm#container');
    expect((await urls('out of memory'))[0]).toBe('https://docs.example.test/inference/vllm#out-of-memory');
  });

  it('forgives a typo against the index’s vocabulary, and finds a word from its beginning', async () => {
    expect((await urls('contaner'))[0]).toBe('https://docs.example.test/inference/vllm#container');
    expect((await urls('quantis'))[0]).toBe('https://docs.example.test/models/llama#quantised-files');
    expect(await index.search('dokcer', 1)).toMatchObject({
      hits: [{ url: 'https://docs.example.test/inference/vllm#container' }],
      searchedFor: 'docker',
    });
  });

  it('gives each hit its page title, heading and a plain-text snippet from its section', async () => {
    const [hit] = (await index.search('stream run events', 1)).hits;
    expect(hit).toMatchObject({
      pageTitle: 'Create a run',
      heading: 'Request body',
      url: 'https://docs.example.test/api/create-run#request-body',
    });
    expect(hit?.snippet).toContain("stream (boolean): send the run's events as server-sent events.");
  });

  it('names a hit in a page’s introduction by the page’s title, at the page’s URL', async () => {
    expect((await index.search('OpenAI-compatible', 1)).hits[0]).toMatchObject({
      pageTitle: 'Serve with vLLM',
      heading: 'Serve with vLLM',
      url: 'https://docs.example.test/inference/vllm',
    });
  });

  it('leaves the site’s stop words out of a query that has other words, and honours the limit', async () => {
    expect(await urls('the server of a to')).toEqual(await urls('server'));
    expect(await urls('server', 2)).toHaveLength(2);
  });

  it('searches a reader’s word with the docs’ own word, from the site’s query words', async () => {
    expect((await urls('box'))[0]).toBe('https://docs.example.test/inference/vllm#container');
    expect((await urls('out of ram'))[0]).toBe('https://docs.example.test/inference/vllm#out-of-memory');
  });
});

describe('plainExcerpt', () => {
  it('reads an excerpt as Pagefind writes it as plain text', () => {
    expect(plainExcerpt('Run <mark>vllm</mark> &lt;model&gt;  with\n&amp; more')).toBe(
      'Run vllm <model> with &amp; more',
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
    const plain = await (await fixtureDocs(new BuildSource(dir))).searchIndex();
    expect((await plain.search('box', 1)).hits).toEqual([]);
    expect((await plain.search('the', 1)).hits).toHaveLength(1);
  });
});
