/**
 * Every doc and API page (both are docs-plugin pages) gets the page-actions button
 * beside its title, and the link to its Markdown twin in its head. Wrapping the content
 * rather than the heading keeps the theme's title logic (front matter or the first `#`
 * heading) untouched.
 */
import { useDoc } from '@docusaurus/plugin-content-docs/client';
import type { WrapperProps } from '@docusaurus/types';
import Content from '@theme-original/DocItem/Content';
import type ContentType from '@theme/DocItem/Content';
import type { ReactNode } from 'react';

import MarkdownTwinLink from '@site/src/components/MarkdownTwinLink';
import PageActions from '@site/src/components/PageActions';

export default function ContentWrapper(props: WrapperProps<typeof ContentType>): ReactNode {
  const { permalink } = useDoc().metadata;
  return (
    <>
      <MarkdownTwinLink permalink={permalink} />
      <PageActions key={permalink} permalink={permalink} />
      <Content {...props} />
    </>
  );
}
