/**
 * /search?q=…: full results on the same backend as the modal. The search box keeps
 * the `q` parameter in step, results come a page at a time, and the empty and
 * error states say what the modal says.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import { useHistory, useLocation } from '@docusaurus/router';
import SearchPageHead from '@rubra/search-page-head';
import Layout from '@theme/Layout';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { loadSearchSetup, preloadSearchBackend, preloadSearchIndex } from '@site/src/search/runtime';
import { groupHitsByPage, toSitePath, type PageResult } from '@site/src/search/pageResults';
import SearchNotice from '@site/src/search/SearchNotice';
import type { QueryNotice } from '@site/src/search/types';
import { useSearchConfig } from '@site/src/search/useSearchConfig';
import { identity } from '@site/src/site/identity';

import styles from './styles.module.css';

// This route's code runs before React hydrates the page: the backend's code starts
// downloading now, not after hydration, while the early script loads the index.
if (ExecutionEnvironment.canUseDOM) {
  preloadSearchBackend();
}

const texts = identity.searchTexts;
const DESCRIPTION = `Search ${identity.title}: model guides, serving guides, benchmarks and the API reference.`;
const RESULTS_PER_PAGE = 10;
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

function Html({ html, className }: { html: string; className?: string }) {
  // The backend escapes every string and keeps only <mark>.
  return <span className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

function readQuery(search: string): string {
  return new URLSearchParams(search).get('q') ?? '';
}

function SearchPageContent(): ReactNode {
  const config = useSearchConfig();
  const history = useHistory();
  const location = useLocation();
  const urlQuery = readQuery(location.search);
  const [input, setInput] = useState(urlQuery);
  const [results, setResults] = useState<Results | null>(null);
  const [status, setStatus] = useState<Status>('idle');
  const [sections, setSections] = useState<string[]>([]);
  // The query the reader asked to search as typed, without correction.
  const [literalQuery, setLiteralQuery] = useState<string | null>(null);
  const latest = useRef(0);

  // A visit to the search page is intent to search: the index loads at once, even before a query.
  useEffect(() => preloadSearchIndex(config.options), [config.options]);

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

  const run = useMemo(
    () => async (query: string, page: number) => {
      const ticket = ++latest.current;
      setStatus('loading');
      try {
        const { backend } = await loadSearchSetup(config.options);
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
          setStatus('error');
        }
      }
    },
    [config, literalQuery],
  );

  useEffect(() => {
    if (!urlQuery.trim()) {
      latest.current += 1;
      setResults(null);
      setStatus('idle');
      return;
    }
    void run(urlQuery, 0);
  }, [urlQuery, run]);

  const shown = results?.query === urlQuery ? results : null;
  const count = shown?.nbHits ?? 0;
  const suggestions = sections.filter((section) => section.toLowerCase() !== urlQuery.toLowerCase()).slice(0, 3);

  return (
    <>
      <SearchPageHead options={config.options} facetFilters={config.facetFilters} resultsPerPage={RESULTS_PER_PAGE} />
      <main className={`container margin-vert--lg ${styles.page}`}>
        <h1>{texts.pageTitle}</h1>
        <form role="search" className={styles.form} onSubmit={(event) => event.preventDefault()}>
          <label htmlFor="search-page-input" className={styles.label}>
            {texts.placeholder}
          </label>
          <input
            id="search-page-input"
            className={styles.input}
            type="search"
            name="q"
            value={input}
            autoComplete="off"
            autoFocus
            placeholder={texts.placeholder}
            onChange={(event) => setInput(event.target.value)}
          />
        </form>

        <div aria-live="polite" className={styles.status}>
          {status === 'loading' && !shown && <p>{texts.searching}</p>}
          {shown?.notice && <SearchNotice notice={shown.notice} onSearchLiteral={setLiteralQuery} />}
          {status === 'error' && (
            <div className={styles.message} role="alert">
              <p className={styles.messageTitle}>{texts.errorTitle}</p>
              <p>{texts.errorHelp}</p>
            </div>
          )}
          {status === 'done' && shown && count === 0 && (
            <div className={styles.message}>
              <p className={styles.messageTitle}>
                {texts.noResults} “<strong>{shown.query}</strong>”
              </p>
              {suggestions.length > 0 && (
                <>
                  <p>{texts.trySearchingFor}:</p>
                  <ul className={styles.suggestions}>
                    {suggestions.map((section) => (
                      <li key={section}>
                        <button
                          type="button"
                          className="button button--sm button--secondary"
                          onClick={() => setInput(section.toLowerCase())}
                        >
                          {section}
                        </button>
                      </li>
                    ))}
                  </ul>
                </>
              )}
              <p>
                {texts.reportMissing}{' '}
                <Link to={`${identity.issuesUrl}/new?title=${encodeURIComponent(shown.query)}`}>
                  {texts.reportMissingLink}
                </Link>
              </p>
            </div>
          )}
          {shown && count > 0 && (
            <p className={styles.count}>
              {count === 1 ? texts.oneResult : texts.resultCount.replace('{count}', String(count))} “
              <strong>{shown.query}</strong>”
            </p>
          )}
        </div>

        {shown && shown.pages.length > 0 && (
          <ol className={styles.results}>
            {shown.pages.map((result) => (
              <li key={result.url} className={styles.result}>
                {result.section && <p className={styles.section}>{result.section}</p>}
                <h2 className={styles.title}>
                  <Link to={toSitePath(result.url)}>
                    <Html html={result.title} />
                  </Link>
                </h2>
                {result.excerpt && <Html html={result.excerpt} className={styles.excerpt} />}
                {result.headings.length > 0 && (
                  <ul className={styles.headings}>
                    {result.headings.map((heading) => (
                      <li key={heading.url}>
                        <Link to={toSitePath(heading.url)}>
                          <Html html={heading.title} />
                        </Link>
                        {heading.excerpt && <Html html={heading.excerpt} className={styles.excerpt} />}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ol>
        )}

        {shown && shown.page + 1 < shown.nbPages && (
          <button
            type="button"
            className="button button--primary"
            disabled={status === 'loading'}
            onClick={() => void run(shown.query, shown.page + 1)}
          >
            {texts.loadMore}
          </button>
        )}
      </main>
    </>
  );
}

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
