/**
 * The site's local search backend, run in Node on an index folder: the same
 * `createLocalBackend` (and so the same query layer) that the modal and /search use,
 * with Pagefind's browser bundle loaded from disk and its downloads answered from the
 * folder. The relevance benchmark and the relevance floor test query indexes this way
 * without a browser.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { PagefindApi } from '@rubra/search-query';

import { createLocalBackend } from '../../src/search/backends/local';
import { groupHitsByPage } from '../../src/search/pageResults';
import type { FacetFilters } from '../../src/search/types';
import { siteUrl } from '../../src/site/identity';
import type { RelevanceQuery } from './relevance';

const ORIGIN = 'http://pagefind.invalid';
const folders = new Map<string, string>();

/** Answers fetches under ORIGIN from the registered folders; anything else goes to the real fetch. */
function installFetch(): void {
  const realFetch = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!href.startsWith(`${ORIGIN}/`)) {
      return realFetch(input, init);
    }
    const { pathname } = new URL(href);
    const [, id, ...rest] = pathname.split('/');
    const folder = folders.get(id ?? '');
    const file = folder && path.join(folder, ...rest);
    if (!folder || !file?.startsWith(folder)) {
      return new Response('', { status: 404 });
    }
    return readFile(file).then(
      (body) => new Response(body),
      () => new Response('', { status: 404 }),
    );
  };
}

/**
 * Asks the local backend over the Pagefind index in `indexDir` (a build's pagefind/ folder)
 * every query; each answer lists the pages of its first `count` results, best first, as result URLs.
 * @public relevance-engines.mjs reads it through jiti.
 */
export async function nodeAnswers(
  indexDir: string,
  queries: readonly RelevanceQuery[],
  count: number,
  facetFilters: FacetFilters = [],
): Promise<string[][]> {
  // The first folder installs the one fetch that answers for every folder.
  if (folders.size === 0) {
    installFetch();
  }
  const id = String(folders.size + 1);
  folders.set(id, path.resolve(indexDir));
  const backend = createLocalBackend({
    bundlePath: `${ORIGIN}/${id}/`,
    fallbackSection: 'Docs',
    siteBaseUrl: '/',
    importPagefind: () => import(pathToFileURL(path.join(indexDir, 'pagefind.js')).href) as Promise<PagefindApi>,
  });
  const answers = [];
  for (const { query } of queries) {
    const response = await backend.search({ query, facetFilters, hitsPerPage: count, page: 0 });
    answers.push(groupHitsByPage(response.hits, siteUrl).map((page) => page.url));
  }
  return answers;
}
