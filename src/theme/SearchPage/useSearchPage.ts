/**
 * The /search page's state: the box and the `q` parameter kept in step, the results
 * a page at a time, the status, and the hand-over from the results the page's early
 * script painted before hydration.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import { useHistory, useLocation } from '@docusaurus/router';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

import { earlySearchBackend } from '@site/src/search/earlySearch';
import { groupHitsByPage, readSearchQuery, RESULTS_PER_PAGE, type PageResult } from '@site/src/search/pageResults';
import { loadSearchSetup } from '@site/src/search/runtime';
import type { SearchSetupOptions } from '@site/src/search/setup';
import type { QueryNotice, SearchBackend } from '@site/src/search/types';
import type { SearchConfig } from '@site/src/search/useSearchConfig';

const TYPING_DELAY_MS = 200;

type Status = 'idle' | 'loading' | 'done' | 'error';

interface Results {
  query: string;
  pages: PageResult[];
  nbHits: number;
  page: number;
  nbPages: number;
  notice: QueryNotice | null;
}

/** The backend the early script started, or else the build's own, loaded on demand. */
async function pageBackend(options: SearchSetupOptions): Promise<SearchBackend> {
  const early = ExecutionEnvironment.canUseDOM
    ? await earlySearchBackend(document, window as unknown as Record<string, unknown>)
    : null;
  return early ?? (await loadSearchSetup(options)).backend;
}

export interface SearchPageState {
  /** The query of the URL, which the results answer. */
  urlQuery: string;
  input: string;
  setInput: (value: string) => void;
  /** The results of `urlQuery`, once they are in. */
  shown: Results | null;
  status: Status;
  /** Sections that earlier queries found, offered when a query finds nothing. */
  suggestions: string[];
  searchLiteral: (query: string) => void;
  loadMore: () => void;
  /**
   * True while the page shows the results its early script painted (or may still
   * paint) rather than its own: until its own first answer, or from the first
   * render after hydration when nothing was painted.
   */
  adopting: boolean;
  /** The result list element that the early script paints into. */
  earlyList: RefObject<HTMLOListElement>;
}

export function useSearchPage(config: SearchConfig): SearchPageState {
  const history = useHistory();
  const location = useLocation();
  const urlQuery = readSearchQuery(location.search);
  const [input, setInput] = useState(urlQuery);
  const [results, setResults] = useState<Results | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [sections, setSections] = useState<string[]>([]);
  // The query the reader asked to search as typed, without correction.
  const [literalQuery, setLiteralQuery] = useState<string | null>(null);
  const [adopting, setAdopting] = useState(true);
  const earlyList = useRef<HTMLOListElement>(null);
  const latest = useRef(0);

  // Nothing painted early by the time the page has hydrated: the page renders its own states.
  useEffect(() => {
    if (!earlyList.current?.hasChildNodes()) {
      setAdopting(false);
    }
  }, []);

  // A visit to the search page is intent to search: the index loads at once, even before a query.
  useEffect(() => {
    void pageBackend(config.options)
      .then((backend) => backend.preload())
      .catch(() => undefined);
  }, [config.options]);

  // The query this page last wrote into the URL: the box does not take it back, since the
  // reader may have typed on while the URL caught up.
  const written = useRef<string | null>(null);

  // Back and forward move the URL; the box follows it.
  useEffect(() => {
    if (urlQuery !== written.current) {
      setInput(urlQuery);
    }
    written.current = null;
  }, [urlQuery]);

  // The URL follows the box, without adding a history entry per keystroke.
  useEffect(() => {
    if (input === urlQuery) {
      return undefined;
    }
    const timer = window.setTimeout(() => {
      const params = new URLSearchParams(location.search);
      if (input) {
        params.set('q', input);
      } else {
        params.delete('q');
      }
      const search = params.toString();
      written.current = input;
      history.replace({ pathname: location.pathname, search: search ? `?${search}` : '' });
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input, urlQuery, history, location.pathname, location.search]);

  const run = useCallback(
    async (query: string, page: number) => {
      const ticket = ++latest.current;
      setStatus('loading');
      try {
        const backend = await pageBackend(config.options);
        const response = await backend.search({
          query,
          facetFilters: config.facetFilters,
          hitsPerPage: RESULTS_PER_PAGE,
          page,
          literal: query === literalQuery,
        });
        if (ticket !== latest.current) {
          return;
        }
        const pages = groupHitsByPage(response.hits);
        // One render swaps the early results for the page's own.
        setAdopting(false);
        setResults((previous) => ({
          query,
          pages: page > 0 && previous?.query === query ? [...previous.pages, ...pages] : pages,
          nbHits: response.nbHits,
          page: response.page,
          nbPages: response.nbPages,
          notice: response.notice ?? null,
        }));
        const found = pages.map((result) => result.section).filter(Boolean);
        if (found.length > 0) {
          setSections((known) => [...new Set([...known, ...found])]);
        }
        setStatus('done');
      } catch (error) {
        if (ticket === latest.current) {
          console.warn('Search failed:', error);
          setAdopting(false);
          setStatus('error');
        }
      }
    },
    [config, literalQuery],
  );

  useEffect(() => {
    if (!urlQuery.trim()) {
      latest.current += 1;
      setAdopting(false);
      setResults(null);
      setStatus('idle');
      return;
    }
    void run(urlQuery, 0);
  }, [urlQuery, run]);

  const shown = results?.query === urlQuery ? results : null;
  return {
    urlQuery,
    input,
    setInput,
    shown,
    status,
    suggestions: sections.filter((section) => section.toLowerCase() !== urlQuery.toLowerCase()).slice(0, 3),
    searchLiteral: setLiteralQuery,
    loadMore: () => {
      if (shown) {
        void run(shown.query, shown.page + 1);
      }
    },
    adopting,
    earlyList,
  };
}
