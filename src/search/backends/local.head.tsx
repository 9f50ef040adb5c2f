/**
 * The local backend's part of the /search page's <head>: a hint for Pagefind's module,
 * and the early script (local.early.ts) with the page's search settings, as a file (the
 * client renders the same element, and the policy needs no hash). A module script without
 * `async` runs once the HTML is parsed, never halfway, which would paint a half-built page
 * (a navbar shifting as its items arrive). The index files' hints are the search plugin's.
 */
import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import { useSearchConfig } from '../setup';
import { EARLY_SCRIPT_ATTRIBUTE, EARLY_SEARCH_SCRIPT, pagefindModuleUrl } from './pagefindEarly';

export default function SearchPageHead(): ReactNode {
  const config = useSearchConfig();
  return (
    <Head>
      <link rel="modulepreload" href={pagefindModuleUrl(`${config.options.baseUrl}pagefind/`)} />
      <script
        type="module"
        src={`${config.options.baseUrl}${EARLY_SEARCH_SCRIPT}`}
        {...{ [EARLY_SCRIPT_ATTRIBUTE]: JSON.stringify(config) }}
      />
    </Head>
  );
}
