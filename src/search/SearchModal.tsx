/**
 * The DocSearch modal on our backend. Loaded on demand (never in a page's first
 * load), together with its stylesheet.
 */
import '@docsearch/css/dist/modal.css';

import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import {
  DocSearchModal,
  type DocSearchHit,
  type DocSearchModalProps,
  type InternalDocSearchHit,
  type StoredDocSearchHit,
} from '@docsearch/react';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { identity } from '../site/identity';
import {
  typeIntoSearchBox,
  useDropdownSlot,
  useQuietSearchFailures,
  useResultListIds,
  watchSearches,
} from './docsearchWorkarounds';
import { toSitePath } from './pageResults';
import SearchNotice from './SearchNotice';
import type { SearchSetup } from './setup';
import type { FacetFilters, QueryNotice } from './types';

const texts = identity.searchTexts;

export interface SearchModalProps {
  setup: SearchSetup;
  facetFilters: FacetFilters;
  searchPageUrl: string;
  initialQuery?: string;
  onClose: () => void;
  /** Asks the reader's own model the typed words (Ask AI); the modal closes first. */
  onAsk?: (question: string) => void;
}

/**
 * DocSearch sets its error status when a search fails, but autocomplete sets the
 * status back to idle once the search settles, so DocSearch's error screen never
 * shows and the reader sees "No results" instead. After a failed search we show the
 * error screen (with DocSearch's markup and classes) at the top of the dropdown, and
 * the stylesheet hides the no-results screen and stale hits.
 */
function SearchErrorScreen() {
  const slot = useDropdownSlot('DocSearch-ErrorScreen');
  if (!slot) {
    return null;
  }
  return createPortal(
    <>
      <p className="DocSearch-Title">{texts.errorTitle}</p>
      <p className="DocSearch-Help">{texts.errorHelp}</p>
    </>,
    slot,
  );
}

const LIVE_REGION = { role: 'status', 'aria-live': 'polite' };

interface Answer {
  query: string;
  notice: QueryNotice | null;
}

/**
 * The latest answer's notice, kept outside React state: DocSearch restarts its search
 * session when the modal re-renders with new props, so the modal must not re-render
 * on every answer. Only the notice subscribes.
 */
function createAnswerStore() {
  let answer: Answer | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => answer,
    set(next: Answer) {
      answer = next;
      listeners.forEach((listener) => listener());
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

type AnswerStore = ReturnType<typeof createAnswerStore>;

/** The typed words, as the search box holds them once the reader types. */
function useTypedQuery(initial: string | null): string | null {
  const [typed, setTyped] = useState(initial);
  useEffect(() => {
    const onInput = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.classList.contains('DocSearch-Input')) {
        setTyped(target.value);
      }
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, []);
  return typed;
}

/** The query layer's notice above the results, in a live region that stays while the modal is open. */
function ModalNotice({ answers, onSearchLiteral }: { answers: AnswerStore; onSearchLiteral: (query: string) => void }) {
  const slot = useDropdownSlot('DocSearch-QueryNotice', LIVE_REGION);
  const answer = useSyncExternalStore(answers.subscribe, answers.get, () => null);
  // The box's value, so that a notice shows only beside the results it explains.
  const typed = useTypedQuery(null);
  const notice = answer && (typed === null || answer.query === typed) ? answer.notice : null;
  if (!slot) {
    return null;
  }
  return createPortal(notice && <SearchNotice notice={notice} onSearchLiteral={onSearchLiteral} />, slot);
}

/** Ask AI at the top of the results: the typed words become the question for the reader's own model. */
function AskEntry({ initialQuery, onAsk }: { initialQuery: string; onAsk: (question: string) => void }) {
  const slot = useDropdownSlot('DocSearch-AskAI');
  const typed = (useTypedQuery(initialQuery) ?? '').trim();
  if (!slot || typed === '') {
    return null;
  }
  return createPortal(
    <button type="button" className="DocSearch-AskAI-Button" data-ask-entry="" onClick={() => onAsk(typed)}>
      <span className="DocSearch-AskAI-Label">Ask AI</span> “{typed}”, answered by your own model from these pages
    </button>,
    slot,
  );
}

const transformItems = (items: DocSearchHit[]): DocSearchHit[] =>
  items.map((item) => ({ ...item, url: toSitePath(item.url) }));

export default function SearchModal({
  setup,
  facetFilters,
  searchPageUrl,
  initialQuery,
  onClose,
  onAsk,
}: SearchModalProps): ReactNode {
  const history = useHistory();
  // An option may not contain a link (axe: nested-interactive), so a hit is plain
  // content: Enter goes through `navigator`, a click through this handler.
  const hitComponent = useMemo(
    () =>
      function Hit({ hit, children }: { hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode }) {
        const path = toSitePath(hit.url);
        return (
          <div className="DocSearch-Hit-link" data-href={path} onClick={() => history.push(path)}>
            {children}
          </div>
        );
      },
    [history],
  );
  // DocSearch starts its search session afresh (and empties the search box) when
  // `navigator` changes, so it must keep its identity across renders.
  const navigator = useMemo(
    () => ({
      navigate({ itemUrl }: { itemUrl: string }) {
        history.push(toSitePath(itemUrl));
      },
    }),
    [history],
  );
  const resultsFooter = useCallback<NonNullable<DocSearchModalProps['resultsFooterComponent']>>(
    ({ state }) => {
      const count = Number(state.context.nbHits ?? 0);
      return (
        <Link to={`${searchPageUrl}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
          {texts.seeAllResults.replace('{count}', String(count))}
        </Link>
      );
    },
    [searchPageUrl, onClose],
  );
  const initialScrollY = useRef(typeof window === 'undefined' ? 0 : window.scrollY).current;
  useResultListIds();

  const [failed, setFailed] = useState(false);
  const answers = useMemo(createAnswerStore, []);
  // The query the reader asked to search as typed, without correction.
  const literalQuery = useRef<string | null>(null);
  const backendProps = useMemo(() => {
    const props = setup.modalProps(facetFilters);
    const transformSearchClient = watchSearches<{ results: { notice?: QueryNotice | null }[] }>(
      props.transformSearchClient ?? ((client) => client),
      {
        literal: (query) => literalQuery.current !== null && literalQuery.current === query,
        answered: (query, response) => {
          answers.set({ query, notice: response.results[0]?.notice ?? null });
          setFailed(false);
        },
        failed: () => setFailed(true),
      },
    );
    return { ...props, transformSearchClient };
  }, [setup, facetFilters, answers]);

  const searchLiteral = useCallback((query: string) => {
    literalQuery.current = query;
    typeIntoSearchBox(query);
  }, []);

  useEffect(() => {
    document.documentElement.toggleAttribute('data-search-failed', failed);
    return () => document.documentElement.removeAttribute('data-search-failed');
  }, [failed]);

  useEffect(() => {
    // Lets the stylesheet hide the hosted service's branding when the index is ours.
    document.documentElement.dataset.searchBackend = setup.backend.kind;
  }, [setup]);

  useQuietSearchFailures();

  return (
    <>
      <DocSearchModal
        {...backendProps}
        initialScrollY={initialScrollY}
        initialQuery={initialQuery}
        onClose={onClose}
        placeholder={texts.placeholder}
        maxResultsPerGroup={8}
        transformItems={transformItems}
        hitComponent={hitComponent}
        navigator={navigator}
        resultsFooterComponent={resultsFooter}
        getMissingResultsUrl={({ query }) => `${identity.issuesUrl}/new?title=${encodeURIComponent(query)}`}
        translations={{
          errorScreen: { titleText: texts.errorTitle, helpText: texts.errorHelp },
          noResultsScreen: {
            noResultsText: texts.noResults,
            suggestedQueryText: texts.trySearchingFor,
            reportMissingResultsText: texts.reportMissing,
            reportMissingResultsLinkText: texts.reportMissingLink,
          },
        }}
      />
      {failed ? <SearchErrorScreen /> : <ModalNotice answers={answers} onSearchLiteral={searchLiteral} />}
      {onAsk ? <AskEntry initialQuery={initialQuery ?? ''} onAsk={onAsk} /> : null}
    </>
  );
}
