import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import { markdownTwinPath } from '../PageActions/links';

/** Points readers' tools at the page's Markdown twin, which the markdown-twins plugin writes. */
export default function MarkdownTwinLink({ permalink }: { permalink: string }): ReactNode {
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={markdownTwinPath(permalink)} />
    </Head>
  );
}
