// Serves a production build on 127.0.0.1 for the end-to-end tests:
// node scripts/serve-build.mjs [port], with E2E_BUILD_DIR naming the build (default build/).
import { spawn } from 'node:child_process';

const port = process.argv[2] ?? '4173';
const dir = process.env.E2E_BUILD_DIR ?? 'build';
const server = spawn('npx', ['docusaurus', 'serve', '--dir', dir, '--port', port, '--host', '127.0.0.1', '--no-open'], {
  stdio: 'inherit',
});
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code) => process.exit(code ?? 0));
