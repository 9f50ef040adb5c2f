/**
 * How an AI editor starts the docs MCP server, and every form the site and the
 * package's README give it in: the Cursor and VS Code install links, the JSON block
 * that Claude Desktop and most clients read, and the `claude mcp add` command. All of
 * them start the published package, which reads the published site by default.
 */
import mcpPackage from '../../mcp/package.json';

export const MCP_SERVER_NAME = 'rubra-docs';

/** The command line every configuration runs. */
export const mcpLaunch = { command: 'npx', args: ['-y', mcpPackage.name] };

/** The `mcpServers` block of Claude Desktop's configuration file, which most MCP clients read too. */
export function mcpServersJson(): string {
  return JSON.stringify({ mcpServers: { [MCP_SERVER_NAME]: mcpLaunch } }, null, 2);
}

/** One line for a terminal: Claude Code adds the server with it. */
export function claudeCodeCommand(): string {
  return ['claude', 'mcp', 'add', MCP_SERVER_NAME, '--', mcpLaunch.command, ...mcpLaunch.args].join(' ');
}

/**
 * The editors that install an MCP server from a link, in the order the menu lists them:
 * Cursor reads the configuration as base64-encoded JSON, VS Code the server's name and
 * command line as URL-encoded JSON.
 */
export function mcpInstallLinks() {
  const cursorConfig = encodeURIComponent(btoa(JSON.stringify(mcpLaunch)));
  const vscode = encodeURIComponent(JSON.stringify({ name: MCP_SERVER_NAME, ...mcpLaunch }));
  return [
    {
      editor: 'Cursor',
      href: `cursor://anysphere.cursor-deeplink/mcp/install?name=${encodeURIComponent(MCP_SERVER_NAME)}&config=${cursorConfig}`,
    },
    { editor: 'VS Code', href: `vscode:mcp/install?${vscode}` },
    { editor: 'VS Code Insiders', href: `vscode-insiders:mcp/install?${vscode}` },
  ];
}
