import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type { ReactNode } from 'react';

import { twinPath } from '@site/src/shared/twin-paths';

/** Points readers' tools at the page's Markdown twin, which the markdown-twins plugin writes. */
export default function MarkdownTwinLink({ permalink }: { permalink: string }): ReactNode {
  const { siteConfig } = useDocusaurusContext();
  return (
    <Head>
      <link rel="alternate" type="text/markdown" href={twinPath(permalink, siteConfig.baseUrl)} />
    </Head>
  );
}
