/**
 * One page of each type, as `npm run bench` and the byte budgets visit it. `fallbacks`
 * name the closest pages of a fresh `create-docusaurus` classic template, for a
 * reference build that lacks the page itself; a type with no fallback there (the
 * template has no API reference and no search) is reported as absent. They are listed in
 * page-types.json.
 */
import type budgets from './page-budgets.json';
import pageTypes from './page-types.json';

export interface PageType {
  id: string;
  label: string;
  /** Path with its query, as a reader opens it. */
  path: string;
  fallbacks: readonly string[];
}

/** A page type's id: the page types of page-types.json are those that have budgets. */
export type PageTypeId = keyof typeof budgets;

export const PAGE_TYPES = pageTypes as readonly (PageType & { id: PageTypeId })[];

/**
 * Paths of a build that exist, the way a static host resolves a clean URL.
 * @public run.mjs reads it through jiti.
 */
export function buildPaths(pathname: string): string[] {
  const clean = pathname.replace(/\/+$/, '') || '/index';
  return [clean, `${clean}.html`, `${clean}/index.html`];
}

/**
 * The path to visit for a page type on a build, or null when the build has no such
 * page: the page itself, else its first fallback that exists. `exists` answers for a
 * path inside the build folder. The not-found type always resolves to itself: every
 * build answers an unknown path with its 404 page.
 */
export function resolvePagePath(type: PageType, exists: (file: string) => boolean): string | null {
  if (type.id === 'notFound') {
    return exists('/404.html') ? type.path : null;
  }
  for (const candidate of [type.path, ...type.fallbacks]) {
    const pathname = new URL(candidate, 'http://localhost').pathname;
    if (pathname === '/search' && !exists('/pagefind/pagefind.js')) {
      continue;
    }
    if (buildPaths(pathname).some(exists)) {
      return candidate;
    }
  }
  return null;
}
