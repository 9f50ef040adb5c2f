import { useDoc } from '@docusaurus/plugin-content-docs/client';
import Metadata from '@theme-original/DocItem/Metadata';
import type { ReactNode } from 'react';

import MarkdownTwinLink from '@site/src/components/MarkdownTwinLink';

/** The doc's metadata, plus the link to its Markdown twin. */
export default function MetadataWrapper(): ReactNode {
  const { metadata } = useDoc();
  return (
    <>
      <Metadata />
      <MarkdownTwinLink permalink={metadata.permalink} />
    </>
  );
}
