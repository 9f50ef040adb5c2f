/**
 * The local backend's part of the /search page's <head>: a hint that starts the
 * download of Pagefind's module while the HTML is parsed, and the early script that
 * sets the backend up, runs the query of `?q=` and paints its first results before
 * React has hydrated (local.early.ts). The script is a file, not inline code, so the
 * client renders the same element as the server (an inline script's text differs
 * between the two bundles, so the head manager would insert it again) and it needs
 * no hash in the Content-Security-Policy. The hints for the index's metadata and
 * WebAssembly, named only once the index is written, are added to the built HTML by
 * the search-index plugin (src/plugins/search-index/earlyScript.ts).
 */
import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import { EARLY_SCRIPT_ATTRIBUTE } from '../earlySearch';
import type { SearchPageHeadProps } from '../setup';
import { EARLY_SEARCH_SCRIPT, pagefindModuleUrl, type EarlySearchConfig } from './pagefindEarly';

export default function SearchPageHead({
  options,
  facetFilters,
  resultsPerPage,
  classes,
}: SearchPageHeadProps): ReactNode {
  const bundlePath = `${options.baseUrl}pagefind/`;
  const config: EarlySearchConfig = {
    bundlePath,
    fallbackSection: options.fallbackSection,
    facetFilters,
    resultsPerPage,
    classes,
  };
  return (
    <Head>
      <link rel="modulepreload" href={pagefindModuleUrl(bundlePath)} />
      <script
        type="module"
        async
        src={`${options.baseUrl}${EARLY_SEARCH_SCRIPT}`}
        {...{ [EARLY_SCRIPT_ATTRIBUTE]: JSON.stringify(config) }}
      />
    </Head>
  );
}
