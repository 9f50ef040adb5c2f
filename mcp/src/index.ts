export { createDocsServer, DEFAULT_LIMIT, MAX_LIMIT } from './server.js';
export {
  startHttpServer,
  parseHttpAddress,
  AddressError,
  MCP_PATH,
  MAX_BODY_BYTES,
  MAX_CONCURRENT_REQUESTS,
  type HttpAddress,
  type HttpOptions,
  type RunningHttpServer,
} from './http.js';
export { BuildSource, SiteSource, NotFoundError, SourceError, type DocsSource } from './source.js';
export { Docs, type SiteMap } from './docs.js';
export { parseLlmsTxt, MalformedLlmsTxtError, type LlmsTxt, type LlmsSection, type LlmsEntry } from './llms-txt.js';
export { DocsIndex, type SearchHit } from './search.js';
export { twinPathFor, pagePathOfTwin, OffSiteError, type DocsPage } from './pages.js';
