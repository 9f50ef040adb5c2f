import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { installSection, MCP_README, withInstallSection } from '../../scripts/mcp-readme';
import {
  claudeCodeCommand,
  MCP_SERVER_NAME,
  mcpInstallLinks,
  mcpLaunch,
  mcpServersJson,
} from '../../src/shared/mcp-install';

const PUBLISHED_LAUNCH = { command: 'npx', args: ['-y', '@rubra-ai/docs-mcp'] };

describe('the MCP server launch', () => {
  it('starts the published package, named as mcp/package.json names it', () => {
    const { name } = JSON.parse(readFileSync('mcp/package.json', 'utf8')) as { name: string };
    expect(mcpLaunch).toEqual({ command: 'npx', args: ['-y', name] });
    expect(mcpLaunch).toEqual(PUBLISHED_LAUNCH);
  });

  it('is the JSON block of Claude Desktop', () => {
    expect(JSON.parse(mcpServersJson())).toEqual({ mcpServers: { 'rubra-docs': PUBLISHED_LAUNCH } });
  });

  it('is the claude mcp add command', () => {
    expect(claudeCodeCommand()).toBe('claude mcp add rubra-docs -- npx -y @rubra-ai/docs-mcp');
  });
});

describe('install links', () => {
  const linkOf = (editor: string) => mcpInstallLinks().find((link) => link.editor === editor)?.href ?? '';

  it('Cursor: name and base64 JSON config in the query of its deeplink', () => {
    const link = linkOf('Cursor');
    expect(link.startsWith('cursor://anysphere.cursor-deeplink/mcp/install?')).toBe(true);
    const query = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect([...query.keys()]).toEqual(['name', 'config']);
    expect(query.get('name')).toBe(MCP_SERVER_NAME);
    expect(JSON.parse(Buffer.from(query.get('config') ?? '', 'base64').toString('utf8'))).toEqual(PUBLISHED_LAUNCH);
    // A "+" or "/" of base64 left bare would change meaning in a query string.
    expect(link).not.toMatch(/config=[^&]*[+/=]/);
  });

  it.each([
    ['VS Code', 'vscode'],
    ['VS Code Insiders', 'vscode-insiders'],
  ])('%s: URL-encoded JSON {name, command, args}', (editor, scheme) => {
    const link = linkOf(editor);
    const prefix = `${scheme}:mcp/install?`;
    expect(link.startsWith(prefix)).toBe(true);
    const encoded = link.slice(prefix.length);
    expect(encoded).not.toMatch(/[{}"\s]/);
    expect(JSON.parse(decodeURIComponent(encoded))).toEqual({ name: MCP_SERVER_NAME, ...PUBLISHED_LAUNCH });
  });

  it('lists Cursor, VS Code and VS Code Insiders', () => {
    expect(mcpInstallLinks().map((link) => link.editor)).toEqual(['Cursor', 'VS Code', 'VS Code Insiders']);
  });
});

describe(`${MCP_README}`, () => {
  const readme = readFileSync(MCP_README, 'utf8');

  it('shows the configs the menu gives: run `npm run mcp:readme` when this fails', () => {
    expect(readme).toBe(withInstallSection(readme));
    for (const text of [claudeCodeCommand(), mcpServersJson(), ...mcpInstallLinks().map((link) => link.href)]) {
      expect(readme).toContain(text);
    }
  });

  it('sees a stale section', () => {
    const stale = readme.replace(claudeCodeCommand(), 'claude mcp add rubra-docs -- npx -y @rubra-ai/docs-mcp@0.0.1');
    expect(stale).not.toBe(readme);
    expect(withInstallSection(stale)).toBe(readme);
    expect(installSection()).not.toContain('@0.0.1');
  });

  it('is rewritten by `npm run mcp:readme`, the README path of its command standing for the file', () => {
    const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };
    const copy = path.join(mkdtempSync(path.join(tmpdir(), 'mcp-readme-')), 'README.md');
    writeFileSync(copy, readme.replace(claudeCodeCommand(), 'claude mcp add rubra-docs -- npx -y old'));
    const [runner = '', ...args] = (scripts['mcp:readme'] ?? '')
      .split(' ')
      .map((word) => (word === MCP_README ? copy : word));
    const run = spawnSync(`node_modules/.bin/${runner}`, args, { encoding: 'utf8' });
    expect(run.stdout).toContain(`${copy}: install section rewritten.`);
    expect(readFileSync(copy, 'utf8')).toBe(readme);
  });

  it('names the file when its markers are missing', () => {
    expect(() => withInstallSection('# No markers\n')).toThrow(`${MCP_README}: the markers`);
  });
});
