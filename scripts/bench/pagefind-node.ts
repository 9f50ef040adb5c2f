/**
 * The site's local search backend, run in Node on an index folder: the same
 * `createLocalBackend` (and so the same query layer) that the modal and /search use,
 * with Pagefind's browser bundle loaded from disk and its downloads served from the
 * folder. The relevance benchmark and the relevance floor test query indexes this way
 * without a browser.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import type { PagefindApi } from '@rubra/search-query';

import { createLocalBackend } from '../../src/search/backends/local';
import { groupHitsByPage } from '../../src/search/pageResults';
import type { FacetFilters } from '../../src/search/types';
import { siteUrl } from '../../src/site/identity';
import { startStaticHost } from '../../tests/support/static-server.mjs';
import type { RelevanceQuery } from './relevance';

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
  const server = await startStaticHost({ root: path.resolve(indexDir) });
  const backend = createLocalBackend({
    bundlePath: `${server.origin}/`,
    fallbackSection: 'Docs',
    siteBaseUrl: '/',
    importPagefind: () => import(pathToFileURL(path.join(indexDir, 'pagefind.js')).href) as Promise<PagefindApi>,
  });
  try {
    const answers = [];
    for (const { query } of queries) {
      const response = await backend.search({ query, facetFilters, hitsPerPage: count, page: 0 });
      answers.push(groupHitsByPage(response.hits, siteUrl).map((page) => page.url));
    }
    return answers;
  } finally {
    await server.close();
  }
}
