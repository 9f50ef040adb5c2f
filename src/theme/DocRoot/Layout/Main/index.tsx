import { DocsSidebarProvider, useDocsSidebar } from '@docusaurus/plugin-content-docs/client';
import { useLocation } from '@docusaurus/router';
import Main from '@theme-original/DocRoot/Layout/Main';
import type MainType from '@theme/DocRoot/Layout/Main';
import type { WrapperProps } from '@docusaurus/types';
import { useMemo, type ReactNode } from 'react';

import { lendEntry } from '@site/src/shared/sidebar-props';

/**
 * Breadcrumbs follow the sidebar entry that links to the current URL. On a second URL
 * of a page (/api shows /api/list-assistants), the page's entry is lent that URL for
 * the main column, so the trail is the one the page has under its own URL. Wrapping
 * the column rather than the breadcrumbs keeps this in the chunk every doc page loads.
 */
export default function DocRootLayoutMainWrapper(props: WrapperProps<typeof MainType>): ReactNode {
  const sidebar = useDocsSidebar();
  const { pathname } = useLocation();
  const lent = useMemo(() => sidebar && lendEntry(sidebar.items, pathname), [sidebar, pathname]);
  return (
    <DocsSidebarProvider name={sidebar?.name} items={lent?.items ?? sidebar?.items}>
      <Main {...props} />
    </DocsSidebarProvider>
  );
}
