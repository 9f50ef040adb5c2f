/**
 * The local backend's part of the /search page's <head>: a hint that starts the
 * download of Pagefind's module while the HTML is parsed, and the early script
 * (local.early.ts) with its settings, which come from the build (siteConfig) and the
 * page. The script is a file, not inline code, so the client renders the same element
 * as the server and it needs no hash in the Content-Security-Policy. The hints for the
 * index's files, named only once the index is written, are the search plugin's.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import { RESULTS_PER_PAGE } from '../pageResults';
import { loadSearchBackendCode, useSearchConfig } from '../setup';
import {
  EARLY_SCRIPT_ATTRIBUTE,
  EARLY_SEARCH_SCRIPT,
  earlySearchBackend,
  pagefindModuleUrl,
  type EarlyScope,
  type EarlySearchConfig,
} from './pagefindEarly';

// The page's code runs before hydration: without an early script to take the backend
// from (the page was reached inside the app), the backend's code starts downloading now.
if (ExecutionEnvironment.canUseDOM && !document.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`)) {
  loadSearchBackendCode().catch(() => undefined);
}

export const earlyBackend = () => earlySearchBackend(document, window as unknown as EarlyScope);

export default function SearchPageHead(): ReactNode {
  const { options, facetFilters, siteUrl } = useSearchConfig();
  const bundlePath = `${options.baseUrl}pagefind/`;
  const { fallbackSection } = options;
  const config: EarlySearchConfig = {
    bundlePath,
    fallbackSection,
    facetFilters,
    resultsPerPage: RESULTS_PER_PAGE,
    siteUrl,
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
