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
  type DocSearchTransformClient,
  type InternalDocSearchHit,
  type StoredDocSearchHit,
} from '@docsearch/react';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { identity } from '../site/identity';
import { toSitePath } from './pageResults';
import SearchNotice from './SearchNotice';
import type { SearchSetup } from './setup';
import { isSearchUnavailableError, type FacetFilters, type QueryNotice } from './types';

const texts = identity.searchTexts;

export interface SearchModalProps {
  setup: SearchSetup;
  facetFilters: FacetFilters;
  searchPageUrl: string;
  initialQuery?: string;
  onClose: () => void;
}

/**
 * DocSearch gives every list of results the id "docsearch-list", while its search box
 * names each list by its source in aria-controls ("docsearch-hits0-list"), so the box
 * points at lists that do not exist (axe: aria-valid-attr-value). Each list takes the
 * id that its options are named after ("docsearch-hits0-item-3").
 */
function useResultListIds(): void {
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    if (!container) {
      return undefined;
    }
    const name = () => {
      for (const list of container.querySelectorAll<HTMLElement>('ul[role="listbox"]')) {
        const id = list.querySelector('[role="option"][id]')?.id.replace(/-item-\d+$/, '-list');
        if (id && list.id !== id) {
          list.id = id;
        }
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

/**
 * An element of ours kept first in DocSearch's dropdown, which DocSearch re-renders
 * at will: it is put back whenever it goes missing. Null while there is no dropdown.
 */
function useDropdownSlot(className: string, attributes: Record<string, string> = {}): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    const element = document.createElement('div');
    element.className = className;
    for (const [name, value] of Object.entries(JSON.parse(attributeKey) as Record<string, string>)) {
      element.setAttribute(name, value);
    }
    const place = () => {
      const dropdown = document.querySelector('.DocSearch-Container .DocSearch-Dropdown');
      if (dropdown && dropdown.firstChild !== element) {
        dropdown.insertBefore(element, dropdown.firstChild);
      }
      setSlot(dropdown ? element : null);
    };
    place();
    // The modal may mount after this component, and re-renders its dropdown at will.
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      element.remove();
    };
  }, [className, attributeKey]);
  return slot;
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

/** The query layer's notice above the results, in a live region that stays while the modal is open. */
function ModalNotice({ answers, onSearchLiteral }: { answers: AnswerStore; onSearchLiteral: (query: string) => void }) {
  const slot = useDropdownSlot('DocSearch-QueryNotice', LIVE_REGION);
  const answer = useSyncExternalStore(answers.subscribe, answers.get, () => null);
  const [typed, setTyped] = useState<string | null>(null);
  useEffect(() => {
    // The box's value, so that a notice shows only beside the results it explains.
    const onInput = (event: Event) => {
      const target = event.target;
      if (target instanceof HTMLInputElement && target.classList.contains('DocSearch-Input')) {
        setTyped(target.value);
      }
    };
    document.addEventListener('input', onInput, true);
    return () => document.removeEventListener('input', onInput, true);
  }, []);
  const notice = answer && (typed === null || answer.query === typed) ? answer.notice : null;
  if (!slot) {
    return null;
  }
  return createPortal(notice && <SearchNotice notice={notice} onSearchLiteral={onSearchLiteral} />, slot);
}

/** Types `query` into DocSearch's box as a reader would, so that DocSearch searches it. */
function searchFor(query: string) {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (input && setValue) {
    setValue.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  }
}

const transformItems = (items: DocSearchHit[]): DocSearchHit[] =>
  items.map((item) => ({ ...item, url: toSitePath(item.url) }));

export default function SearchModal({
  setup,
  facetFilters,
  searchPageUrl,
  initialQuery,
  onClose,
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
    const transform = props.transformSearchClient ?? ((client) => client);
    return {
      ...props,
      transformSearchClient: (client: DocSearchTransformClient): DocSearchTransformClient => {
        const inner = transform(client);
        const search = (async (...args: Parameters<DocSearchTransformClient['search']>) => {
          try {
            const [request, ...rest] = args as unknown as [
              { requests: { query?: string; params?: Record<string, unknown> }[] },
              ...unknown[],
            ];
            const query = request.requests[0]?.query ?? '';
            const literal = literalQuery.current !== null && literalQuery.current === query;
            const sent = literal
              ? { ...request, requests: request.requests.map((entry) => ({ ...entry, literal: true })) }
              : request;
            const response = await (inner.search as (...a: unknown[]) => Promise<{ results: unknown[] }>)(
              sent,
              ...rest,
            );
            const notice = (response.results[0] as { notice?: QueryNotice | null } | undefined)?.notice ?? null;
            answers.set({ query, notice });
            setFailed(false);
            return response;
          } catch (error) {
            setFailed(true);
            throw error;
          }
        }) as unknown as DocSearchTransformClient['search'];
        return { ...inner, search };
      },
    };
  }, [setup, facetFilters, answers]);

  const searchLiteral = useCallback((query: string) => {
    literalQuery.current = query;
    searchFor(query);
  }, []);

  useEffect(() => {
    document.documentElement.toggleAttribute('data-search-failed', failed);
    return () => document.documentElement.removeAttribute('data-search-failed');
  }, [failed]);

  useEffect(() => {
    // Lets the stylesheet hide the hosted service's branding when the index is ours.
    document.documentElement.dataset.searchBackend = setup.backend.kind;
  }, [setup]);

  useEffect(() => {
    // DocSearch rethrows a failed search and nothing catches it. The error screen
    // above reports the failure, so the rejection must not reach the console.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isSearchUnavailableError(event.reason)) {
        event.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

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
    </>
  );
}
