import type { PropSidebarItem, PropSidebarItemLink } from '@docusaurus/plugin-content-docs';

/**
 * The custom prop of a sidebar entry that names another URL showing the same page
 * (/api shows /api/list-assistants): there the entry is current too. Written by the
 * plugin into the generated sidebar, read through `lendEntry` by the DocSidebar and
 * DocRoot/Layout/Main wraps.
 */
export const ALSO_SHOWN_AT = 'alsoShownAt';

const withoutTrailingSlash = (path: string) => path.replace(/(.)\/$/, '$1');

/**
 * On a URL that shows another entry's page too (/api shows /api/list-assistants): that
 * entry, and the sidebar with the entry linking to `pathname`. Nothing on any other URL.
 */
export function lendEntry(items: readonly PropSidebarItem[], pathname: string) {
  let entry = undefined as PropSidebarItemLink | undefined;
  const lend = (list: readonly PropSidebarItem[]): PropSidebarItem[] =>
    list.map((item) => {
      if (item.type === 'category') {
        return { ...item, items: lend(item.items) };
      }
      const alsoShownAt = item.type === 'link' ? item.customProps?.[ALSO_SHOWN_AT] : undefined;
      if (typeof alsoShownAt !== 'string' || withoutTrailingSlash(alsoShownAt) !== withoutTrailingSlash(pathname)) {
        return item;
      }
      entry = item as PropSidebarItemLink;
      return { ...entry, href: pathname };
    });
  const lent = lend(items);
  return entry && { entry, items: lent };
}
