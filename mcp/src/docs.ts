import { NO_QUERY_DATA, parseQueryData, QUERY_DATA_FILE, type QueryData } from '@rubra/search-query';

import { parseLlmsTxt, type LlmsTxt } from './llms-txt.js';
import { pagesOf, twinPathFor, type DocsPage } from './pages.js';
import { DocsIndex } from './search.js';
import { NotFoundError, type DocsSource } from './source.js';
import { parseTwin } from '@rubra/twin-reader';

export interface SiteMap {
  llms: LlmsTxt;
  /** The published origin the links of llms.txt point to. */
  origin: string;
  pages: DocsPage[];
}

/** Where the site publishes the synonyms and stop words its search reads queries with. */
const QUERY_DATA_PATH = `/${QUERY_DATA_FILE}`;

// Enough to overlap network round trips without flooding the site.
const PARALLEL_READS = 8;

/**
 * The docs of one source for one session: llms.txt and the search index are read once,
 * when first needed. A failed load is not kept, so the next call tries again.
 */
export class Docs {
  private siteMap?: Promise<SiteMap>;
  private index?: Promise<DocsIndex>;

  constructor(readonly source: DocsSource) {}

  map(): Promise<SiteMap> {
    this.siteMap ??= this.once(
      () => this.loadMap(),
      () => (this.siteMap = undefined),
    );
    return this.siteMap;
  }

  searchIndex(): Promise<DocsIndex> {
    this.index ??= this.once(
      () => this.buildIndex(),
      () => (this.index = undefined),
    );
    return this.index;
  }

  /** The exact text of a page's twin; `page` is a path or a full URL of the site. */
  async readPage(page: string): Promise<string> {
    const origins = this.source.origin ? [this.source.origin] : [];
    const url = URL.canParse(page.trim()) ? new URL(page.trim()) : undefined;
    if (url && !origins.includes(url.origin)) {
      origins.push((await this.map()).origin);
    }
    const twinPath = twinPathFor(page, origins);
    let text: string;
    try {
      text = await this.source.read(twinPath);
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(
          `There is no page "${page}" on this site: ${error.message} list_pages shows every page, search_docs finds them by topic.`,
        );
      }
      throw error;
    }
    parseTwin(text, this.source.locate(twinPath));
    return text;
  }

  private once<T>(load: () => Promise<T>, forget: () => void): Promise<T> {
    const loading = load();
    loading.catch(forget);
    return loading;
  }

  private async loadMap(): Promise<SiteMap> {
    let text: string;
    try {
      text = await this.source.read('/llms.txt');
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(`${this.source.label} has no llms.txt: ${error.message} Is it a build of Rubra Docs?`);
      }
      throw error;
    }
    const llms = parseLlmsTxt(text, this.source.locate('/llms.txt'));
    return { llms, ...pagesOf(llms) };
  }

  private async buildIndex(): Promise<DocsIndex> {
    const { pages } = await this.map();
    const parsed = new Array<{ page: DocsPage; twin: ReturnType<typeof parseTwin> }>(pages.length);
    let next = 0;
    const worker = async () => {
      while (next < pages.length) {
        const at = next++;
        const page = pages[at] as DocsPage;
        parsed[at] = { page, twin: parseTwin(await this.readListedTwin(page), this.source.locate(page.twinPath)) };
      }
    };
    const [data] = await Promise.all([
      this.queryData(),
      ...Array.from({ length: Math.min(PARALLEL_READS, pages.length) }, worker),
    ]);
    return new DocsIndex(parsed, data);
  }

  /** The site's query data; a site that publishes none is searched word for word. */
  private async queryData(): Promise<QueryData> {
    try {
      return parseQueryData(await this.source.read(QUERY_DATA_PATH), this.source.locate(QUERY_DATA_PATH));
    } catch (error) {
      if (error instanceof NotFoundError) {
        return NO_QUERY_DATA;
      }
      throw error;
    }
  }

  private async readListedTwin(page: DocsPage): Promise<string> {
    try {
      return await this.source.read(page.twinPath);
    } catch (error) {
      if (error instanceof NotFoundError) {
        throw new NotFoundError(`llms.txt lists "${page.title}" at ${page.twinPath}, but ${error.message}`);
      }
      throw error;
    }
  }
}
