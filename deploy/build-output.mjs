// What the deployment step adds to a build folder, and how to read it back.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import { compressPagefindFiles, compressTextFiles } from './compress.mjs';
import {
  renderHeadersFile,
  renderNginxCacheMap,
  renderNginxHeaders,
  securityHeaders,
} from './headers.mjs';
import { collectInlineHashes, findUnallowedInlineCode, hashesInPolicy } from './inline-hashes.mjs';

/** The folder of generated nginx includes, inside the build so it ships with the pages it describes. */
const NGINX_DIR = '_nginx';
export const NGINX_HEADERS_FILE = `${NGINX_DIR}/headers.conf`;
export const NGINX_CACHE_MAP_FILE = `${NGINX_DIR}/cache-control.conf`;
export const HEADERS_FILE = '_headers';

/**
 * Files of the build that configure a host and are never served.
 * @param {string} relativePath
 */
function isHostConfig(relativePath) {
  const normalised = relativePath.split(path.sep).join('/');
  return normalised === HEADERS_FILE || normalised.startsWith(`${NGINX_DIR}/`);
}

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

/** The plugins' policy files, each read into the policy: every one must be in the build. */
const POLICY_FILES = [
  { file: SEARCH_POLICY_FILE, writer: 'the search plugin (src/plugins/search)' },
  { file: API_POLICY_FILE, writer: 'the API reference plugin (src/plugins/api-reference)' },
];

/**
 * What the plugins add to the Content-Security-Policy, as they wrote it into the build.
 * @param {string} buildDir
 * @returns {import('./headers.mjs').PolicySources[]}
 */
export function pluginPolicies(buildDir) {
  return POLICY_FILES.map(({ file: relative, writer }) => {
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
 * Hashes the inline code, writes the nginx includes and `_headers`, then compresses
 * every text file and gives Pagefind's files their twins. Run after `docusaurus build` has finished, postBuild hooks included.
 * @param {string} buildDir
 */
export async function finishBuild(buildDir) {
  if (!existsSync(path.join(buildDir, 'index.html'))) {
    throw new Error(`${path.join(buildDir, 'index.html')} is missing: run docusaurus build first`);
  }
  const hashes = collectInlineHashes(buildDir);
  const headers = securityHeaders({ ...hashes, plugins: pluginPolicies(buildDir) });
  mkdirSync(path.join(buildDir, NGINX_DIR), { recursive: true });
  writeFileSync(path.join(buildDir, NGINX_HEADERS_FILE), renderNginxHeaders(headers));
  writeFileSync(path.join(buildDir, NGINX_CACHE_MAP_FILE), renderNginxCacheMap());
  writeFileSync(path.join(buildDir, HEADERS_FILE), renderHeadersFile(headers));
  const compression = await compressTextFiles(buildDir, isHostConfig);
  const pagefind = await compressPagefindFiles(buildDir);
  return { hashes, compression, pagefind };
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
