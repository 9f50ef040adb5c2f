// The one static host of the tests and the bench: it serves a build the way an object
// store does, with clean URLs. A file is served as it is (`/faq.html` stays
// `/faq.html`), a clean path falls back to its `.html` file or its folder's
// index.html, and anything else gets 404.html with status 404. `mount` serves the
// site under a sub-path, to play a host whose base path differs from the site's;
// `gzip` compresses text as a production host would (level 9, once per file), and
// sends the files it does not compress itself (Pagefind's) by their precompressed
// `.br` or `.gz` twins when the build wrote them, as nginx's brotli_static and gzip_static do.
import { createReadStream, existsSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

/** The build the end-to-end tests serve: E2E_BUILD_DIR, or build/. */
export const BUILD_DIR = path.resolve(process.env.E2E_BUILD_DIR ?? 'build');

/** @type {Readonly<Record<string, string>>} */
const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.txt': 'text/plain; charset=utf-8',
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

/** @param {string} file */
function contentType(file) {
  return CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream';
}

/**
 * The file a path names under root, or null: the path itself, then `.html`, then its
 * folder's index.html; never outside root.
 * @param {string} root
 * @param {string} relative the path below the mount, without its leading slash
 */
async function resolveFile(root, relative) {
  const clean = path.normalize(relative).replace(/^(\.\.[/\\])+/, '');
  for (const candidate of [clean, `${clean}.html`, path.join(clean, 'index.html')]) {
    const file = path.join(root, candidate);
    if (file.startsWith(root) && (await stat(file).catch(() => null))?.isFile()) {
      return file;
    }
  }
  return null;
}

/**
 * @typedef {{ origin: string, port: number, close: () => Promise<void> }} StaticHost
 * @param {{ root?: string, mount?: string, gzip?: boolean, port?: number }} [options]
 * @returns {Promise<StaticHost>}
 */
export async function startStaticHost({ root = BUILD_DIR, mount = '/', gzip = false, port = 0 } = {}) {
  const base = path.resolve(root);
  /** @type {Map<string, Buffer>} */
  const gzipped = new Map();
  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      let pathname;
      try {
        pathname = decodeURIComponent(url.pathname);
      } catch {
        pathname = url.pathname;
      }
      if (!pathname.startsWith(mount)) {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      const found = await resolveFile(base, pathname.slice(mount.length));
      const file = found ?? path.join(base, '404.html');
      const status = found ? 200 : 404;
      const type = contentType(file);
      const accepts = request.headers['accept-encoding'] ?? '';
      const acceptsGzip = /\bgzip\b/.test(accepts);
      // As nginx's brotli_static and gzip_static, for the files this host does not compress
      // itself (Pagefind's): their twins, written by the build, go as they are.
      if (gzip && found && !COMPRESSIBLE.test(type)) {
        const twin = [
          { encoding: 'br', file: `${file}.br`, accepted: /\bbr\b/.test(accepts) },
          { encoding: 'gzip', file: `${file}.gz`, accepted: acceptsGzip },
        ].find((candidate) => candidate.accepted && existsSync(candidate.file));
        if (twin) {
          response.writeHead(status, {
            'content-type': type,
            vary: 'accept-encoding',
            'content-encoding': twin.encoding,
          });
          createReadStream(twin.file)
            .on('error', () => response.end())
            .pipe(response);
          return;
        }
      }
      if (gzip && COMPRESSIBLE.test(type) && acceptsGzip) {
        let body = gzipped.get(file);
        if (!body) {
          body = gzipSync(await readFile(file), { level: 9 });
          gzipped.set(file, body);
        }
        response
          .writeHead(status, { 'content-type': type, vary: 'accept-encoding', 'content-encoding': 'gzip' })
          .end(body);
        return;
      }
      response.writeHead(status, { 'content-type': type, ...(gzip ? { vary: 'accept-encoding' } : {}) });
      createReadStream(file)
        .on('error', () => response.end())
        .pipe(response);
    })();
  });
  await new Promise((done) => server.listen(port, '127.0.0.1', () => done(undefined)));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : port;
  return {
    origin: `http://127.0.0.1:${listening}`,
    port: listening,
    close: () =>
      new Promise((done) => {
        server.close(() => done(undefined));
        // Browsers keep connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
