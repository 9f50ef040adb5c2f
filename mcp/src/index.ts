export * from './server.js';
export * from './http.js';
export * from './source.js';
export * from './docs.js';
export * from './llms-txt.js';
export type { DocsIndex, SearchHit } from './search.js';
export { twinPathFor, pagePathOfTwin, type DocsPage } from './pages.js';
