import {
  NO_QUERY_DATA,
  parseQueryData,
  QUERY_DATA_FILE,
  VOCABULARY_FILE,
  type VocabularyFile,
} from '@rubra/search-query';

import { parseLlmsTxt, type LlmsTxt } from './llms-txt.js';
import { pagesOf, twinPathFor } from './pages.js';
import { INDEX_PATH, openDocsIndex, PAGEFIND_RUNTIME, type DocsIndex } from './search.js';
import { NotFoundError, type DocsSource } from './source.js';
import { checkTwin } from '@rubra/twin-reader';

/** llms.txt, and its pages on the published origin its links point to. */
export type SiteMap = { llms: LlmsTxt } & ReturnType<typeof pagesOf>;

/** Where the site publishes the synonyms and stop words its search reads queries with. */
const QUERY_DATA_PATH = `/${QUERY_DATA_FILE}`;

/** A load that is kept once started; a failed one is forgotten, so the next call tries again. */
function retried<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    if (!loading) {
      loading = load();
      loading.catch(() => (loading = undefined));
    }
    return loading;
  };
}

/** What `reading` reads; a missing file gives what `missing` gives (or throws) for its NotFoundError. */
function ifMissing<T>(reading: Promise<T>, missing: (error: NotFoundError) => T): Promise<T> {
  return reading.catch((error: unknown) => {
    if (error instanceof NotFoundError) {
      return missing(error);
    }
    throw error;
  });
}

/** The docs of one source: each file and the search index are read once, when first needed. */
export class Docs {
  readonly map: () => Promise<SiteMap> = retried(() => this.loadMap());
  readonly searchIndex: () => Promise<DocsIndex> = retried(() => this.buildIndex());
  private readonly files = new Map<string, () => Promise<Uint8Array>>();

  /** `pagefindRuntime` is the folder of the Pagefind runtime the index is read with (the one shipped by default). */
  constructor(
    readonly source: DocsSource,
    private readonly pagefindRuntime = PAGEFIND_RUNTIME,
  ) {}

  private bytes(path: string): Promise<Uint8Array> {
    const read = this.files.get(path) ?? retried(() => this.source.readBytes(path));
    this.files.set(path, read);
    return read();
  }

  private async read(path: string): Promise<string> {
    return new TextDecoder().decode(await this.bytes(path));
  }

  /** The exact text of a page's twin; `page` is a path or a full URL of the site. */
  async readPage(page: string): Promise<string> {
    const origins = this.source.origin ? [this.source.origin] : [];
    const url = URL.canParse(page.trim()) ? new URL(page.trim()) : undefined;
    if (url && !origins.includes(url.origin)) {
      origins.push((await this.map()).origin);
    }
    const twinPath = twinPathFor(page, origins);
    const text = await ifMissing(this.read(twinPath), (error) => {
      throw new NotFoundError(
        `There is no page "${page}" on this site: ${error.message} list_pages shows every page, search_docs finds them by topic.`,
      );
    });
    checkTwin(text, this.source.locate(twinPath));
    return text;
  }

  private async loadMap(): Promise<SiteMap> {
    const { source } = this;
    const text = await ifMissing(this.read('/llms.txt'), (error) => {
      throw new NotFoundError(`${source.label} has no llms.txt: ${error.message} Is it a build of Rubra Docs?`);
    });
    const llms = parseLlmsTxt(text, source.locate('/llms.txt'));
    return { llms, ...pagesOf(llms) };
  }

  /** The site's Pagefind index; its files are read from the source, each once per session. */
  private async buildIndex(): Promise<DocsIndex> {
    const { source } = this;
    const { origin } = await this.map();
    // A site that publishes no query data is searched word for word.
    const data = await ifMissing(
      this.read(QUERY_DATA_PATH).then((text) => parseQueryData(text, source.locate(QUERY_DATA_PATH))),
      () => NO_QUERY_DATA,
    );
    await ifMissing(this.bytes(`${INDEX_PATH}pagefind-entry.json`), (error) => {
      throw new NotFoundError(`${source.label} has no search index: ${error.message} Is it a build of Rubra Docs?`);
    });
    // The words the site's search corrects typos to, read when a query first has a word that may be misspelt.
    const vocabulary = () =>
      this.read(`${INDEX_PATH}${VOCABULARY_FILE}`).then(
        (text) => (JSON.parse(text) as VocabularyFile).words,
        () => [],
      );
    const files = { read: (file: string) => this.bytes(`${INDEX_PATH}${file}`), runtime: this.pagefindRuntime };
    return openDocsIndex(files, { origin, data, vocabulary });
  }
}
