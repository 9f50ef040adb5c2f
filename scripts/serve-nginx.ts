// npm run serve:nginx [-- --port N]: serves build/ through nginx with deploy/nginx.conf on
// http://127.0.0.1:8080, building first when build/ is missing or unfinished. It installs
// nothing: without nginx it says what to install.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { NGINX_HEADERS_FILE, staleInlineCode } from '../deploy/build-output';
import { findNginx, hasBrotliStatic, NGINX_MISSING_MESSAGE, startNginx } from './nginx';

const { values } = parseArgs({
  options: { port: { type: 'string', default: '8080' }, quiet: { type: 'boolean', default: false } },
});
const buildDir = path.resolve(process.env.E2E_BUILD_DIR ?? 'build');

try {
  if (!findNginx() || !hasBrotliStatic()) {
    throw new Error(NGINX_MISSING_MESSAGE);
  }
  if (!existsSync(path.join(buildDir, 'index.html')) || !existsSync(path.join(buildDir, NGINX_HEADERS_FILE))) {
    console.info(`[serve:nginx] no finished build in ${buildDir}: running npm run build`);
    if (spawnSync('npm', ['run', 'build'], { stdio: 'inherit' }).status !== 0) {
      throw new Error('npm run build failed');
    }
  }
  const stale = staleInlineCode(buildDir);
  if (stale.length > 0) {
    throw new Error(
      `${buildDir} changed after its Content-Security-Policy was computed; run npm run build. Not allowed:\n` +
        stale.map((item) => `  ${item.file}: inline ${item.kind} ${item.hash}`).join('\n'),
    );
  }
  const server = await startNginx({ port: Number(values.port), buildDir, accessLog: !values.quiet });
  console.info(`[serve:nginx] ${buildDir} on ${server.origin}/ (Ctrl+C stops)`);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => void server.stop().then(() => process.exit(0)));
  }
  server.process.once('exit', (code) => process.exit(code ?? 0));
} catch (error) {
  console.error(`[serve:nginx] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
