// A static host on 127.0.0.1 for the benchmark that serves like a production host:
// clean URLs (/a -> a.html, /a/ -> a/index.html), text compressed with gzip (level 9,
// cached per file), and any unknown path answered with 404.html and status 404.
// Port 0 picks a free port; read it from server.address().port.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.md': 'text/markdown; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|xml|javascript)|image\/svg)/;

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
  const gzipped = new Map();
  const server = createServer(async (request, response) => {
    const found = await resolveFile(root, new URL(request.url, 'http://127.0.0.1').pathname);
    const file = found ?? path.join(root, '404.html');
    const body = await readFile(file).catch(() => null);
    if (!body) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const type = TYPES[path.extname(file)] ?? 'application/octet-stream';
    const headers = { 'content-type': type, vary: 'accept-encoding' };
    const status = found ? 200 : 404;
    if (COMPRESSIBLE.test(type) && /\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) {
      if (!gzipped.has(file)) gzipped.set(file, gzipSync(body, { level: 9 }));
      response.writeHead(status, { ...headers, 'content-encoding': 'gzip' }).end(gzipped.get(file));
      return;
    }
    response.writeHead(status, headers).end(body);
  });
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}
