// Runs deploy/nginx.conf in a private nginx: its own top-level configuration, pid, temp
// folders and log in a temporary folder, on 127.0.0.1, never the system's nginx setup.
// Used by `npm run serve:nginx` and the end-to-end tests.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

export const SITE_CONFIG = path.join(repoRoot, 'deploy', 'nginx.conf');
/** The top-level configuration, with `{{module}}`, `{{dir}}` and `{{accessLog}}` to fill in. */
const MAIN_CONFIG = path.join(repoRoot, 'scripts', 'nginx-main.conf');
/** The folder deploy/nginx.conf serves; replaced by the build folder here. */
export const DEPLOYED_ROOT = '/var/www/rubra-docs';
/** Where Debian's libnginx-mod-http-brotli-static puts the module. */
const BROTLI_STATIC_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'];

/** The nginx binary, from NGINX_PATH or Debian's locations. */
export function findNginx() {
  return (process.env.NGINX_PATH ? [process.env.NGINX_PATH] : NGINX_CANDIDATES).find(existsSync) ?? null;
}

export function hasBrotliStatic() {
  return existsSync(BROTLI_STATIC_MODULE);
}

export const NGINX_MISSING_MESSAGE = [
  'nginx with the brotli_static module is needed to serve the site as it is deployed.',
  `Looked for nginx at: ${process.env.NGINX_PATH || NGINX_CANDIDATES.join(', ')} (set NGINX_PATH to use another binary)`,
  `and for the module at: ${BROTLI_STATIC_MODULE}.`,
  'On Debian or Ubuntu, install them with:',
  '  sudo apt-get update && sudo apt-get install -y nginx libnginx-mod-http-brotli-static',
].join('\n');

/**
 * deploy/nginx.conf with its listen lines replaced by one on 127.0.0.1 and the deployed
 * folder replaced by the build folder; the rest is used as it is.
 */
export function renderSiteConfig(template: string, { port, siteRoot }: { port: number; siteRoot: string }) {
  if (/[\s;"'{}$#]/.test(siteRoot)) {
    throw new Error(
      `nginx cannot use this folder as it is written: ${siteRoot} (move the checkout to a path without spaces or ; " ' { } $ #)`,
    );
  }
  const listen = /^([ \t]*)listen[ \t][^;\n]*;[ \t]*\n/gm;
  const first = template.search(listen);
  if (first < 0 || !template.includes(DEPLOYED_ROOT)) {
    throw new Error(`${SITE_CONFIG}: expected listen lines and the folder ${DEPLOYED_ROOT}`);
  }
  return template
    .replace(listen, (_line, indent, offset) => (offset === first ? `${indent}listen 127.0.0.1:${port};\n` : ''))
    .replaceAll(DEPLOYED_ROOT, siteRoot);
}

/** The access log's file in nginx's temporary folder, followed by `tail -f`. */
export const ACCESS_LOG_FILE = 'access.log';

/**
 * The top-level configuration: a foreground nginx with one process, the brotli module
 * from its Debian path, and everything it writes kept in `dir`. The access log is a file
 * there rather than /dev/stdout, which nginx cannot open when its stdout is a socket (a
 * process manager's pipe, systemd's journal).
 */
export function renderMainConfig(dir: string, { accessLog }: { accessLog: boolean }) {
  const values: Record<string, string> = {
    module: BROTLI_STATIC_MODULE,
    dir,
    accessLog: accessLog ? path.join(dir, ACCESS_LOG_FILE) : 'off',
  };
  return readFileSync(MAIN_CONFIG, 'utf8').replace(/\{\{(\w+)\}\}/g, (_, name) => values[name] ?? '');
}

type Options = { port: number; buildDir: string; accessLog?: boolean; stdio?: 'inherit' | 'pipe'; template?: string };

/**
 * Starts nginx on 127.0.0.1:port serving buildDir, in the foreground; resolves once it
 * answers. With `accessLog`, each request's line is copied to this process's stdout;
 * `template` replaces the text of deploy/nginx.conf, for a test of a variant.
 */
export async function startNginx({ port, buildDir, accessLog = false, stdio = 'inherit', template }: Options) {
  const nginx = findNginx();
  if (!nginx || !hasBrotliStatic()) {
    throw new Error(NGINX_MISSING_MESSAGE);
  }
  const origin = `http://127.0.0.1:${port}`;
  const answers = () =>
    fetch(`${origin}/`, { method: 'HEAD', signal: AbortSignal.timeout(1000) }).then(
      () => true,
      () => false,
    );
  // Something answering already would answer in nginx's place while nginx retries its bind.
  if (await answers()) {
    throw new Error(`${origin} is in use; choose another port`);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'rubra-nginx-'));
  const siteConfig = renderSiteConfig(template ?? readFileSync(SITE_CONFIG, 'utf8'), {
    port,
    siteRoot: path.resolve(buildDir),
  });
  writeFileSync(path.join(dir, 'site.conf'), siteConfig);
  writeFileSync(path.join(dir, 'nginx.conf'), renderMainConfig(dir, { accessLog }));
  const child = spawn(nginx, ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', 'stderr'], { stdio });
  const exited = once(child, 'exit').then(() => rmSync(dir, { recursive: true, force: true }));
  for (let attempt = 0; !(await answers()); attempt += 1) {
    const status = child.signalCode ?? child.exitCode;
    if (status !== null) {
      throw new Error(`nginx stopped (${status}) before answering on ${origin}; see its messages above`);
    }
    if (attempt > 100) {
      child.kill('SIGTERM');
      throw new Error(`nginx did not answer on ${origin}`);
    }
    await setTimeout(100);
  }
  if (accessLog) {
    // From the first line (nginx opened the file before answering) until nginx has stopped.
    const log = path.join(dir, ACCESS_LOG_FILE);
    spawn('tail', ['-n', '+1', '-f', `--pid=${child.pid}`, log], { stdio: ['ignore', 'inherit', 'inherit'] });
  }
  return {
    origin,
    process: child,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}
