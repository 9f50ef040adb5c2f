/** The chosen backend's backends/<id>.setup.ts and <id>.head.tsx, aliased by the search plugin (src/plugins/search). */
declare module '@rubra/search-backend' {
  export const createSearchSetup: import('./setup').CreateSearchSetup;
}

/** The backend's part of the /search page: its <head>, and the backend an early script started, if any. */
declare module '@rubra/search-page-head' {
  export default function SearchPageHead(): import('react').ReactNode;
  export function earlyBackend(): Promise<import('./types').SearchBackend | null>;
}
