import type { PropSidebarItem, PropSidebarItemLink } from '@docusaurus/plugin-content-docs';

import { ALSO_SHOWN_AT } from '@site/src/shared/sidebar-props';

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

/** The sidebar entry whose page `pathname` shows under another URL of its own, if any. */
export function entryAlsoShownAt(items: readonly PropSidebarItem[], pathname: string): PropSidebarItemLink | undefined {
  for (const item of items) {
    if (item.type === 'category') {
      const found = entryAlsoShownAt(item.items, pathname);
      if (found) {
        return found;
      }
    } else if (item.type === 'link') {
      const alsoShownAt = item.customProps?.[ALSO_SHOWN_AT];
      if (typeof alsoShownAt === 'string' && withoutTrailingSlash(alsoShownAt) === withoutTrailingSlash(pathname)) {
        return item;
      }
    }
  }
  return undefined;
}

/** The sidebar with `entry` linking to `href` instead of its own URL. */
export function withEntryHref(
  items: readonly PropSidebarItem[],
  entry: PropSidebarItemLink,
  href: string,
): PropSidebarItem[] {
  return items.map((item) => {
    if (item === entry) {
      return { ...entry, href };
    }
    return item.type === 'category' ? { ...item, items: withEntryHref(item.items, entry, href) } : item;
  });
}
