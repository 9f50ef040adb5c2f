import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { Page } from '@playwright/test';

import { axeViolations, expect, gotoHydrated, PAGE_ACTIONS, refuseClipboardWrites, test } from './fixtures';
import { buildMcpPackage, startStdio, urlsOf } from '../support/mcp-client';

/**
 * The page-actions menu's docs MCP server items, read from the page as a reader gets
 * them, decoded as each editor decodes them, and run: every config starts a server
 * that answers search_docs.
 */

const ROUTE = '/models/llama';
const MCP_PACKAGE = JSON.parse(readFileSync(join('mcp', 'package.json'), 'utf8')) as {
  name: string;
  bin: Record<string, string>;
};

interface Launch {
  command: string;
  args: string[];
}

function menu(page: Page) {
  return page.getByRole('menu', { name: 'Page actions' });
}

async function openMenu(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Page actions' }).click();
  await expect(menu(page)).toBeVisible();
}

async function hrefOf(page: Page, item: string): Promise<string> {
  const link = menu(page).getByRole('menuitem', { name: `${item} MCP server`, exact: true });
  return (await link.getAttribute('href')) ?? '';
}

/** Clicks a copy item and returns what it put on the clipboard, after its confirmation. */
async function copied(page: Page, item: string, confirmation: string): Promise<string> {
  await page.evaluate(() => navigator.clipboard.writeText('(nothing copied yet)'));
  await openMenu(page);
  await menu(page).getByRole('menuitem', { name: item }).click();
  await expect(page.getByRole('status')).toHaveText(confirmation);
  await expect(page.getByRole('button', { name: 'Page actions' })).toBeFocused();
  return page.evaluate(() => navigator.clipboard.readText());
}

/** Cursor: name and base64-encoded JSON config in the deeplink's query. */
function decodeCursor(href: string): Launch & { name: string } {
  const prefix = 'cursor://anysphere.cursor-deeplink/mcp/install?';
  expect(href.startsWith(prefix), href).toBe(true);
  const query = new URLSearchParams(href.slice(prefix.length));
  const config = JSON.parse(Buffer.from(query.get('config') ?? '', 'base64').toString('utf8')) as Launch;
  return { name: query.get('name') ?? '', ...config };
}

/** VS Code: URL-encoded JSON {name, command, args} after the scheme's install path. */
function decodeVsCode(href: string, scheme: string): Launch & { name: string } {
  const prefix = `${scheme}:mcp/install?`;
  expect(href.startsWith(prefix), href).toBe(true);
  return JSON.parse(decodeURIComponent(href.slice(prefix.length))) as Launch & { name: string };
}

/** `claude mcp add NAME -- COMMAND ARGS...` */
function decodeClaudeCommand(line: string): Launch & { name: string } {
  const match = /^claude mcp add (\S+) -- (\S+)((?: \S+)*)$/.exec(line);
  expect(match, line).not.toBeNull();
  return { name: match?.[1] ?? '', command: match?.[2] ?? '', args: (match?.[3] ?? '').trim().split(' ') };
}

/**
 * The command line run from this checkout: `npx -y <package>` is the package's bin,
 * mcp/dist/cli.js. The config reads the published site by default; the suite is
 * offline, so the copy of that site it serves on 127.0.0.1 is named instead.
 */
function fromCheckout({ command, args }: Launch, site: string): Launch {
  expect(command).toBe('npx');
  expect(args.slice(0, 2)).toEqual(['-y', MCP_PACKAGE.name]);
  const bins = Object.values(MCP_PACKAGE.bin);
  expect(bins).toHaveLength(1);
  return { command: process.execPath, args: [join('mcp', bins[0] ?? ''), ...args.slice(2), '--site', site] };
}

test.describe('install links and configs', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    await buildMcpPackage();
  });

  test('each, decoded, starts the docs server, which answers search_docs over stdio', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await gotoHydrated(page, ROUTE);
    await openMenu(page);
    const configs: [string, Launch & { name?: string }][] = [
      ['Add to Cursor', decodeCursor(await hrefOf(page, 'Add to Cursor'))],
      ['Add to VS Code', decodeVsCode(await hrefOf(page, 'Add to VS Code'), 'vscode')],
      ['Add to VS Code Insiders', decodeVsCode(await hrefOf(page, 'Add to VS Code Insiders'), 'vscode-insiders')],
    ];
    await page.keyboard.press('Escape');

    const json = JSON.parse(await copied(page, 'Copy MCP server config', 'Copied the MCP server config.')) as {
      mcpServers: Record<string, Launch>;
    };
    const servers = Object.entries(json.mcpServers);
    expect(servers).toHaveLength(1);
    for (const [name, launch] of servers) {
      configs.push(['Copy MCP server config', { name, ...launch }]);
    }
    const line = await copied(page, 'Copy Claude Code command', 'Copied the claude mcp add command.');
    configs.push(['Copy Claude Code command', decodeClaudeCommand(line)]);

    // Each distinct launch is started once: the configs name the same server, in their own formats.
    const started = new Set<string>();
    for (const [item, config] of configs) {
      expect(config.name, item).toBe('rubra-docs');
      const launch = fromCheckout(config, baseURL ?? '');
      const key = JSON.stringify(launch);
      if (started.has(key)) continue;
      started.add(key);
      const server = await startStdio(launch.command, launch.args);
      try {
        const result = await server.call('search_docs', { query: 'serve with vLLM in Docker' });
        expect(result.isError, item).toBe(false);
        expect(urlsOf(result.text)[0], item).toMatch(/^https:\/\/docs\.rubra\.ai\/inference\/vllm($|#)/);
      } finally {
        await server.close();
      }
    }
  });

  test('reachable from the keyboard: End then Enter copies the claude mcp add command', async ({ page }) => {
    await gotoHydrated(page, ROUTE);
    await page.getByRole('button', { name: 'Page actions' }).focus();
    await page.keyboard.press('Enter');
    await expect(menu(page).getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('End');
    await expect(menu(page).getByRole('menuitem', { name: 'Copy Claude Code command' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(menu(page).getByRole('menuitem', { name: 'Copy MCP server config' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status')).toHaveText('Copied the claude mcp add command.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/^claude mcp add rubra-docs -- npx -y /);
  });
});

test.describe('clipboard refused', () => {
  test('copying the config says so, offers no page twin, and axe finds no violation, light and dark', async ({
    page,
  }) => {
    await refuseClipboardWrites(page);
    for (const theme of ['light', 'dark'] as const) {
      await test.step(`${theme} mode`, async () => {
        await gotoHydrated(page, `${ROUTE}?docusaurus-theme=${theme}`);
        await openMenu(page);
        await menu(page).getByRole('menuitem', { name: 'Copy MCP server config' }).click();
        const status = page.getByRole('status');
        await expect(status).toContainText('Your browser did not allow copying to the clipboard.');
        await expect(status.getByRole('link')).toHaveCount(0);
        expect(await axeViolations(page, PAGE_ACTIONS, { coloursOnly: theme === 'dark' })).toEqual([]);
        await status.getByRole('button', { name: 'Dismiss' }).click();
        await expect(status).toHaveText('');
      });
    }
  });
});
