/**
 * The DocSearch modal on our backend. Loaded on demand (never in a page's first
 * load), together with its stylesheet.
 */
import '@docsearch/css/dist/modal.css';

import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { DocSearchModal } from '@docsearch/react/modal';
import type {
  DocSearchHit,
  DocSearchTransformClient,
  InternalDocSearchHit,
  StoredDocSearchHit,
} from '@docsearch/react';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { identity } from '../site/identity';
import { toSitePath } from './pageResults';
import type { SearchSetup } from './setup';
import { isSearchUnavailableError, type FacetFilters } from './types';

const texts = identity.searchTexts;

export interface SearchModalProps {
  setup: SearchSetup;
  facetFilters: FacetFilters;
  searchPageUrl: string;
  initialQuery?: string;
  onClose: () => void;
}

/**
 * Finds (or makes) a slot inside one of DocSearch's screens, kept in place as the
 * modal re-renders, so that we can add to a screen without replacing it.
 */
function useScreenSlot(screenSelector: string, className: string, before: string | null): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    if (!container) {
      return undefined;
    }
    const place = () => {
      const screen = container.querySelector(screenSelector);
      if (!screen) {
        setSlot(null);
        return;
      }
      let element = screen.querySelector<HTMLElement>(`:scope > .${className}`);
      if (!element) {
        element = document.createElement('div');
        element.className = className;
        screen.insertBefore(element, before ? screen.querySelector(`:scope > ${before}`) : screen.firstChild);
      }
      setSlot(element);
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [screenSelector, className, before]);
  return slot;
}

/**
 * DocSearch 4.7 keeps its "Try searching for" suggestions in a shape its no-results
 * screen cannot read, so they never show. We collect the sections of earlier results
 * ourselves and add the list to that screen; choosing one searches for it.
 */
function NoResultsSuggestions({ sections }: { sections: readonly string[] }) {
  const slot = useScreenSlot('.DocSearch-NoResults', 'DocSearch-NoResults-Prefill-List', '.DocSearch-Help');
  if (!slot || sections.length === 0) {
    return null;
  }
  const search = (query: string) => {
    const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    if (input && setValue) {
      setValue.call(input, query);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.focus();
    }
  };
  return createPortal(
    <>
      <p className="DocSearch-Help">{texts.trySearchingFor}:</p>
      <div className="DocSearch-NoResults-Prefill-List-Items">
        {sections.slice(0, 3).map((section) => (
          <p key={section}>
            <button className="DocSearch-Prefill" type="button" onClick={() => search(section.toLowerCase())}>
              {section}
            </button>
          </p>
        ))}
      </div>
    </>,
    slot,
  );
}

/**
 * DocSearch sets its error status when a search fails, but autocomplete resets the
 * status to idle right after, so its error screen never shows and the reader sees
 * "No results" instead. When the last search failed we show the error screen (with
 * DocSearch's own markup and classes) in place of the no-results one.
 */
function SearchErrorScreen() {
  const slot = useScreenSlot('.DocSearch-Dropdown', 'DocSearch-ErrorScreen', null);
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
  const [sections, setSections] = useState<string[]>([]);
  const initialScrollY = useRef(typeof window === 'undefined' ? 0 : window.scrollY).current;

  useEffect(() => {
    // Lets the stylesheet hide the hosted service's branding when the index is ours.
    document.documentElement.dataset.searchBackend = setup.backend.kind;
  }, [setup]);

  useEffect(() => {
    // DocSearch rethrows a failed search after showing its error screen; that
    // rejection is handled here, by the screen, and must not reach the console.
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isSearchUnavailableError(event.reason)) {
        event.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);

  const [failed, setFailed] = useState(false);
  const backendProps = useMemo(() => {
    const props = setup.modalProps(facetFilters);
    const transform = props.transformSearchClient ?? ((client) => client);
    return {
      ...props,
      transformSearchClient: (client: DocSearchTransformClient): DocSearchTransformClient => {
        const inner = transform(client);
        const search = (async (...args: Parameters<DocSearchTransformClient['search']>) => {
          try {
            const response = await inner.search(...args);
            setFailed(false);
            return response;
          } catch (error) {
            setFailed(true);
            throw error;
          }
        }) as DocSearchTransformClient['search'];
        return { ...inner, search };
      },
    };
  }, [setup, facetFilters]);

  useEffect(() => {
    document.documentElement.toggleAttribute('data-search-failed', failed);
    return () => document.documentElement.removeAttribute('data-search-failed');
  }, [failed]);

  const transformItems = (items: DocSearchHit[]): DocSearchHit[] => {
    const seen = [...new Set(items.map((item) => item.hierarchy.lvl0).filter(Boolean))];
    if (seen.some((section) => !sections.includes(section))) {
      queueMicrotask(() => setSections((known) => [...new Set([...known, ...seen])]));
    }
    return items.map((item) => ({ ...item, url: toSitePath(item.url) }));
  };

  return (
    <>
      <DocSearchModal
        {...backendProps}
        initialScrollY={initialScrollY}
        initialQuery={initialQuery}
        onClose={onClose}
        onAskAiToggle={() => undefined}
        placeholder={texts.placeholder}
        maxResultsPerGroup={8}
        transformItems={transformItems}
        hitComponent={hitComponent}
        navigator={{
          navigate({ itemUrl }) {
            history.push(toSitePath(itemUrl));
          },
        }}
        resultsFooterComponent={({ state }) => {
          const count = Number(state.context.nbHits ?? 0);
          return (
            <Link to={`${searchPageUrl}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
              {texts.seeAllResults.replace('{count}', String(count))}
            </Link>
          );
        }}
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
      {failed ? <SearchErrorScreen /> : <NoResultsSuggestions sections={sections} />}
    </>
  );
}
