import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { createDocsServer } from '../../mcp/src/server';
import { BuildSource, SiteSource, type DocsSource } from '../../mcp/src/source';
import { fixtureDocs, mcpFixtureSite } from '../support/mcp-site';

const FIXTURE_SITE = await mcpFixtureSite();

interface ToolResult {
  text: string;
  isError: boolean;
}

async function connect(source: DocsSource) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const server = createDocsServer(await fixtureDocs(source));
  const client = new Client({ name: 'test', version: '1.0.0' });
  await Promise.all([server.connect(serverSide), client.connect(clientSide)]);
  const call = async (name: string, args: Record<string, unknown> = {}): Promise<ToolResult> => {
    const result = await client.callTool({ name, arguments: args });
    const content = result.content as { type: string; text: string }[];
    return { text: content.map((part) => part.text).join(''), isError: result.isError === true };
  };
  return { client, call, close: () => client.close() };
}

/** Serves a folder on 127.0.0.1, logging each path asked for; nothing under `/hang/` ever answers. */
async function serveFolder(dir: string) {
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    if (path.startsWith('/hang/')) {
      return;
    }
    if (path === '/away.md') {
      response.writeHead(302, { location: 'http://192.0.2.1/elsewhere.md' }).end();
      return;
    }
    try {
      const body = readFileSync(join(dir, decodeURIComponent(path)));
      response.writeHead(200, { 'content-type': path.endsWith('.md') ? 'text/markdown' : 'text/plain' }).end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<!DOCTYPE html><title>Not found</title>');
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    requests,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** A copy of the fixture site with some files replaced, removed when the test ends. */
const copies: string[] = [];
function fixtureWith(files: Record<string, string | null>): string {
  const dir = mkdtempSync(join(tmpdir(), 'docs-mcp-'));
  copies.push(dir);
  cpSync(FIXTURE_SITE, dir, { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    if (text === null) {
      rmSync(join(dir, path));
    } else {
      writeFileSync(join(dir, path), text);
    }
  }
  return dir;
}
afterEach(() => {
  for (const dir of copies.splice(0)) {
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('the docs MCP server on a build folder', () => {
  let session: Awaited<ReturnType<typeof connect>>;
  beforeAll(async () => {
    session = await connect(new BuildSource(FIXTURE_SITE));
  });
  afterAll(() => session.close());

  it('lists three read-only tools whose schemas say what to pass', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages']);
    const [search, read, list] = tools;
    expect(search?.inputSchema).toMatchObject({
      type: 'object',
      required: ['query'],
      properties: {
        query: { type: 'string', minLength: 1 },
        limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 },
      },
    });
    expect(read?.inputSchema).toMatchObject({ required: ['path'], properties: { path: { type: 'string' } } });
    expect(list?.inputSchema).toMatchObject({ type: 'object' });
    for (const tool of tools) {
      expect(tool.description?.length).toBeGreaterThan(80);
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    }
  });

  it('search_docs returns numbered hits with heading, URL and snippet, best first', async () => {
    const result = await session.call('search_docs', { query: 'create a run', limit: 2 });
    expect(result.isError).toBe(false);
    expect(result.text).toMatch(/^Results for "create a run"/);
    expect(result.text).toContain('1. Create a run\n   https://docs.example.test/api/create-run\n');
    expect(result.text).toContain('2. ');
    expect(result.text).not.toContain('3. ');
  });

  it('search_docs says so when nothing matches, without an error', async () => {
    const result = await session.call('search_docs', { query: 'zeppelin' });
    expect(result).toEqual({
      isError: false,
      text: 'No results for "zeppelin". Try other or fewer words, or list_pages for every page.',
    });
  });

  it('read_page returns the exact twin for a path, a .md path, a URL and the home page', async () => {
    const llama = readFileSync(join(FIXTURE_SITE, 'models/llama.md'), 'utf8');
    for (const path of ['/models/llama', 'models/llama.md', 'https://docs.example.test/models/llama#specs']) {
      expect(await session.call('read_page', { path })).toEqual({ isError: false, text: llama });
    }
    const home = readFileSync(join(FIXTURE_SITE, 'index.md'), 'utf8');
    expect(await session.call('read_page', { path: '/' })).toEqual({ isError: false, text: home });
  });

  it('list_pages groups the pages of llms.txt by section with their descriptions', async () => {
    const result = await session.call('list_pages');
    expect(result.isError).toBe(false);
    expect(result.text).toContain('# Example Docs\n\n> A small fixture site');
    expect(result.text).toContain(
      '## Serving\n\n- [Serve with vLLM](https://docs.example.test/inference/vllm): Start a vLLM server, run it in a Docker container, and call tools.\n- [Home](https://docs.example.test/): What the example project is.',
    );
    expect(result.text).not.toContain('github.com');
  });

  it.each([
    ['search_docs', { query: '' }, 'The query is empty'],
    ['search_docs', { query: '   ' }, 'The query is empty'],
    ['search_docs', { query: 'vllm', limit: 0 }, 'limit'],
    ['search_docs', { query: 'vllm', limit: 500 }, 'limit'],
    ['search_docs', {}, 'query'],
    ['read_page', { path: '' }, 'The path is empty'],
    [
      'read_page',
      { path: '/models/nope' },
      `There is no page "/models/nope" on this site: ${join(FIXTURE_SITE, 'models/nope.md')} does not exist.`,
    ],
    [
      'read_page',
      { path: 'https://example.com/models/llama' },
      '"https://example.com/models/llama" is not a page of this site: its pages are under https://docs.example.test.',
    ],
    ['read_page', { path: '../../etc/passwd' }, '"../../etc/passwd" points outside the site'],
    ['read_page', { path: '/llms.txt' }, 'There is no page "/llms.txt"'],
  ])('%s %j is a tool error naming the problem', async (tool, args, message) => {
    const result = await session.call(tool, args);
    expect(result.isError).toBe(true);
    expect(result.text).toContain(message);
  });
});

describe('the docs MCP server on broken sources', () => {
  it('reports a malformed twin by its file in read_page, while search_docs reads the index alone', async () => {
    const dir = fixtureWith({ 'models/llama.md': 'Llama without a title line\n\n## Specs\n' });
    const session = await connect(new BuildSource(dir));
    const message = `${join(dir, 'models/llama.md')} is not a page's Markdown twin: it must start with a "# Title" line, but it starts with "Llama without a title line".`;
    expect(await session.call('read_page', { path: '/models/llama' })).toEqual({ isError: true, text: message });
    expect((await session.call('search_docs', { query: 'quantisation' })).text).toContain(
      'https://docs.example.test/models/llama#quantised-files',
    );
    await session.close();
  });

  it('reports a build without a search index', async () => {
    const dir = fixtureWith({ 'pagefind/pagefind-entry.json': null });
    const session = await connect(new BuildSource(dir));
    expect(await session.call('search_docs', { query: 'vllm' })).toEqual({
      isError: true,
      text: `${dir} has no search index: ${join(dir, 'pagefind/pagefind-entry.json')} does not exist. Is it a build of Rubra Docs?`,
    });
    await session.close();
  });

  it('reports a malformed or missing llms.txt', async () => {
    const malformed = fixtureWith({ 'llms.txt': '# Docs\n\n## Pages\n\n- no link here\n' });
    let session = await connect(new BuildSource(malformed));
    expect(await session.call('list_pages')).toEqual({
      isError: true,
      text: `${join(malformed, 'llms.txt')} is malformed at line 5: expected "- [Title](URL): description", found "- no link here".`,
    });
    await session.close();

    const missing = fixtureWith({ 'llms.txt': null });
    session = await connect(new BuildSource(missing));
    const result = await session.call('search_docs', { query: 'vllm' });
    expect(result.isError).toBe(true);
    expect(result.text).toContain(`${missing} has no llms.txt`);
    await session.close();
  });
});

describe('the docs MCP server on a site', () => {
  let site: Awaited<ReturnType<typeof serveFolder>>;
  beforeAll(async () => {
    site = await serveFolder(FIXTURE_SITE);
  });
  afterAll(() => site.close());

  it('answers like the build folder, fetching each file once per session', async () => {
    const fromBuild = await connect(new BuildSource(FIXTURE_SITE));
    const fromSite = await connect(new SiteSource(site.origin, 5000));
    for (const [tool, args] of [
      ['search_docs', { query: 'serve with vLLM in Docker' }],
      ['search_docs', { query: 'stream' }],
      ['list_pages', {}],
      ['read_page', { path: '/api/create-run' }],
      ['read_page', { path: 'https://docs.example.test/inference/vllm' }],
    ] as const) {
      expect(await fromSite.call(tool, args)).toEqual(await fromBuild.call(tool, args));
    }
    // The site's own origin names its pages too.
    expect(await fromSite.call('read_page', { path: `${site.origin}/inference/vllm` })).toEqual(
      await fromBuild.call('read_page', { path: '/inference/vllm' }),
    );
    expect(site.requests.filter((path) => path === '/llms.txt')).toHaveLength(1);
    expect(site.requests.filter((path) => path === '/api/create-run.md')).toHaveLength(1);
    expect(site.requests.filter((path) => path === '/pagefind/pagefind-entry.json')).toHaveLength(1);
    // The index is data; the code that reads it is the package's own, never the site's.
    expect(site.requests.filter((path) => /\.(js|mjs)$|wasm/.test(path))).toEqual([]);
    await Promise.all([fromBuild.close(), fromSite.close()]);
  });

  it('refuses a redirect to another origin, and names a missing page by its URL', async () => {
    const session = await connect(new SiteSource(site.origin, 5000));
    expect(await session.call('read_page', { path: '/away' })).toEqual({
      isError: true,
      text: `${site.origin}/away.md redirects to http://192.0.2.1/elsewhere.md, outside ${site.origin}; it was not followed.`,
    });
    const missing = await session.call('read_page', { path: '/models/nope' });
    expect(missing.isError).toBe(true);
    expect(missing.text).toContain(
      `There is no page "/models/nope" on this site: ${site.origin}/models/nope.md does not exist (HTTP 404).`,
    );
    await session.close();
  });

  it('gives the URL and the cause when the site does not answer in time', async () => {
    const session = await connect(new SiteSource(`${site.origin}/hang`, 200));
    expect(await session.call('list_pages')).toEqual({
      isError: true,
      text: `Could not reach ${site.origin}/hang/llms.txt: no answer within 0.2 s.`,
    });
    await session.close();
  });

  it('gives the URL and the cause when the site is unreachable, and tries again on the next call', async () => {
    const closed = await serveFolder(FIXTURE_SITE);
    await closed.close();
    const session = await connect(new SiteSource(closed.origin, 5000));
    for (let attempt = 0; attempt < 2; attempt++) {
      const result = await session.call('search_docs', { query: 'vllm' });
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(new RegExp(`^Could not reach ${closed.origin}/llms\\.txt: connect ECONNREFUSED`));
    }
    await session.close();
  });
});
