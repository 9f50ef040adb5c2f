import DocSidebar from '@theme-original/DocSidebar';
import type DocSidebarType from '@theme/DocSidebar';
import type { WrapperProps } from '@docusaurus/types';
import type { ReactNode } from 'react';

import { lendEntry } from '@site/src/shared/sidebar-props';

/**
 * A page shown under a second URL (/api shows /api/list-assistants) marks its own
 * sidebar entry as current there too: the sidebar is told it is on the entry's URL.
 */
export default function DocSidebarWrapper(props: WrapperProps<typeof DocSidebarType>): ReactNode {
  return <DocSidebar {...props} path={lendEntry(props.sidebar, props.path)?.entry.href ?? props.path} />;
}
