import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';

import { loadSearchBackendCode } from '../setup';

// Algolia answers from its own servers: the /search page has no early script, and the
// backend's code starts downloading with the page's.
if (ExecutionEnvironment.canUseDOM) {
  loadSearchBackendCode().catch(() => undefined);
}

export default function SearchPageHead(): null {
  return null;
}
