/** Resolved at build time by the search-index plugin to backends/local.setup.ts or backends/algolia.setup.ts. */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}

/** Resolved at build time by the search-index plugin to backends/local.head.tsx or backends/algolia.head.tsx. */
declare module '@rubra/search-page-head' {
  const SearchPageHead: (props: import('./setup').SearchPageHeadProps) => import('react').ReactNode;
  export default SearchPageHead;
}
