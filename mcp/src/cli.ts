#!/usr/bin/env node
import { statSync } from 'node:fs';
import { parseArgs, type ParseArgsConfig } from 'node:util';

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

import { MCP_PATH, parseHttpAddress, startHttpServer, type HttpOptions } from './http.js';
import { createDocsServer, VERSION } from './server.js';
import { BuildSource, SiteSource, type DocsSource } from './source.js';

const DEFAULT_SITE = 'https://docs.rubra.ai';
const DEFAULT_TIMEOUT_SECONDS = 10;

const USAGE = `Usage: rubra-docs-mcp [--site URL [--timeout SECONDS] | --build DIR]
                      [--http [HOST:]PORT [--allow-host NAME]... [--allow-origin ORIGIN]...]

An MCP server with tools to search and read the Rubra documentation: search_docs,
read_page and list_pages. It reads the site's llms.txt, the Markdown twins of its
pages and its search index, nothing else. It speaks over stdio, or over HTTP at
${MCP_PATH} with --http.

Options:
  --site URL            read the published site at URL (default ${DEFAULT_SITE})
  --timeout SECONDS     time limit of each request to the site (default ${DEFAULT_TIMEOUT_SECONDS})
  --build DIR           read a local build of the site instead, offline
  --http [HOST:]PORT    serve MCP's Streamable HTTP transport at ${MCP_PATH} instead of stdio;
                        HOST is 127.0.0.1 unless given, PORT 0 picks a free port
  --allow-host NAME     also accept requests whose Host header names NAME (loopback
                        names are always accepted); repeat for more names
  --allow-origin ORIGIN accept browser requests from ORIGIN (requests without an
                        Origin header are always accepted); repeat for more origins
  --help                show this help
  --version             show the version
`;

const OPTIONS = {
  site: { type: 'string' },
  build: { type: 'string' },
  timeout: { type: 'string' },
  http: { type: 'string' },
  'allow-host': { type: 'string', multiple: true, default: [] },
  'allow-origin': { type: 'string', multiple: true, default: [] },
  help: { type: 'boolean' },
  version: { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; strict: true }>>['values'];

/** What the command line asks for; a command line the server cannot run throws, saying what to give. */
function configOf(values: Values): { source: DocsSource; http?: HttpOptions } {
  const { site, build, timeout, 'allow-host': allowedHosts, 'allow-origin': allowedOrigins } = values;
  if (site !== undefined && build !== undefined) {
    throw new Error('Give either --site or --build, not both.');
  }
  if (build !== undefined && timeout !== undefined) {
    throw new Error('--timeout applies to --site only.');
  }
  if (values.http === undefined && allowedHosts.length + allowedOrigins.length > 0) {
    throw new Error('--allow-host and --allow-origin apply to --http only.');
  }
  const http =
    values.http === undefined ? undefined : { ...parseHttpAddress(values.http), allowedHosts, allowedOrigins };
  for (const origin of allowedOrigins) {
    if (!URL.canParse(origin) || new URL(origin).origin !== origin.replace(/\/$/, '')) {
      throw new Error(`--allow-origin ${origin}: give an origin, such as https://docs.example.com.`);
    }
  }
  if (build !== undefined) {
    if (!statSync(build, { throwIfNoEntry: false })?.isDirectory()) {
      throw new Error(`--build ${build}: no such folder. Build the site first (npm run build).`);
    }
    return { source: new BuildSource(build), http };
  }
  const url = site ?? DEFAULT_SITE;
  if (!URL.canParse(url) || !/^https?:$/.test(new URL(url).protocol)) {
    throw new Error(`--site ${url}: not an http(s) URL.`);
  }
  const seconds = Number(timeout ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(seconds > 0)) {
    throw new Error(`--timeout ${timeout}: give a number of seconds above 0.`);
  }
  return { source: new SiteSource(url, seconds * 1000), http };
}

async function main(): Promise<void> {
  let config: ReturnType<typeof configOf>;
  try {
    const { values } = parseArgs({ args: process.argv.slice(2), options: OPTIONS, strict: true });
    if (values.help || values.version) {
      process.stdout.write(values.help ? USAGE : `${VERSION}\n`);
      return;
    }
    config = configOf(values);
  } catch (error) {
    // Also parseArgs's TypeError (an unknown option, a missing value) and parseHttpAddress's error.
    process.stderr.write(`rubra-docs-mcp: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { source, http } = config;
  if (!http) {
    await createDocsServer(source).connect(new StdioServerTransport());
    // stdout carries the protocol; anything for people goes to stderr.
    process.stderr.write(`rubra-docs-mcp ${VERSION}: serving the docs of ${source.label} over stdio\n`);
    return;
  }
  const running = await startHttpServer(source, http).catch((error: Error) => {
    process.stderr.write(`rubra-docs-mcp: cannot listen on ${http.host}:${http.port}: ${error.message}\n`);
    return process.exit(1);
  });
  process.stderr.write(`rubra-docs-mcp ${VERSION}: serving the docs of ${source.label} at ${running.url}\n`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void running.close().then(() => process.exit(0));
    });
  }
}

await main();
