import Head from '@docusaurus/Head';
import type { ReactNode } from 'react';

import { twinPath } from '@site/src/shared/twin-paths';
import { identity } from '@site/src/site/identity';

/** Points readers' tools at the page's Markdown twin, which the markdown-twins plugin writes. */
export default function MarkdownTwinLink({ permalink }: { permalink: string }): ReactNode {
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={twinPath(permalink, identity.baseUrl)} />
    </Head>
  );
}
