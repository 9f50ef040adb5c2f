/**
 * /search?q=…: full results on the modal's backend, a page at a time, the box and `q` in
 * step. The status and the list hold src/search/pageResults.ts's markup, which the early
 * script may have painted before hydration: React sets it once its answer changes it.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import { useHistory, useLocation } from '@docusaurus/router';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPageHead from '@rubra/search-page-head';
import Layout from '@theme/Layout';
import { useCallback, useEffect, useRef, useState, type ReactNode, type SyntheticEvent } from 'react';

import type AskPanel from '@site/src/components/AskDocs/AskPanel';
import { loadAsk } from '@site/src/components/AskDocs/load';
import {
  earlyBackend,
  groupHitsByPage,
  readSearchQuery,
  resultsHtml,
  RESULTS_PER_PAGE,
  SEARCH_TARGETS,
  statusHtml,
  type PageResult,
  type SearchStatus,
} from '@site/src/search/pageResults';
import {
  loadSearchBackendCode,
  loadSearchSetup,
  missingResultsUrl,
  useSearchConfig,
  type SearchConfig,
} from '@site/src/search/setup';
import type { SearchResponse } from '@site/src/search/types';
import { identity, searchTexts as texts } from '@site/src/site/identity';

import './styles.css';

const TYPING_DELAY_MS = 200;

type Results = SearchResponse & { query: string; page: number; pages: PageResult[] };

// The page's code runs before hydration: when no early script has left a backend (the page was
// reached inside the app, or the backend has none), the backend's code downloads with the page's.
if (ExecutionEnvironment.canUseDOM && !window.__rubraEarlySearch) {
  loadSearchBackendCode().catch(() => undefined);
}

/** The backend the early script left for the page, or else the build's own. */
const pageBackend = async (options: SearchConfig['options']) =>
  earlyBackend(window) ?? (await loadSearchSetup(options)).backend;

/** The box and the URL's `q` kept in step: the URL follows the box without a history entry per keystroke. */
function useQueryInput(): [string, string, (value: string) => void] {
  const history = useHistory();
  const urlQuery = readSearchQuery(useLocation().search);
  const [input, setInput] = useState(urlQuery);
  // The query this page last wrote into the URL, which the box does not take back.
  const written = useRef<string | null>(null);
  useEffect(() => {
    if (urlQuery !== written.current) {
      setInput(urlQuery);
    }
    written.current = null;
  }, [urlQuery]);
  useEffect(() => {
    if (input === urlQuery) {
      return undefined;
    }
    const timer = window.setTimeout(() => {
      written.current = input;
      history.replace({ search: input ? `?q=${encodeURIComponent(input)}` : '' });
    }, TYPING_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [input, urlQuery, history]);
  return [urlQuery, input, setInput];
}

function useSearchResults(config: SearchConfig, urlQuery: string) {
  const [view, setView] = useState<{ state: SearchStatus['state']; results?: Results }>({ state: 'idle' });
  // Sections that earlier queries found, offered when a query finds nothing.
  const [sections, setSections] = useState<string[]>([]);
  // The query the reader asked to search as typed, without correction.
  const [literalQuery, setLiteralQuery] = useState<string | null>(null);
  const latest = useRef(0);

  const run = useCallback(
    async (query: string, page: number, earlier: PageResult[] = []) => {
      const ticket = ++latest.current;
      setView((current) => ({ ...current, state: 'loading' }));
      try {
        const literal = query === literalQuery;
        const request = { query, facetFilters: config.facetFilters, hitsPerPage: RESULTS_PER_PAGE, page, literal };
        const response = await (await pageBackend(config.options)).search(request);
        const pages = groupHitsByPage(response.hits, config.siteUrl);
        if (ticket === latest.current) {
          setView({ state: 'done', results: { ...response, query, page, pages: [...earlier, ...pages] } });
          setSections((known) => [...new Set([...known, ...pages.map((result) => result.section).filter(Boolean)])]);
        }
      } catch (error) {
        if (ticket === latest.current) {
          console.warn('Search failed:', error);
          setView((current) => ({ ...current, state: 'error' }));
        }
      }
    },
    [config, literalQuery],
  );

  useEffect(() => {
    latest.current += 1;
    setView({ state: 'idle' });
    if (urlQuery.trim()) {
      void run(urlQuery, 0);
    } else {
      // A visit to the search page is intent to search: the index loads at once, even before a query.
      pageBackend(config.options)
        .then((backend) => backend.preload())
        .catch(() => undefined);
    }
  }, [urlQuery, run, config.options]);

  const shown = view.results?.query === urlQuery ? view.results : undefined;
  const status: SearchStatus = {
    query: urlQuery,
    // Results on screen keep their count while more of them load.
    state: view.state === 'loading' && shown ? 'done' : view.state,
    nbHits: shown?.nbHits ?? 0,
    notice: shown?.notice ?? null,
    suggestions: sections.filter((section) => section.toLowerCase() !== urlQuery.toLowerCase()).slice(0, 3),
    reportUrl: missingResultsUrl({ query: urlQuery }),
  };
  const loadMore = () => shown && void run(shown.query, shown.page + 1, shown.pages);
  return { shown, status, loading: view.state === 'loading', setLiteralQuery, loadMore };
}

/** Ask AI under the search box: the typed words as a question for the reader's own model, answered in place. */
function AskOnPage({ question }: { question: string }): ReactNode {
  const [panel, setPanel] = useState<{ Panel: typeof AskPanel; question: string } | null>(null);
  // The button works only once the page has hydrated: the HTML holds just its place.
  const hydrated = useIsBrowser();
  const ask = () => void loadAsk().then((module) => setPanel({ Panel: module.default, question: question.trim() }));
  return (
    <>
      <p className="search-ask">
        {hydrated && (
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={question.trim() === ''}
            data-ask-entry=""
            onClick={ask}
          >
            Ask AI
          </button>
        )}
      </p>
      {panel && <panel.Panel key={panel.question} question={panel.question} onClose={() => setPanel(null)} />}
    </>
  );
}

/** What `data-search-…` attribute the element under an event, or one of its ancestors, holds. */
const dataOf = (target: EventTarget, name: string) =>
  target instanceof Element ? target.closest(`[${name}]`)?.getAttribute(name) : undefined;

function SearchPageContent(): ReactNode {
  const config = useSearchConfig();
  const history = useHistory();
  const [urlQuery, input, setInput] = useQueryInput();
  const { shown, status, loading, setLiteralQuery, loadMore } = useSearchResults(config, urlQuery);
  // Results the early script painted before hydration stay until the page's own answer.
  const [painted] = useState(
    () => ExecutionEnvironment.canUseDOM && document.querySelector(`.${SEARCH_TARGETS.list}`)?.hasChildNodes() === true,
  );
  const keepPainted = painted && !shown && status.state !== 'error';
  /** A site link loads its page's code on pointer or touch (not in view); a plain click navigates in the app. */
  const onResultLink = (event: SyntheticEvent) => {
    const href = dataOf(event.target, 'href');
    const click = event.nativeEvent as MouseEvent;
    if (!href?.startsWith('/')) {
      return;
    }
    if (event.type !== 'click') {
      void window.docusaurus.preload(href);
    } else if (click.button === 0 && !(click.metaKey || click.ctrlKey || click.shiftKey || click.altKey)) {
      event.preventDefault();
      history.push(href);
    }
  };

  return (
    <>
      <SearchPageHead />
      <main className="container margin-vert--lg search-page">
        <h1>{texts.pageTitle}</h1>
        <form role="search" className="margin-bottom--md" onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="search-page-input" className="text--bold">
            {texts.placeholder}
          </label>
          <input
            id="search-page-input"
            className="search-input"
            type="search"
            name="q"
            value={input}
            autoComplete="off"
            autoFocus
            placeholder={texts.placeholder}
            onChange={(event) => setInput(event.target.value)}
          />
        </form>
        <AskOnPage question={input} />
        <div
          aria-live="polite"
          className={SEARCH_TARGETS.status}
          dangerouslySetInnerHTML={{ __html: keepPainted ? '' : statusHtml(status) }}
          suppressHydrationWarning
          onClick={(event) => {
            const literal = dataOf(event.target, 'data-search-literal');
            const suggestion = dataOf(event.target, 'data-search-suggestion');
            if (literal != null) {
              setLiteralQuery(literal);
            } else if (suggestion != null) {
              setInput(suggestion.toLowerCase());
            }
          }}
        />
        <ol
          className={`${SEARCH_TARGETS.list} clean-list`}
          dangerouslySetInnerHTML={{ __html: resultsHtml(shown?.pages ?? []) }}
          suppressHydrationWarning
          onMouseOver={onResultLink}
          onTouchStart={onResultLink}
          onClick={onResultLink}
        />
        {shown && (shown.page + 1) * RESULTS_PER_PAGE < shown.nbHits && (
          <button type="button" className="button button--primary" disabled={loading} onClick={loadMore}>
            {texts.loadMore}
          </button>
        )}
      </main>
    </>
  );
}

const DESCRIPTION = `Search ${identity.title}: model guides, serving guides, benchmarks and the API reference.`;

/** The contextual filters read the docs context, which the Layout provides. */
export default function SearchPage(): ReactNode {
  return (
    <Layout title={texts.pageTitle} description={DESCRIPTION}>
      <Head>
        <meta name="robots" content="noindex, follow" />
      </Head>
      <SearchPageContent />
    </Layout>
  );
}
