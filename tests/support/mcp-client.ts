import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** The docs MCP server's compiled bin, as the package publishes it. */
export const MCP_CLI = join('mcp', 'dist', 'cli.js');

function newestChange(dir: string): number {
  return Math.max(...readdirSync(dir, { recursive: true }).map((file) => statSync(join(dir, String(file))).mtimeMs));
}

function isCompiled(): boolean {
  const compiled = statSync(MCP_CLI, { throwIfNoEntry: false });
  const inputs = [
    newestChange(join('mcp', 'src')),
    // The query layer, bundled into dist/.
    newestChange(join('packages', 'search-query', 'src')),
    ...['package.json', 'tsconfig.json', 'build.mjs'].map((file) => statSync(join('mcp', file)).mtimeMs),
  ];
  return compiled !== undefined && compiled.mtimeMs >= Math.max(...inputs);
}

/**
 * Compiles the package with its own build script, so that the suite tests it as
 * published. Several spec files need it and their workers start together: one
 * compiles while the others wait, and none compiles again what is up to date.
 */
export async function buildMcpPackage(): Promise<void> {
  const lock = join(
    tmpdir(),
    `docs-mcp-build-${createHash('sha256').update(resolve('mcp')).digest('hex').slice(0, 12)}`,
  );
  for (let waited = 0; ; waited += 200) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      if (waited > 120_000) {
        throw new Error(`${lock} has been held for 2 minutes: remove it if no test run is compiling mcp/.`);
      }
      await sleep(200);
    }
  }
  try {
    if (!isCompiled()) {
      execFileSync('npm', ['run', 'build', '-w', 'mcp'], { stdio: 'pipe' });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface McpSession {
  call: (name: string, args?: Record<string, unknown>) => Promise<{ text: string; isError: boolean }>;
  client: Client;
  close: () => Promise<void>;
}

/** The SDK's client on a transport, with tool results flattened to their text. */
export async function connectMcp(transport: Transport): Promise<McpSession> {
  const client = new Client({ name: 'e2e', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    call: async (name, callArgs = {}) => {
      const result = await client.callTool({ name, arguments: callArgs });
      const content = result.content as { type: string; text: string }[];
      return { text: content.map((part) => part.text).join(''), isError: result.isError === true };
    },
    close: () => client.close(),
  };
}

/** A command line started as an editor starts it, spoken to over stdio. */
export function startStdio(command: string, args: readonly string[]): Promise<McpSession> {
  return connectMcp(new StdioClientTransport({ command, args: [...args], stderr: 'pipe' }));
}

/** The compiled server over stdio. */
export function startServer(...args: string[]): Promise<McpSession> {
  return startStdio(process.execPath, [MCP_CLI, ...args]);
}

/** The URLs of a search_docs answer, in order. */
export function urlsOf(text: string): string[] {
  return [...text.matchAll(/^ {3}(https?:\/\/\S+)$/gm)].map((match) => match[1] ?? '');
}
