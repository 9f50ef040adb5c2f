import DocCategoryGeneratedIndexPage from '@theme-original/DocCategoryGeneratedIndexPage';
import type DocCategoryGeneratedIndexPageType from '@theme/DocCategoryGeneratedIndexPage';
import type { WrapperProps } from '@docusaurus/types';
import type { ReactNode } from 'react';

import MarkdownTwinLink from '@site/src/components/MarkdownTwinLink';

type Props = WrapperProps<typeof DocCategoryGeneratedIndexPageType>;

/** The category's index page, plus the link to its Markdown twin. */
export default function DocCategoryGeneratedIndexPageWrapper(props: Props): ReactNode {
  return (
    <>
      <DocCategoryGeneratedIndexPage {...props} />
      <MarkdownTwinLink permalink={props.categoryGeneratedIndex.permalink} />
    </>
  );
}
