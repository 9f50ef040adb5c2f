import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { startStaticHost } from '../support/static-server.mjs';

describe('the static host of the tests and the bench', () => {
  let dir: string;
  let host: Awaited<ReturnType<typeof startStaticHost>>;
  const chunk = Buffer.from('pagefind_dcd' + 'a chunk of the index '.repeat(50));

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'rubra-host-'));
    mkdirSync(path.join(dir, 'pagefind', 'index'), { recursive: true });
    writeFileSync(path.join(dir, 'index.html'), '<p>home</p>'.repeat(40));
    writeFileSync(path.join(dir, '404.html'), '<p>not found</p>');
    const file = path.join(dir, 'pagefind', 'index', 'en_1.pf_index');
    writeFileSync(file, gzipSync(chunk));
    writeFileSync(`${file}.gz`, gzipSync(chunk));
    writeFileSync(`${file}.br`, brotliCompressSync(chunk));
    writeFileSync(path.join(dir, 'pagefind', 'index', 'en_2.pf_index'), gzipSync(chunk));
    host = await startStaticHost({ root: dir, gzip: true });
  });
  afterAll(async () => {
    await host.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const get = (pathname: string, acceptEncoding: string) =>
    // Node's fetch inflates what it is sent, as a browser does.
    fetch(`${host.origin}${pathname}`, { headers: { 'accept-encoding': acceptEncoding } });

  it('sends a Pagefind file by its Brotli twin, else its gzip twin, else as it is', async () => {
    const brotli = await get('/pagefind/index/en_1.pf_index', 'gzip, br');
    expect(brotli.headers.get('content-encoding')).toBe('br');
    expect(Buffer.from(await brotli.arrayBuffer())).toEqual(chunk);
    const gzip = await get('/pagefind/index/en_1.pf_index', 'gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(Buffer.from(await gzip.arrayBuffer())).toEqual(chunk);
    const plain = await get('/pagefind/index/en_1.pf_index', 'identity');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(gzipSync(chunk));
  });

  it('sends a Pagefind file without twins as it is, and text gzipped on the fly', async () => {
    const bare = await get('/pagefind/index/en_2.pf_index', 'gzip, br');
    expect(bare.headers.get('content-encoding')).toBeNull();
    const page = await get('/', 'gzip, br');
    expect(page.headers.get('content-encoding')).toBe('gzip');
    expect(await page.text()).toBe('<p>home</p>'.repeat(40));
  });
});
