/** Resolved at build time by the search-index plugin to backends/local.setup.ts or backends/algolia.setup.ts. */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}
