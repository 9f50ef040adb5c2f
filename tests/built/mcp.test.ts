import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

import { afterAll, beforeAll, expect, inject, test } from 'vitest';

import { MCP_CLI as SERVER, startServer, startStdio, urlsOf, type McpSession as Session } from '../support/mcp-client';
import { servedIds } from '../support/built-site';
import { BUILD_DIR } from '../support/static-server.mjs';
import { readPage } from '../../src/plugins-lib/twins/remark';
import { headingIds } from '../support/heading-ids';

/**
 * The docs MCP server as an editor runs it: the compiled bin, spoken to over stdio by
 * the SDK's client, on the production build, as a folder (--build) and as the site the
 * suite serves on 127.0.0.1 (--site). The tests run in order, against one server.
 */

const PUBLISHED = 'https://docs.rubra.ai';
/** The build as the run's static host serves it (tests/built/setup.ts). */
const origin = inject('origin');

/** Fails unless a result URL names a built page: its twin is in the build and the page is served. */
async function expectResolves(url: string): Promise<void> {
  const { pathname } = new URL(url);
  const twin = pathname === '/' ? '/index.md' : `${pathname}.md`;
  expect(existsSync(join(BUILD_DIR, twin)), `${twin} is in the build`).toBe(true);
  expect((await fetch(new URL(pathname, origin))).status, `${pathname} is served`).toBe(200);
}

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as { port: number };
  await new Promise<void>((done) => server.close(() => done()));
  return port;
}

let build: Session;

beforeAll(async () => {
  // The package as published: compiled by its own build script, in tests/built/setup.ts.
  build = await startServer('--build', BUILD_DIR);
});

afterAll(async () => {
  await build?.close();
});

test('lists search_docs, read_page and list_pages with their input schemas', async () => {
  const { tools } = await build.client.listTools();
  expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages']);
  const byName = Object.fromEntries(tools.map((tool) => [tool.name, tool]));
  expect(byName.search_docs?.inputSchema).toMatchObject({
    type: 'object',
    required: ['query'],
    properties: { query: { type: 'string' }, limit: { type: 'integer', minimum: 1, maximum: 20, default: 5 } },
  });
  expect(byName.read_page?.inputSchema).toMatchObject({
    type: 'object',
    required: ['path'],
    properties: { path: { type: 'string' } },
  });
  expect(byName.list_pages?.inputSchema).toMatchObject({ type: 'object' });
});

test('search_docs finds the vLLM guide first for "serve with vLLM in Docker", at a URL that resolves', async () => {
  const result = await build.call('search_docs', { query: 'serve with vLLM in Docker' });
  expect(result.isError).toBe(false);
  const urls = urlsOf(result.text);
  expect(urls).toHaveLength(5);
  expect(urls[0]).toMatch(new RegExp(`^${PUBLISHED}/inference/vllm($|#)`));
  for (const url of urls) {
    await expectResolves(url);
  }
});

test('search_docs reads a reader’s word as the site’s search does, from the words the build publishes', async () => {
  // "erase" is the docs' "delete" and "conversation" their "thread" (the query layer's
  // synonyms.json, published as /search-words.json); word for word, a model guide's text
  // would come first.
  const urls = urlsOf((await build.call('search_docs', { query: 'erase conversation', limit: 3 })).text);
  expect(new URL(urls[0] ?? '').pathname).toBe('/api/delete-thread');
});

test('every section URL search_docs can give lands on an element with that id on its page', async () => {
  // The package's own reading of the build: every section of every page llms.txt lists.
  const mcp = (await import(
    pathToFileURL(join('mcp', 'dist', 'index.js')).href
  )) as typeof import('../../mcp/src/index');
  const source = new mcp.BuildSource(BUILD_DIR);
  const { pages } = await new mcp.Docs(source).map();
  const sectionUrls = new Set<string>();
  for (const listed of pages) {
    // A section is the page's introduction or one of its h2 and h3 headings; the title takes no id.
    sectionUrls.add(listed.url);
    const body = new TextDecoder().decode(await source.readBytes(listed.twinPath)).replace(/^# .*\n/, '');
    for (const [heading, id] of headingIds(readPage(body, 'markdown'))) {
      if (heading.depth === 2 || heading.depth === 3) {
        sectionUrls.add(`${listed.url}#${id}`);
      }
    }
  }
  // The server answers with those URLs: broad queries, at the highest limit.
  const answered = new Set<string>();
  for (const query of ['model', 'server', 'tool call', 'assistant', 'run', 'response', 'install', 'benchmark']) {
    urlsOf((await build.call('search_docs', { query, limit: 20 })).text).forEach((url) => answered.add(url));
  }
  expect([...answered].filter((url) => !sectionUrls.has(url))).toEqual([]);
  expect([...answered].filter((url) => url.includes('#')).length).toBeGreaterThan(20);

  const missing: string[] = [];
  let anchors = 0;
  for (const pathname of new Set([...sectionUrls].map((url) => new URL(url).pathname))) {
    const ids = (await servedIds(origin, pathname)) ?? new Set<string>();
    for (const url of sectionUrls) {
      const { pathname: at, hash } = new URL(url);
      if (at === pathname && hash) {
        anchors += 1;
        if (!ids.has(decodeURIComponent(hash.slice(1)))) {
          missing.push(url);
        }
      }
    }
  }
  expect(missing, `${missing.length} of ${anchors} section anchors are not on their pages`).toEqual([]);
  expect(anchors).toBeGreaterThan(pages.length);
});

test('read_page returns exactly the twin, by path, by .md path and by URL', async () => {
  const llama = readFileSync(join(BUILD_DIR, 'models/llama.md'), 'utf8');
  for (const path of ['/models/llama', '/models/llama.md', `${PUBLISHED}/models/llama#top`]) {
    expect(await build.call('read_page', { path })).toEqual({ isError: false, text: llama });
  }
  const home = readFileSync(join(BUILD_DIR, 'index.md'), 'utf8');
  expect(await build.call('read_page', { path: '/' })).toEqual({ isError: false, text: home });
});

test('list_pages lists every page of llms.txt by section', async () => {
  const result = await build.call('list_pages');
  expect(result.isError).toBe(false);
  for (const section of ['## Models', '## Serving', '## Benchmarks and FAQ', '## API reference']) {
    expect(result.text).toContain(`\n${section}\n`);
  }
  expect(result.text).toContain(`](${PUBLISHED}/api/create-run): `);
  expect(result.text).toContain(`](${PUBLISHED}/models/llama): `);
});

test('every bad input is a tool error that names the problem', async () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['search_docs', { query: '' }, 'The query is empty'],
    ['search_docs', { query: ' \n ' }, 'The query is empty'],
    ['search_docs', { query: 'vllm', limit: 1000 }, 'limit'],
    ['read_page', { path: '/models/nonexistent' }, 'There is no page "/models/nonexistent" on this site'],
    ['read_page', { path: 'https://example.com/models/llama' }, 'is not a page of this site'],
    ['read_page', { path: '../../../etc/passwd' }, 'points outside the site'],
  ];
  for (const [tool, args, message] of cases) {
    const result = await build.call(tool, args);
    expect(result.isError, `${tool} ${JSON.stringify(args)}`).toBe(true);
    expect(result.text).toContain(message);
  }
});

test('--site on the served build answers like --build', async () => {
  const site = await startServer('--site', origin, '--timeout', '20');
  try {
    for (const [tool, args] of [
      ['list_pages', {}],
      ['search_docs', { query: 'serve with vLLM in Docker' }],
      ['search_docs', { query: 'stream a run', limit: 8 }],
      ['search_docs', { query: 'erase conversation', limit: 3 }],
      ['read_page', { path: '/api/create-run' }],
      ['read_page', { path: `${PUBLISHED}/faq` }],
      ['read_page', { path: '/models/nonexistent' }],
    ] as const) {
      const fromSite = await site.call(tool, args);
      const fromBuild = await build.call(tool, args);
      if (fromBuild.isError) {
        expect(fromSite.isError).toBe(true);
      } else {
        expect(fromSite).toEqual(fromBuild);
      }
    }
    const local = await site.call('read_page', { path: `${origin}/models/llama` });
    expect(local.text).toBe(readFileSync(join(BUILD_DIR, 'models/llama.md'), 'utf8'));
  } finally {
    await site.close();
  }
});

test('an unreachable --site is a tool error with the URL and the cause', async () => {
  const closed = `http://127.0.0.1:${await closedPort()}`;
  const site = await startServer('--site', closed);
  try {
    for (const [tool, args] of [
      ['search_docs', { query: 'vllm' }],
      ['list_pages', {}],
      ['read_page', { path: '/models/llama' }],
    ] as const) {
      const result = await site.call(tool, args);
      expect(result.isError).toBe(true);
      expect(result.text).toMatch(new RegExp(`^Could not reach ${closed}/\\S+: connect ECONNREFUSED`));
    }
  } finally {
    await site.close();
  }
});

test('--version, --help, and a command line it cannot run', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [SERVER, ...args], { encoding: 'utf8' });
  const { version } = JSON.parse(readFileSync(join('mcp', 'package.json'), 'utf8')) as { version: string };
  expect(run('--version')).toMatchObject({ status: 0, stdout: `${version}\n` });
  const help = run('--help');
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(/^Usage: rubra-docs-mcp \[--site URL/);
  for (const [args, message] of [
    [['--nope'], "Unknown option '--nope'"],
    [['--site', 'https://docs.rubra.ai', '--build', BUILD_DIR], 'Give either --site or --build, not both.'],
    [['--build', join(BUILD_DIR, 'no-such-folder')], 'no such folder'],
    [['--site', 'ftp://docs.rubra.ai'], 'not an http(s) URL'],
    [['--timeout', '0'], 'give a number of seconds above 0'],
  ] as const) {
    const result = run(...args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr).toContain(message);
  }
});

interface McpManifest {
  version: string;
  dependencies: Record<string, string>;
}

interface LockEntry {
  version?: string;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * A lockfile for a project that depends on the packed tarball alone: the tarball, and
 * every package its dependencies need, as the checkout's lockfile resolved them. With it,
 * `npm ci --offline` installs from the local cache without asking the registry anything.
 */
function lockFor(tarball: string, { version, dependencies }: McpManifest): object {
  const root = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, LockEntry> };
  const packages: Record<string, LockEntry> = {};
  // Where Node finds `name` from the package at `from`: its own node_modules, then each parent's.
  const locate = (from: string, name: string) => {
    for (let dir = from; ; dir = dir.replace(/\/?node_modules\/(@[^/]+\/)?[^/]+$/, '')) {
      const candidate = `${dir ? `${dir}/` : ''}node_modules/${name}`;
      if (root.packages[candidate]) return candidate;
      if (!dir) return undefined;
    }
  };
  const visit = (from: string, needs: Record<string, string> = {}) => {
    for (const name of Object.keys(needs)) {
      const at = locate(from, name);
      if (!at || packages[at]) continue;
      const entry = root.packages[at] ?? {};
      packages[at] = entry;
      visit(at, { ...entry.dependencies, ...entry.optionalDependencies, ...entry.peerDependencies });
    }
  };
  visit('', dependencies);
  return {
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { dependencies: { '@rubra-ai/docs-mcp': `file:${tarball}` } },
      'node_modules/@rubra-ai/docs-mcp': { version, resolved: `file:${tarball}`, dependencies },
      ...packages,
    },
  };
}

test('runs from the package npm pack makes, installed on its own from the local cache, offline', async () => {
  // Outside the checkout, nothing of the workspace resolves: the query layer must be in dist/.
  const dir = mkdtempSync(join(tmpdir(), 'docs-mcp-pack-'));
  try {
    // The package is compiled already (tests/built/setup.ts), by the script prepack runs.
    const [packed] = JSON.parse(
      execFileSync('npm', ['pack', '-w', 'mcp', '--ignore-scripts', '--json', '--pack-destination', dir], {
        encoding: 'utf8',
      }),
    ) as { filename: string; files: { path: string }[] }[];
    const tarball = packed?.filename ?? '';
    expect(packed?.files.map((file) => file.path)).toContain('dist/cli.js');
    const mcp = JSON.parse(readFileSync(join('mcp', 'package.json'), 'utf8')) as McpManifest;
    const manifest = { private: true, dependencies: { '@rubra-ai/docs-mcp': `file:${tarball}` } };
    writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
    writeFileSync(join(dir, 'package-lock.json'), JSON.stringify(lockFor(tarball, mcp)));
    execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'pipe' });
    const installed = join(dir, 'node_modules', '@rubra-ai', 'docs-mcp', 'dist', 'cli.js');
    const server = await startStdio(process.execPath, [installed, '--build', resolve(BUILD_DIR)]);
    try {
      const urls = urlsOf((await server.call('search_docs', { query: 'serve with vLLM in Docker', limit: 3 })).text);
      expect(new URL(urls[0] ?? '').pathname).toBe('/inference/vllm');
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 180_000);
