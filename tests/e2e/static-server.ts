import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';

/**
 * A plain static host for the build, the way an object store serves it: a file is
 * served as it is (`/faq.html` stays `/faq.html`), a clean path falls back to its
 * `.html` file, anything else gets 404.html with status 404. `mount` serves the site
 * under a sub-path, to play a host whose base path differs from the site's.
 */
export interface StaticHost {
  origin: string;
  close: () => Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
};

export const BUILD_DIR = resolve(process.env.E2E_BUILD_DIR ?? 'build');

export async function startStaticHost(mount = '/'): Promise<StaticHost> {
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (file: string, status = 200) => {
      response.writeHead(status, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
      createReadStream(file).pipe(response);
    };
    if (!url.pathname.startsWith(mount)) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const relative = normalize(decodeURIComponent(url.pathname.slice(mount.length))).replace(/^(\.\.[/\\])+/, '');
    const candidates = [
      join(BUILD_DIR, relative),
      join(BUILD_DIR, `${relative}.html`),
      join(BUILD_DIR, relative, 'index.html'),
    ];
    const file = candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
    if (file) {
      send(file);
    } else {
      send(join(BUILD_DIR, '404.html'), 404);
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.close(() => done());
        // Browsers keep connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
