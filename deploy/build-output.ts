// What runs after `docusaurus build`, in order, and how to read its output back.
import { existsSync, readFileSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import type { PolicySources } from './headers';
import { renderHeadersFile, renderNginxCacheMap, renderNginxHeaders, securityHeaders } from './headers';
import { hashesInPolicy, inlineCodeOf, inlineHashesOf, sha256Source } from './inline-hashes';
import { buildFiles, builtPages, editPages, NGINX_DIR } from './page-pass';
import textExtensions from './text-extensions.json';

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);
const gunzip = promisify(zlib.gunzip);

export const NGINX_HEADERS_FILE = `${NGINX_DIR}/headers.conf`;
export const NGINX_CACHE_MAP_FILE = `${NGINX_DIR}/cache-control.conf`;
export const HEADERS_FILE = '_headers';

/** The build's search backend's CSP sources (its row of src/search/backends/registry.ts). */
export const SEARCH_POLICY_FILE = `${NGINX_DIR}/search-policy.json`;

/** The addresses the "Try it" console may call: loopback, the description's servers, the operator's own. */
export const API_POLICY_FILE = `${NGINX_DIR}/api-policy.json`;

/**
 * Text formats the site serves, which get a .gz and a .br beside them for nginx's
 * gzip_static and brotli_static. Pagefind's .pf_* and .pagefind files are left out:
 * Pagefind gzips them itself.
 */
export const TEXT_EXTENSIONS = new Set(textExtensions);

/** Pagefind's index, filters, fragments and WebAssembly: each file a gzip stream Pagefind wrote. */
const PAGEFIND_GZIPPED = /^pagefind\/.*\.(pf_meta|pf_index|pf_filter|pf_fragment|pagefind)$/;

/**
 * What the plugins add to the Content-Security-Policy, as they wrote it into the build:
 * every plugin's policy file must be there.
 */
export function pluginPolicies(buildDir: string): PolicySources[] {
  return [
    { file: SEARCH_POLICY_FILE, writer: 'the search plugin (src/plugins/search)' },
    { file: API_POLICY_FILE, writer: 'the API reference plugin (src/plugins/api-reference)' },
  ].map(({ file: relative, writer }) => {
    const file = path.join(buildDir, relative);
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: ${writer} writes it during docusaurus build`);
    }
    const policy = JSON.parse(readFileSync(file, 'utf8'));
    const sources = (value: unknown) =>
      Array.isArray(value) && value.every((source) => typeof source === 'string' && /^[^\s;,]+$/.test(source));
    if (!sources(policy?.scriptSrc) || !sources(policy?.connectSrc)) {
      throw new Error(`${file}: scriptSrc and connectSrc must be lists of sources`);
    }
    return { scriptSrc: policy.scriptSrc, connectSrc: policy.connectSrc };
  });
}

/**
 * Runs `task` on the files eight at a time: zlib's async calls run on libuv's thread
 * pool, so a batch compresses in parallel.
 */
async function inBatches(files: string[], task: (file: string) => Promise<void>) {
  for (let start = 0; start < files.length; start += 8) {
    await Promise.all(files.slice(start, start + 8).map(task));
  }
}

/** `text` sets Brotli's text mode. */
function brotliOf(content: Buffer, text: boolean) {
  const { constants } = zlib;
  return brotli(content, {
    params: {
      [constants.BROTLI_PARAM_MODE]: text ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
    },
  });
}

/**
 * Everything after `docusaurus build` has finished, postBuild hooks included, in this
 * order: the /search page's hints and held scripts (deploy/page-pass.ts), which name
 * the Pagefind index made from the rendered pages; the hashes of the inline code of the
 * pages as written, into the policy; the nginx includes and `_headers`; the .gz and .br
 * of every text file that compression makes smaller (nginx serves the others as they
 * are); Pagefind's files' twins.
 */
export async function finishBuild(buildDir: string) {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`${path.join(buildDir, 'index.html')} is missing: run docusaurus build first`);
  }
  const files = buildFiles(buildDir);
  // Every file goes beside one of the build's (_nginx/ holds the plugins' policy files).
  const write = (file: string, content: string | Buffer) => writeFile(path.join(buildDir, file), content);
  const pages = editPages(buildDir, files);
  const edited = pages.filter((page) => page.edited);
  await Promise.all(edited.map((page) => write(page.file, page.html)));
  const hashes = inlineHashesOf(pages);
  const headers = securityHeaders({ ...hashes, plugins: pluginPolicies(buildDir) });
  await write(NGINX_HEADERS_FILE, renderNginxHeaders(headers));
  await write(NGINX_CACHE_MAP_FILE, renderNginxCacheMap());
  await write(HEADERS_FILE, renderHeadersFile(headers));

  // The host's configuration is never served.
  const texts = files.filter(
    (file) => TEXT_EXTENSIONS.has(path.extname(file)) && file !== HEADERS_FILE && !file.startsWith(`${NGINX_DIR}/`),
  );
  // The files compression would not make smaller.
  const unchanged: string[] = [];
  const compression = { files: texts.length, written: 0, unchanged };
  await inBatches(texts, async (file) => {
    const content = await readFile(path.join(buildDir, file));
    const [gzipped, brotlied] = await Promise.all([
      gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
      brotliOf(content, true),
    ]);
    if (gzipped.length >= content.length) {
      unchanged.push(file);
      return;
    }
    await Promise.all([write(`${file}.gz`, gzipped), write(`${file}.br`, brotlied)]);
    compression.written += 1;
  });
  unchanged.sort();

  // Beside each of Pagefind's gzipped files, a `.gz` twin (the file as it is) and a `.br`
  // twin (its content in Brotli), so that nginx sends them with a Content-Encoding: the
  // browser then inflates them as it receives them, and Pagefind, finding its files
  // already inflated, skips its own JavaScript inflate; Brotli is also about a seventh
  // smaller. Hosts that send the files as they are still work: Pagefind inflates them.
  const gzipped = files.filter((file) => PAGEFIND_GZIPPED.test(file));
  const pagefind = { files: gzipped.length, gzipBytes: 0, brotliBytes: 0 };
  await inBatches(gzipped, async (file) => {
    const stream = await readFile(path.join(buildDir, file));
    const content = await gunzip(stream).catch((error) => {
      throw new Error(`${file} is not a gzip stream as Pagefind writes its files`, { cause: error });
    });
    const brotlied = await brotliOf(content, false);
    await Promise.all([write(`${file}.gz`, stream), write(`${file}.br`, brotlied)]);
    pagefind.gzipBytes += stream.length;
    pagefind.brotliBytes += brotlied.length;
  });
  return { pages: { edited: edited.length, total: pages.length }, hashes, compression, pagefind };
}

/** The Content-Security-Policy a finished build sends, read from its nginx include. */
export function builtPolicy(buildDir: string) {
  const file = path.join(buildDir, NGINX_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run npm run build (it finishes with scripts/finish-build.ts)`);
  }
  const match = /^add_header Content-Security-Policy "([^"]+)" always;$/m.exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) {
    throw new Error(`${file} has no Content-Security-Policy line`);
  }
  return match[1];
}

/**
 * Inline code in the build whose hash its policy lacks (e.g. a page edited after the
 * hashes were computed): what a browser would block, by file, kind (`script` or
 * `style`), hash and the first 80 characters.
 */
export function staleInlineCode(buildDir: string) {
  const policy = hashesInPolicy(builtPolicy(buildDir));
  const allowed = { script: new Set(policy.scriptHashes), style: new Set(policy.styleHashes) };
  return builtPages(buildDir).flatMap(({ file, html }) => {
    const { scripts, styles } = inlineCodeOf(html);
    const found = (kind: 'script' | 'style', texts: string[]) =>
      texts.map((text) => ({ file, kind, hash: sha256Source(text), excerpt: text.slice(0, 80) }));
    return [...found('script', scripts), ...found('style', styles)].filter(
      ({ kind, hash }) => !allowed[kind].has(hash),
    );
  });
}
