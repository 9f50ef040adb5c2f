/**
 * The query layer of the site's search, shared by the search modal, /search, the dev
 * server's index and the docs MCP server. No DOM and no index of its own: an index
 * implements `QueryEngine`, and `understandQuery` reads a query and searches it.
 */
export type { QueryEngine, QueryNotice } from './engine';
export { RESULTS_READ } from './ranking';
export { understandQuery } from './read-query';
export {
  PAGEFIND_OPTIONS,
  pagefindSearch,
  type PagefindApi,
  type PagefindFilters,
  type PagefindResultData,
} from './pagefind';
export { NO_QUERY_DATA, parseQueryData, QUERY_DATA, QUERY_DATA_FILE, type QueryData } from './query-words';
export { buildVocabulary, VOCABULARY_FILE, type VocabularyFile } from './vocabulary';
