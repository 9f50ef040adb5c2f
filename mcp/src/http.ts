import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

import { Docs } from './docs.js';
import { createDocsServer } from './server.js';
import type { DocsSource } from './source.js';

export const MCP_PATH = '/mcp';
/** A search or a page request is a few hundred bytes; this leaves room for any client's envelope. */
export const MAX_BODY_BYTES = 64 * 1024;
/** Requests answered at once; more wait for none of them and are told to retry. */
export const MAX_CONCURRENT_REQUESTS = 64;
/** A client has this long to send its whole request (headers and body). */
const REQUEST_TIMEOUT_MS = 30_000;
const HEADERS_TIMEOUT_MS = 10_000;

/** Host names that always mean this machine, whatever the port. */
const LOOPBACK_HOSTNAMES = ['localhost', '127.0.0.1', '[::1]'];

export interface HttpOptions {
  /** An IP address or a host name to listen on; loopback unless given. */
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Host names (without port) accepted in the Host header, besides the loopback names. */
  allowedHosts?: readonly string[];
  /** Origins (`https://example.com`) accepted in the Origin header. Requests without Origin are accepted. */
  allowedOrigins?: readonly string[];
  maxBodyBytes?: number;
  maxConcurrentRequests?: number;
}

/** Reads `PORT`, `HOST:PORT` or `[IPv6]:PORT`; the host is 127.0.0.1 when left out. */
export function parseHttpAddress(value: string): Pick<HttpOptions, 'host' | 'port'> {
  const match = /^(?:(\[[0-9a-fA-F:.]+\]|[^:[\]]+):)?(\d{1,5})$/.exec(value.trim());
  const port = Number(match?.[2]);
  if (!match || port > 65535) {
    throw new Error(`--http ${value}: give [HOST:]PORT, such as 8808 or 127.0.0.1:8808 (port 0 to 65535).`);
  }
  const host = match[1] ?? '127.0.0.1';
  return { host: host.startsWith('[') ? host.slice(1, -1) : host, port };
}

/** The hostname of a Host header, without its port, lower-cased; IPv6 keeps its brackets. */
function hostnameOf(header: string): string {
  return URL.canParse(`http://${header}`) ? new URL(`http://${header}`).hostname : '';
}

/** A JSON-RPC error, as the transport itself answers: the status says what kind, the message what to do. */
function refuse(response: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  if (response.headersSent) {
    response.destroy();
    return;
  }
  const body = JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null });
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

/**
 * Serves the docs tools over MCP's Streamable HTTP transport, statelessly: each POST to
 * /mcp gets a fresh server and transport (no session to keep or lose) over the docs read
 * once. Host and Origin are checked first, as MCP asks of a server a browser may reach
 * (DNS rebinding).
 */
export async function startHttpServer(from: DocsSource | Docs, options: HttpOptions) {
  const docs = from instanceof Docs ? from : new Docs(from);
  const maxBodyBytes = options.maxBodyBytes ?? MAX_BODY_BYTES;
  const maxConcurrent = options.maxConcurrentRequests ?? MAX_CONCURRENT_REQUESTS;
  // The endpoint's host: an IPv6 address in brackets, and loopback for a wildcard address.
  const { host } = options;
  const urlHost = ['0.0.0.0', '::'].includes(host) ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const allowedHosts = new Set(
    [...LOOPBACK_HOSTNAMES, urlHost, ...(options.allowedHosts ?? [])].map((name) => name.toLowerCase()),
  );
  const allowedOrigins = new Set((options.allowedOrigins ?? []).map((origin) => new URL(origin).origin));
  let inFlight = 0;

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const host = request.headers.host ?? '';
    if (!allowedHosts.has(hostnameOf(host))) {
      return refuse(
        response,
        403,
        `Forbidden: the Host header "${host}" is not allowed. Start the server with --allow-host ${hostnameOf(host) || 'NAME'} to accept it.`,
      );
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !allowedOrigins.has(origin)) {
      return refuse(
        response,
        403,
        `Forbidden: the Origin "${origin}" is not allowed. Start the server with --allow-origin ${origin} to accept it.`,
      );
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== MCP_PATH) {
      return refuse(response, 404, `Not found: ${path}. The MCP endpoint is ${MCP_PATH}.`);
    }
    if (request.method !== 'POST') {
      return refuse(
        response,
        405,
        `Method not allowed: ${request.method}. This server is stateless: send every JSON-RPC message with POST; there is no stream to open and no session to end.`,
        { allow: 'POST' },
      );
    }
    if (inFlight >= maxConcurrent) {
      return refuse(response, 503, `Busy: ${maxConcurrent} requests are being answered. Try again in a moment.`, {
        'retry-after': '1',
      });
    }
    inFlight += 1;
    const server = createDocsServer(docs);
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
      maxRequestBodySize: maxBodyBytes,
    });
    response.on('close', () => {
      inFlight -= 1;
      // Also when the client went away before its answer: the tool call's result is dropped.
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request, response);
  };

  const httpServer: Server = createServer((request, response) => {
    // A client that hangs up mid-request must not take the server with it.
    request.on('error', () => undefined);
    response.on('error', () => undefined);
    handle(request, response).catch((error: unknown) => {
      refuse(response, 500, `Internal error: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  httpServer.requestTimeout = REQUEST_TIMEOUT_MS;
  httpServer.headersTimeout = HEADERS_TIMEOUT_MS;

  httpServer.listen(options.port, options.host);
  await once(httpServer, 'listening');
  // Read the docs and build the search index at start rather than on the first search,
  // which every client that comes in meanwhile would wait for. A failure is not kept:
  // the first request tries again and reports it.
  docs.searchIndex().catch(() => undefined);
  const { port } = httpServer.address() as AddressInfo;
  return {
    /** The endpoint's URL, with the port actually bound. */
    url: `http://${urlHost}:${port}${MCP_PATH}`,
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.close(() => resolve());
        httpServer.closeAllConnections();
      }),
  };
}

export type RunningHttpServer = Awaited<ReturnType<typeof startHttpServer>>;
