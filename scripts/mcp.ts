// Starts the docs MCP server over stdio on the local build: `npm run --silent mcp`.
// Builds the site first when build/ has no llms.txt, and the server when mcp/dist is missing.
// stdout belongs to the MCP protocol, so the builds' output goes to stderr.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const BUILD_DIR = 'build';
const SERVER = 'mcp/dist/cli.js';

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', process.stderr, 'inherit'] });
  if (result.status !== 0) {
    console.error(`\`${command} ${args.join(' ')}\` failed.`);
    process.exit(result.status ?? 1);
  }
}

if (!existsSync(`${BUILD_DIR}/llms.txt`)) {
  console.error(`No site build with llms.txt in ${BUILD_DIR}/: building it (npm run build).`);
  run('npm', ['run', 'build']);
}
if (!existsSync(SERVER)) {
  console.error('Building the docs MCP server (npm run build -w mcp).');
  run('npm', ['run', 'build', '-w', 'mcp']);
}
const server = spawn(process.execPath, [SERVER, '--build', BUILD_DIR, ...process.argv.slice(2)], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
