// Serves a production build on 127.0.0.1 for the end-to-end tests, with the one static
// host the tests and the bench share (tests/support/static-server.mjs):
// vite-node scripts/serve-build.ts [port], with E2E_BUILD_DIR naming the build (default build/).
import { BUILD_DIR, startStaticHost } from '../tests/support/static-server.mjs';

const port = Number(process.argv[2] ?? '4173');
if (!Number.isInteger(port) || port <= 0) {
  throw new Error(`serve-build: "${process.argv[2]}" is not a port number`);
}
const host = await startStaticHost({ root: BUILD_DIR, port });
console.log(`Serving ${BUILD_DIR} at ${host.origin}/`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void host.close().then(() => process.exit(0));
  });
}
