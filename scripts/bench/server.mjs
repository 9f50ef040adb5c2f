// A minimal static file server on 127.0.0.1 for the benchmark (clean URLs: /a -> a.html).
// Port 0 picks a free port; read it from server.address().port.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.md': 'text/markdown; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
};

async function resolveFile(root, pathname) {
  const clean = decodeURIComponent(pathname).replace(/\/+$/, '') || '/index';
  for (const candidate of [clean, `${clean}.html`, `${clean}/index.html`]) {
    const file = path.join(root, candidate);
    if (file.startsWith(root) && (await stat(file).catch(() => null))?.isFile()) {
      return file;
    }
  }
  return null;
}

export function serve(root, port) {
  const server = createServer(async (request, response) => {
    const file = await resolveFile(root, new URL(request.url, 'http://127.0.0.1').pathname);
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(await readFile(file));
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
