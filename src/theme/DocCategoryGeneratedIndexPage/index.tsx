import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type { WrapperProps } from '@docusaurus/types';
import type { ReactNode } from 'react';

import MarkdownTwinLink from '@site/src/components/MarkdownTwinLink';

/** The category's index page, plus the link to its Markdown twin. */
export default function DocCategoryGeneratedIndexPageWrapper(
  props: WrapperProps<typeof DocCategoryGeneratedIndexPageType>,
): ReactNode {
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      <MarkdownTwinLink permalink={props.categoryGeneratedIndex.permalink} />
    </>
  );
}
