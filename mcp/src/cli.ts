#!/usr/bin/env node
import { statSync } from 'node:fs';
import { parseArgs } from 'node:util';

import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';

import { createDocsServer } from './server.js';
import { BuildSource, SiteSource, type DocsSource } from './source.js';
import { packageVersion } from './version.js';

const DEFAULT_SITE = 'https://docs.rubra.ai';
const DEFAULT_TIMEOUT_SECONDS = 10;

const USAGE = `Usage: rubra-docs-mcp [--site URL [--timeout SECONDS] | --build DIR]

An MCP server, over stdio, with tools to search and read the Rubra documentation:
search_docs, read_page and list_pages. It reads the site's llms.txt and the Markdown
twins of its pages, nothing else.

Options:
  --site URL          read the published site at URL (default ${DEFAULT_SITE})
  --timeout SECONDS   time limit of each request to the site (default ${DEFAULT_TIMEOUT_SECONDS})
  --build DIR         read a local build of the site instead, offline
  --help              show this help
  --version           show the version
`;

class UsageError extends Error {}

function sourceFromArgs(args: string[]): DocsSource | 'help' | 'version' {
  const { values } = parseArgs({
    args,
    options: {
      site: { type: 'string' },
      build: { type: 'string' },
      timeout: { type: 'string' },
      help: { type: 'boolean' },
      version: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) {
    return 'help';
  }
  if (values.version) {
    return 'version';
  }
  if (values.site !== undefined && values.build !== undefined) {
    throw new UsageError('Give either --site or --build, not both.');
  }
  if (values.build !== undefined) {
    if (values.timeout !== undefined) {
      throw new UsageError('--timeout applies to --site only.');
    }
    if (!statSync(values.build, { throwIfNoEntry: false })?.isDirectory()) {
      throw new UsageError(`--build ${values.build}: no such folder. Build the site first (npm run build).`);
    }
    return new BuildSource(values.build);
  }
  const site = values.site ?? DEFAULT_SITE;
  if (!URL.canParse(site) || !/^https?:$/.test(new URL(site).protocol)) {
    throw new UsageError(`--site ${site}: not an http(s) URL.`);
  }
  const seconds = Number(values.timeout ?? DEFAULT_TIMEOUT_SECONDS);
  if (!(seconds > 0)) {
    throw new UsageError(`--timeout ${values.timeout}: give a number of seconds above 0.`);
  }
  return new SiteSource(site, seconds * 1000);
}

async function main(): Promise<void> {
  let source: ReturnType<typeof sourceFromArgs>;
  try {
    source = sourceFromArgs(process.argv.slice(2));
  } catch (error) {
    // parseArgs reports unknown options and missing values with its own TypeError.
    process.stderr.write(`rubra-docs-mcp: ${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  if (source === 'help') {
    process.stdout.write(USAGE);
    return;
  }
  if (source === 'version') {
    process.stdout.write(`${packageVersion()}\n`);
    return;
  }
  const server = createDocsServer(source);
  await server.connect(new StdioServerTransport());
  // stdout carries the protocol; anything for people goes to stderr.
  process.stderr.write(`rubra-docs-mcp ${packageVersion()}: serving the docs of ${source.label} over stdio\n`);
}

await main();
