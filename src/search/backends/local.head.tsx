/**
 * The local backend's part of the /search page's <head>: a hint that starts the
 * download of Pagefind's module while the HTML is parsed, and the early script
 * (local.early.ts) that paints the first results before hydration. The script is a
 * file, not inline code, so the client renders the same element as the server and it
 * needs no hash in the Content-Security-Policy. The hints for the index's files, named
 * only once the index is written, are added to the built HTML by the search-index plugin.
 */
import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import type { SearchPageHeadProps } from '../setup';
import {
  EARLY_SCRIPT_ATTRIBUTE,
  EARLY_SEARCH_SCRIPT,
  pagefindModuleUrl,
  type EarlySearchConfig,
} from './pagefindEarly';

export default function SearchPageHead({ options, facetFilters, resultsPerPage }: SearchPageHeadProps): ReactNode {
  const bundlePath = `${options.baseUrl}pagefind/`;
  const config: EarlySearchConfig = {
    bundlePath,
    fallbackSection: options.fallbackSection,
    facetFilters,
    resultsPerPage,
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
