/**
 * The local backend's part of the /search page's <head>: a hint that starts the
 * download of Pagefind's module while the HTML is parsed, and the early script
 * (local.early.ts) with the page's search settings. The script is a file, not inline
 * code, so the client renders the same element as the server and it needs no hash in
 * the Content-Security-Policy. A module script without `async` runs once the HTML is
 * parsed: it never stops the parser halfway, which would let the browser paint a half-built
 * page (a navbar whose right-hand items are still arriving shifts as they do). The hints for the index's files, named only once the
 * index is written, are the search plugin's.
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
