import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect as connectSocket, createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { SITE_CONFIG, startNginx } from '../../scripts/nginx';
import { connectMcp, MCP_CLI, urlsOf, type McpSession } from '../support/mcp-client';
import { BUILD_DIR } from '../support/static-server.mjs';

/**
 * The docs MCP server's hosted mode as a team runs it: the compiled bin with
 * `--http 127.0.0.1:0` on the production build, spoken to by the SDK's Streamable
 * HTTP client and by plain HTTP requests for what a client should not send. The tests
 * run in order, against one server.
 */

const ALLOWED_ORIGIN = 'https://docs.rubra.ai';

interface HttpServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the bin and reads the endpoint's URL from its start-up line on stderr. */
async function startHttpServer(...args: string[]): Promise<HttpServer> {
  const child = spawn(process.execPath, [MCP_CLI, '--build', BUILD_DIR, ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = / at (http:\/\/\S+\/mcp)\n/.exec(stderr);
      if (match?.[1]) {
        resolve(match[1]);
      }
    });
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${stderr}`)));
  });
  return {
    url,
    child,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function connect(url: string): Promise<McpSession> {
  return connectMcp(new StreamableHTTPClientTransport(new URL(url)));
}

/** A JSON-RPC POST by node:http, with exactly the headers given. */
function post(url: string, body: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const request = httpRequest(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, text }));
      },
    );
    // The server may answer (413) and close before the whole body is written.
    request.on('error', reject);
    request.end(body);
  });
}

const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

let server: HttpServer;

beforeAll(async () => {
  // The package is compiled by tests/built/setup.ts, before any file runs.
  server = await startHttpServer('--http', '127.0.0.1:0', '--allow-origin', ALLOWED_ORIGIN);
});

afterAll(async () => {
  await server?.stop();
});

test('answers at /mcp on a free loopback port: the SDK client lists the tools and searches', async () => {
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const client = await connect(server.url);
  try {
    const { tools } = await client.client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages']);
    const result = await client.call('search_docs', { query: 'serve with vLLM in Docker' });
    expect(result.isError).toBe(false);
    expect(urlsOf(result.text)[0]).toMatch(/^https:\/\/docs\.rubra\.ai\/inference\/vllm($|#)/);
  } finally {
    await client.close();
  }
});

test('refuses a foreign Origin and Host with 403, and accepts the allowed origin', async () => {
  const foreign = await post(server.url, LIST_TOOLS, { origin: 'https://attacker.example' });
  expect(foreign.status).toBe(403);
  expect(foreign.text).toContain('the Origin \\"https://attacker.example\\" is not allowed');
  const rebound = await post(server.url, LIST_TOOLS, { host: 'attacker.example' });
  expect(rebound.status).toBe(403);
  expect(rebound.text).toContain('--allow-host attacker.example');
  const allowed = await post(server.url, LIST_TOOLS, { origin: ALLOWED_ORIGIN });
  expect(allowed.status).toBe(200);
  expect(allowed.text).toContain('search_docs');
});

test('refuses an oversized body with 413', async () => {
  const padding = 'x'.repeat(1024 * 1024);
  const answer = await post(
    server.url,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding } }),
  );
  expect(answer.status).toBe(413);
  expect(answer.text).toMatch(/Payload Too Large: Request body must not exceed \d+ bytes/);
});

test('keeps answering after clients disconnect mid-request', async () => {
  const { port } = new URL(server.url);
  // One hangs up halfway through its body, another while its search is being answered.
  await new Promise<void>((resolve, reject) => {
    const socket = connectSocket(Number(port), '127.0.0.1', () => {
      socket.write(
        `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
          `Accept: application/json, text/event-stream\r\nContent-Length: 400\r\n\r\n{"jsonrpc":"2.0","id":`,
        () => setTimeout(() => socket.destroy(), 50),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', reject);
  });
  const search = JSON.stringify({
    jsonrpc: '2.0',
    id: 2,
    method: 'tools/call',
    params: { name: 'search_docs', arguments: { query: 'stream a run', limit: 20 } },
  });
  await new Promise<void>((resolve) => {
    const request = httpRequest(server.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    });
    // 'close' comes whether the hang-up beat the answer (an error first) or not.
    request.on('error', () => {});
    request.on('close', () => resolve());
    request.end(search, () => setTimeout(() => request.destroy(), 5));
  });

  expect(server.child.exitCode).toBeNull();
  const client = await connect(server.url);
  try {
    const result = await client.call('search_docs', { query: 'create a run', limit: 3 });
    expect(new URL(urlsOf(result.text)[0] ?? '').pathname).toBe('/api/create-run');
  } finally {
    await client.close();
  }
});

test('a bounded load: 200 searches from 20 concurrent clients are all answered', async ({ annotate }) => {
  const queries = ['serve with vLLM in Docker', 'create a run', 'llama.cpp', 'tool calling', 'benchmark', 'quantize'];
  const clients = 20;
  const perClient = 10;
  const latencies: number[] = [];
  const answered: boolean[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, index) => {
      const client = await connect(server.url);
      try {
        for (let call = 0; call < perClient; call++) {
          const query = queries[(index + call) % queries.length] ?? '';
          const before = performance.now();
          const result = await client.call('search_docs', { query });
          latencies.push(performance.now() - before);
          answered.push(!result.isError && urlsOf(result.text).length > 0);
        }
      } finally {
        await client.close();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  expect(answered).toHaveLength(clients * perClient);
  expect(answered.filter((ok) => !ok)).toEqual([]);

  const sorted = [...latencies].sort((a, b) => a - b);
  const figures =
    `${answered.length} searches from ${clients} clients in ${seconds.toFixed(1)} s: ` +
    `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms, ` +
    `max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
  await annotate(figures, 'load');
  console.log(`mcp --http load: ${figures}`);
}, 120_000);

test('--http command lines it cannot run are usage errors, a taken port an error naming it', () => {
  const run = (...args: string[]) => spawnSync(process.execPath, [MCP_CLI, ...args], { encoding: 'utf8' });
  for (const [args, message] of [
    [['--http', 'localhost'], '--http localhost: give [HOST:]PORT'],
    [['--http', '70000'], 'give [HOST:]PORT'],
    [['--allow-host', 'docs.example.com'], '--allow-host and --allow-origin apply to --http only.'],
    [['--http', '0', '--allow-origin', 'docs.example.com'], '--allow-origin docs.example.com: give an origin'],
  ] as const) {
    const result = run(...args);
    expect(result.status, args.join(' ')).toBe(2);
    expect(result.stderr).toContain(message);
  }
  const taken = run('--build', BUILD_DIR, '--http', new URL(server.url).host);
  expect(taken.status).toBe(1);
  expect(taken.stderr).toContain(`cannot listen on 127.0.0.1:${new URL(server.url).port}: listen EADDRINUSE`);
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

test('behind nginx, with deploy/mcp-proxy.conf switched on, /mcp reaches the server and the site is unchanged', async () => {
  const include = '# include /etc/nginx/rubra-docs-mcp.conf;';
  const template = readFileSync(SITE_CONFIG, 'utf8');
  // Off by default: the include is there, commented out, and nothing else names /mcp.
  expect(template).toContain(`    ${include}\n`);
  expect(template.replace(include, '')).not.toMatch(/^[^#\n]*(mcp|8808)/m);

  const upstream = 'proxy_pass http://127.0.0.1:8808;';
  const proxy = readFileSync(join('deploy', 'mcp-proxy.conf'), 'utf8');
  expect(proxy).toContain(upstream);
  const dir = mkdtempSync(join(tmpdir(), 'docs-mcp-proxy-'));
  const proxyFile = join(dir, 'rubra-docs-mcp.conf');
  writeFileSync(proxyFile, proxy.replace(upstream, `proxy_pass http://${new URL(server.url).host};`));
  const nginx = await startNginx({
    port: await freePort(),
    buildDir: BUILD_DIR,
    stdio: 'pipe',
    template: template.replace(include, `include ${proxyFile};`),
  });
  try {
    const client = await connect(`${nginx.origin}/mcp`);
    try {
      const result = await client.call('search_docs', { query: 'serve with vLLM in Docker' });
      expect(urlsOf(result.text)[0]).toMatch(/^https:\/\/docs\.rubra\.ai\/inference\/vllm($|#)/);
    } finally {
      await client.close();
    }
    // The server, not nginx, refuses a large body, with its own message.
    const large = await post(
      `${nginx.origin}/mcp`,
      JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { padding: 'x'.repeat(100_000) } }),
    );
    expect(large.status).toBe(413);
    expect(large.text).toContain('Payload Too Large');
    const home = await fetch(`${nginx.origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<html');
  } finally {
    await nginx.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
