/** The chosen backend's backends/<id>.setup.ts and <id>.head.tsx, aliased by the search plugin (src/plugins/search). */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}

/** The backend's part of the /search page's <head>. */
declare module '@rubra/search-page-head' {
  export default function SearchPageHead(): import('react').ReactNode;
}
