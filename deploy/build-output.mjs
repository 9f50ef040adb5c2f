// What runs after `docusaurus build`, in order, and how to read its output back.
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { compressPagefindFiles, compressTextFiles } from './compress.mjs';
import {
  renderHeadersFile,
  renderNginxCacheMap,
  renderNginxHeaders,
  securityHeaders,
} from './headers.mjs';
import { findUnallowedInlineCode, hashesInPolicy, inlineHashesOf } from './inline-hashes.mjs';
import { editPages, NGINX_DIR } from './page-pass.mjs';

export const NGINX_HEADERS_FILE = `${NGINX_DIR}/headers.conf`;
export const NGINX_CACHE_MAP_FILE = `${NGINX_DIR}/cache-control.conf`;
export const HEADERS_FILE = '_headers';

/**
 * The build's search backend's needs of the Content-Security-Policy (its row of
 * src/search/backends/registry.ts), written by the search plugin.
 */
export const SEARCH_POLICY_FILE = `${NGINX_DIR}/search-policy.json`;

/**
 * The addresses the API pages' "Try it" console may send requests to (the loopback
 * addresses, the description's servers, the operator's own), written by the API plugin.
 */
export const API_POLICY_FILE = `${NGINX_DIR}/api-policy.json`;

/**
 * What the plugins add to the Content-Security-Policy, as they wrote it into the build:
 * every plugin's policy file must be there.
 * @param {string} buildDir
 * @returns {import('./headers.mjs').PolicySources[]}
 */
export function pluginPolicies(buildDir) {
  return [
    { file: SEARCH_POLICY_FILE, writer: 'the search plugin (src/plugins/search)' },
    { file: API_POLICY_FILE, writer: 'the API reference plugin (src/plugins/api-reference)' },
  ].map(({ file: relative, writer }) => {
    const file = path.join(buildDir, relative);
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: ${writer} writes it during docusaurus build`);
    }
    const policy = JSON.parse(readFileSync(file, 'utf8'));
    const sources = (/** @type {unknown} */ value) =>
      Array.isArray(value) && value.every((source) => typeof source === 'string' && /^[^\s;,]+$/.test(source));
    if (!sources(policy?.scriptSrc) || !sources(policy?.connectSrc)) {
      throw new Error(`${file}: scriptSrc and connectSrc must be lists of sources`);
    }
    return { scriptSrc: policy.scriptSrc, connectSrc: policy.connectSrc };
  });
}

/**
 * Everything after `docusaurus build` has finished, postBuild hooks included, in this
 * order: the /search page's hints and held scripts (deploy/page-pass.mjs), which name
 * the Pagefind index made from the rendered pages; the hashes of the inline code of the
 * pages as written, into the policy; the nginx includes and
 * `_headers`; the .gz and .br of every text file; Pagefind's files' twins.
 * @param {string} buildDir
 */
export async function finishBuild(buildDir) {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`${path.join(buildDir, 'index.html')} is missing: run docusaurus build first`);
  }
  // Every file a step writes, by its path relative to the build with `/` separators, is
  // written by that step only: a second step writing it stops the build, naming both.
  /** @type {Map<string, string>} file → the step that wrote it */
  const writers = new Map();
  /** @returns {import('./compress.mjs').WriteFile} */
  const writerFor = (/** @type {string} */ step) => async (file, content) => {
    const relative = path.relative(buildDir, file).split(path.sep).join('/');
    const earlier = writers.get(relative);
    if (earlier !== undefined) {
      throw new Error(`${relative} is written by two steps after the build: ${earlier}, then ${step}`);
    }
    writers.set(relative, step);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  };
  const pages = editPages(buildDir);
  const edited = pages.filter((page) => page.edited);
  const writePage = writerFor('page pass');
  for (const page of edited) {
    await writePage(path.join(buildDir, page.file), Buffer.from(page.html));
  }
  const hashes = inlineHashesOf(pages);
  const headers = securityHeaders({ ...hashes, plugins: pluginPolicies(buildDir) });
  const writeHeaders = writerFor('headers');
  await writeHeaders(path.join(buildDir, NGINX_HEADERS_FILE), Buffer.from(renderNginxHeaders(headers)));
  await writeHeaders(path.join(buildDir, NGINX_CACHE_MAP_FILE), Buffer.from(renderNginxCacheMap()));
  await writeHeaders(path.join(buildDir, HEADERS_FILE), Buffer.from(renderHeadersFile(headers)));
  // The host's configuration (relative paths, with the platform's separators) is never served.
  const compression = await compressTextFiles(
    buildDir,
    writerFor('compression'),
    (file) => file === HEADERS_FILE || file.startsWith(`${NGINX_DIR}${path.sep}`),
  );
  const pagefind = await compressPagefindFiles(buildDir, writerFor('Pagefind twins'));
  return { pages: { edited: edited.length, total: pages.length }, hashes, compression, pagefind, writers };
}

/**
 * The Content-Security-Policy a finished build sends, read from its nginx include.
 * @param {string} buildDir
 */
export function builtPolicy(buildDir) {
  const file = path.join(buildDir, NGINX_HEADERS_FILE);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run npm run build (it finishes with scripts/finish-build.mjs)`);
  }
  const match = /^add_header Content-Security-Policy "([^"]+)" always;$/m.exec(readFileSync(file, 'utf8'));
  if (!match?.[1]) {
    throw new Error(`${file} has no Content-Security-Policy line`);
  }
  return match[1];
}

/**
 * Inline code in the build that its policy does not allow, e.g. a page edited after the
 * hashes were computed.
 * @param {string} buildDir
 */
export function staleInlineCode(buildDir) {
  return findUnallowedInlineCode(buildDir, hashesInPolicy(builtPolicy(buildDir)));
}
