import { request as httpRequest } from 'node:http';
import { connect as connectSocket } from 'node:net';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterEach, describe, expect, it } from 'vitest';

import { parseHttpAddress, startHttpServer, type HttpOptions, type RunningHttpServer } from '../../mcp/src/http';
import { BuildSource } from '../../mcp/src/source';
import { fixtureDocs, mcpFixtureSite } from '../support/mcp-site';

const FIXTURE_SITE = await mcpFixtureSite();
const JSON_RPC_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' };
const LIST_TOOLS = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} });

describe('parseHttpAddress', () => {
  it.each([
    ['8808', { host: '127.0.0.1', port: 8808 }],
    ['0', { host: '127.0.0.1', port: 0 }],
    ['127.0.0.1:0', { host: '127.0.0.1', port: 0 }],
    ['0.0.0.0:8808', { host: '0.0.0.0', port: 8808 }],
    ['localhost:8808', { host: 'localhost', port: 8808 }],
    ['[::1]:8808', { host: '::1', port: 8808 }],
  ])('%s', (value, address) => {
    expect(parseHttpAddress(value)).toEqual(address);
  });

  it.each(['', 'http://127.0.0.1:8808', '127.0.0.1', '65536', 'host:port', '::1:8808', ':8808'])(
    'refuses %j, saying what to give',
    (value) => {
      expect(() => parseHttpAddress(value)).toThrow('give [HOST:]PORT');
    },
  );
});

describe('startHttpServer', () => {
  let running: RunningHttpServer | undefined;

  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  async function start(options: Partial<HttpOptions> = {}): Promise<string> {
    running = await startHttpServer(await fixtureDocs(new BuildSource(FIXTURE_SITE)), {
      host: '127.0.0.1',
      port: 0,
      ...options,
    });
    return running.url;
  }

  /** A POST by node:http, which, unlike fetch, sends the Host header it is given. */
  function post(url: string, body: string, headers: Record<string, string> = {}) {
    return new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const request = httpRequest(url, { method: 'POST', headers: { ...JSON_RPC_HEADERS, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: new Headers(response.headers as Record<string, string>),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  }

  it('answers the SDK client at /mcp on a free loopback port: tools and a search', async () => {
    const url = await start();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(url)));
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => tool.name)).toEqual(['search_docs', 'read_page', 'list_pages']);
      const result = await client.callTool({ name: 'search_docs', arguments: { query: 'create a run', limit: 2 } });
      expect(result.isError).toBeFalsy();
      expect((result.content as { text: string }[])[0]?.text).toContain('https://docs.example.test/api/create-run');
    } finally {
      await client.close();
    }
  });

  it('refuses a foreign Origin and a foreign Host with 403, naming the option that accepts them', async () => {
    const url = await start({ allowedOrigins: ['https://docs.example.test'], allowedHosts: ['mcp.example.test'] });
    const origin = await post(url, LIST_TOOLS, { origin: 'https://evil.example' });
    expect(origin.status).toBe(403);
    expect(JSON.parse(origin.text)).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 }, id: null });
    expect(origin.text).toContain('the Origin \\"https://evil.example\\" is not allowed');
    expect(origin.text).toContain('--allow-origin https://evil.example');

    const host = await post(url, LIST_TOOLS, { host: 'evil.example:80' });
    expect(host.status).toBe(403);
    expect(host.text).toContain('--allow-host evil.example');

    // The allowed ones, and a client that sends no Origin at all, get through.
    expect((await post(url, LIST_TOOLS, { origin: 'https://docs.example.test' })).status).toBe(200);
    expect((await post(url, LIST_TOOLS, { host: 'mcp.example.test:443' })).status).toBe(200);
    expect((await post(url, LIST_TOOLS, { host: `localhost:${new URL(url).port}` })).status).toBe(200);
  });

  it('refuses an oversized body with 413 before reading it', async () => {
    const url = await start({ maxBodyBytes: 1024 });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: { pad: 'x'.repeat(2048) } });
    const answer = await post(url, big);
    expect(answer.status).toBe(413);
    expect(answer.text).toContain('must not exceed 1024 bytes');
  });

  it('gives a clear error for each other bad request', async () => {
    const url = await start();
    const notFound = await post(url.replace('/mcp', '/elsewhere'), LIST_TOOLS);
    expect(notFound.status).toBe(404);
    expect(notFound.text).toContain('The MCP endpoint is /mcp.');

    const get = await fetch(url, { headers: { accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    expect(await get.text()).toContain('This server is stateless');

    const notJson = await post(url, '{"jsonrpc":');
    expect(notJson.status).toBe(400);
    expect(notJson.text).toContain('Parse error');

    const wrongType = await post(url, LIST_TOOLS, { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
  });

  it('keeps answering after a client hangs up mid-request', async () => {
    const url = await start();
    const { port } = new URL(url);
    await new Promise<void>((resolve, reject) => {
      const socket = connectSocket(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
            `Accept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{"jsonrpc":"2.0",`,
          () => setTimeout(() => socket.destroy(), 50),
        );
      });
      socket.on('close', () => resolve());
      socket.on('error', reject);
    });
    // A call abandoned while its answer is being made.
    const abandoned = new AbortController();
    const call = fetch(url, {
      method: 'POST',
      headers: JSON_RPC_HEADERS,
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'search_docs', arguments: { query: 'vllm docker' } },
      }),
      signal: abandoned.signal,
    });
    abandoned.abort();
    await expect(call).rejects.toThrow();

    const after = await post(url, LIST_TOOLS);
    expect(after.status).toBe(200);
    expect(after.text).toContain('search_docs');
  });

  it('tells the client to retry when too many requests are in flight', async () => {
    const url = await start({ maxConcurrentRequests: 1 });
    const { port } = new URL(url);
    // A request whose body never ends holds the one slot.
    const holder = connectSocket(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => holder.once('connect', resolve));
    holder.write(
      `POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\n` +
        `Accept: application/json, text/event-stream\r\nContent-Length: 500\r\n\r\n{`,
    );
    try {
      let busy: Awaited<ReturnType<typeof post>> | undefined;
      // The holder's request reaches the server shortly after its bytes are written.
      for (let attempt = 0; attempt < 50 && busy?.status !== 503; attempt++) {
        busy = await post(url, LIST_TOOLS);
      }
      expect(busy?.status).toBe(503);
      expect(busy?.headers.get('retry-after')).toBe('1');
      expect(busy?.text).toContain('Try again in a moment');
    } finally {
      holder.destroy();
    }
    // The slot is freed when the holder goes.
    let status = 0;
    for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
      status = (await post(url, LIST_TOOLS)).status;
    }
    expect(status).toBe(200);
  });
});
