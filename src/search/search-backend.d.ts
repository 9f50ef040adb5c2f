/** The chosen backend's backends/<id>.setup.ts and <id>.head.tsx, aliased by the search plugin (src/plugins/search). */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}

declare module '@rubra/search-page-head' {
  const SearchPageHead: (props: import('./setup').SearchPageHeadProps) => import('react').ReactNode;
  export default SearchPageHead;
}
