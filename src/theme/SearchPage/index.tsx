/**
 * /search?q=…: full results on the same backend as the modal. The search box keeps
 * the `q` parameter in step, results come a page at a time, and the empty and
 * error states say what the modal says. The state lives in useSearchPage; this file
 * is the view. Until the page's own first answer, the status region and the result
 * list keep what the early script painted into them (see src/search/earlySearch.ts):
 * React leaves their content alone while they carry no children of its own.
 */
import ExecutionEnvironment from '@docusaurus/ExecutionEnvironment';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import useIsBrowser from '@docusaurus/useIsBrowser';
import SearchPageHead from '@rubra/search-page-head';
import Layout from '@theme/Layout';
import { useState, type ComponentType, type ReactNode } from 'react';

import type { AskHostProps } from '@site/src/components/AskDocs/AskDialog';
import { loadAsk } from '@site/src/search/ask';
import { EARLY_SCRIPT_ATTRIBUTE, EARLY_TARGET_ATTRIBUTE } from '@site/src/search/earlySearch';
import { RESULTS_PER_PAGE } from '@site/src/search/pageResults';
import type { ResultClasses } from '@site/src/search/paintResults';
import { loadSearchSetup, preloadSearchBackend } from '@site/src/search/runtime';
import SearchNotice, { noticeClasses } from '@site/src/search/SearchNotice';
import { resultCountText } from '@site/src/search/texts';
import { useSearchConfig } from '@site/src/search/useSearchConfig';
import { identity } from '@site/src/site/identity';

import ResultLink, { Html } from './ResultLink';
import styles from './styles.module.css';
import { useSearchPage, type SearchPageState } from './useSearchPage';

// This route's code runs before React hydrates the page: without an early script to
// take the backend from, the backend's code starts downloading now, not after hydration.
if (ExecutionEnvironment.canUseDOM && !document.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`)) {
  preloadSearchBackend();
}

const texts = identity.searchTexts;
const DESCRIPTION = `Search ${identity.title}: model guides, serving guides, benchmarks and the API reference.`;

/** The class names the early script paints the results with: the ones this view renders. */
const RESULT_CLASSES: ResultClasses = {
  count: styles.count ?? '',
  results: styles.results ?? '',
  result: styles.result ?? '',
  section: styles.section ?? '',
  title: styles.title ?? '',
  excerpt: styles.excerpt ?? '',
  headings: styles.headings ?? '',
  ...noticeClasses,
};

/** Content that the early script painted, which React neither hydrates nor replaces. */
const EARLY_CONTENT = { __html: '' };

function StatusContent({ state }: { state: SearchPageState }): ReactNode {
  const { shown, status, suggestions, setInput, searchLiteral } = state;
  const count = shown?.nbHits ?? 0;
  return (
    <>
      {status === 'loading' && !shown && <p>{texts.searching}</p>}
      {shown?.notice && <SearchNotice notice={shown.notice} onSearchLiteral={searchLiteral} />}
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
          {resultCountText(count)} “<strong>{shown.query}</strong>”
        </p>
      )}
    </>
  );
}

function ResultList({ state }: { state: SearchPageState }): ReactNode {
  const { shown } = state;
  if (!shown || shown.pages.length === 0) {
    return null;
  }
  return (
    <ol className={styles.results}>
      {shown.pages.map((result) => (
        <li key={result.url} className={styles.result}>
          {result.section && <p className={styles.section}>{result.section}</p>}
          <h2 className={styles.title}>
            <ResultLink url={result.url} html={result.title} />
          </h2>
          {result.excerpt && <Html html={result.excerpt} className={styles.excerpt} />}
          {result.headings.length > 0 && (
            <ul className={styles.headings}>
              {result.headings.map((heading) => (
                <li key={heading.url}>
                  <ResultLink url={heading.url} html={heading.title} />
                  {heading.excerpt && <Html html={heading.excerpt} className={styles.excerpt} />}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}

/** Ask AI under the search box: the typed words as a question for the reader's own model, answered in place. */
function AskOnPage({ question, config }: { question: string; config: ReturnType<typeof useSearchConfig> }): ReactNode {
  const [panel, setPanel] = useState<{ Panel: ComponentType<AskHostProps>; question: string } | null>(null);
  // The button works only once the page has hydrated, so the HTML holds just its place
  // (the results below it do not move when it appears).
  const hydrated = useIsBrowser();
  return (
    <>
      <p className={styles.ask}>
        {hydrated ? (
          <button
            type="button"
            className="button button--secondary button--sm"
            disabled={question.trim() === ''}
            data-ask-entry=""
            onClick={() =>
              void loadAsk().then((module) => setPanel({ Panel: module.AskInPlace, question: question.trim() }))
            }
          >
            Ask AI
          </button>
        ) : null}
      </p>
      {panel ? (
        <panel.Panel
          key={panel.question}
          question={panel.question}
          setup={() => loadSearchSetup(config.options)}
          facetFilters={config.facetFilters}
          onClose={() => setPanel(null)}
        />
      ) : null}
    </>
  );
}

function SearchPageContent(): ReactNode {
  const config = useSearchConfig();
  const state = useSearchPage(config);
  const { input, setInput, shown, status, adopting, earlyList, loadMore } = state;

  return (
    <>
      <SearchPageHead
        options={config.options}
        facetFilters={config.facetFilters}
        resultsPerPage={RESULTS_PER_PAGE}
        classes={RESULT_CLASSES}
      />
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
        <AskOnPage question={input} config={config} />

        {adopting ? (
          <div
            aria-live="polite"
            className={styles.status}
            {...{ [EARLY_TARGET_ATTRIBUTE]: 'status' }}
            dangerouslySetInnerHTML={EARLY_CONTENT}
            suppressHydrationWarning
          />
        ) : (
          <div aria-live="polite" className={styles.status}>
            <StatusContent state={state} />
          </div>
        )}

        {adopting ? (
          <ol
            ref={earlyList}
            className={styles.results}
            hidden
            {...{ [EARLY_TARGET_ATTRIBUTE]: 'list' }}
            dangerouslySetInnerHTML={EARLY_CONTENT}
            suppressHydrationWarning
          />
        ) : (
          <ResultList state={state} />
        )}

        {shown && shown.page + 1 < shown.nbPages && (
          <button type="button" className="button button--primary" disabled={status === 'loading'} onClick={loadMore}>
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
