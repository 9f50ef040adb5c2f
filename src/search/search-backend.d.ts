/** Resolved at build time by the search plugin (src/plugins/search) to the chosen backend's backends/<id>.setup.ts (backends/registry.ts). */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}

/** Resolved at build time by the search plugin (src/plugins/search) to the chosen backend's backends/<id>.head.tsx. */
declare module '@rubra/search-page-head' {
  const SearchPageHead: (props: import('./setup').SearchPageHeadProps) => import('react').ReactNode;
  export default SearchPageHead;
}
