/**
 * One page of each type, as `npm run bench` and the byte budgets visit it. `fallbacks`
 * name the closest pages of a fresh `create-docusaurus` classic template, for a
 * reference build that lacks the page itself; a type with no fallback there (the
 * template has no API reference and no search) is reported as absent.
 */
export interface PageType {
  id: string;
  label: string;
  /** Path with its query, as a reader opens it. */
  path: string;
  fallbacks: readonly string[];
}

export const PAGE_TYPES = [
  { id: 'home', label: 'home', path: '/', fallbacks: [] },
  { id: 'model', label: 'model guide', path: '/models/llama', fallbacks: ['/docs/intro'] },
  {
    id: 'serving',
    label: 'serving guide',
    path: '/inference/vllm',
    fallbacks: ['/docs/tutorial-basics/create-a-page'],
  },
  {
    id: 'benchmark',
    label: 'benchmark',
    path: '/benchmark',
    fallbacks: ['/docs/tutorial-basics/markdown-features'],
  },
  { id: 'faq', label: 'FAQ', path: '/faq', fallbacks: ['/docs/tutorial-basics/create-a-document'] },
  {
    id: 'category',
    label: 'category index',
    path: '/category/models',
    fallbacks: ['/docs/category/tutorial---basics'],
  },
  { id: 'api', label: 'API landing', path: '/api', fallbacks: [] },
  { id: 'operation', label: 'API operation', path: '/api/create-run', fallbacks: [] },
  { id: 'search', label: 'search', path: '/search?q=llama', fallbacks: [] },
  { id: 'notFound', label: 'not found', path: '/no-such-page', fallbacks: [] },
] as const satisfies readonly PageType[];

export type PageTypeId = (typeof PAGE_TYPES)[number]['id'];

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
