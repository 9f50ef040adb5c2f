import { useAnnouncementBar } from '@docusaurus/theme-common/internal';
import AnnouncementBar from '@theme-original/AnnouncementBar';
import type AnnouncementBarType from '@theme/AnnouncementBar';
import type { WrapperProps } from '@docusaurus/types';
import { useEffect, type ReactNode } from 'react';

/**
 * Before hydration, an inline script hides the bar when the reader dismissed an
 * announcement. When the announcement id has changed since, the theme shows the new
 * one again, but the attribute set by that script still hides it until the next
 * page load; clear it as soon as the bar is active.
 */
export default function AnnouncementBarWrapper(props: WrapperProps<typeof AnnouncementBarType>): ReactNode {
  const { isActive } = useAnnouncementBar();
  useEffect(() => {
    if (isActive) {
      document.documentElement.setAttribute('data-announcement-bar-initially-dismissed', 'false');
    }
  }, [isActive]);
  return <AnnouncementBar {...props} />;
}
