/**
 * The DocSearch modal on our backend. Loaded on demand (never in a page's first
 * load), together with its stylesheet.
 */
import '@docsearch/css/dist/modal.css';

import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { DocSearchModal } from '@docsearch/react/modal';
import type { DocSearchHit, InternalDocSearchHit, StoredDocSearchHit } from '@docsearch/react';
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

function HitLink({ hit, children }: { hit: InternalDocSearchHit | StoredDocSearchHit; children: ReactNode }) {
  return <Link to={toSitePath(hit.url)}>{children}</Link>;
}

/**
 * DocSearch 4.7 keeps its "Try searching for" suggestions in a shape its no-results
 * screen cannot read, so they never show. We collect the sections of earlier results
 * ourselves and add the list to that screen; choosing one searches for it.
 */
function NoResultsSuggestions({ sections }: { sections: readonly string[] }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    if (!container) {
      return undefined;
    }
    const place = () => {
      const screen = container.querySelector('.DocSearch-NoResults');
      const existing = screen?.querySelector<HTMLElement>('.rubra-search-suggestions') ?? null;
      if (screen && !existing) {
        const slot = document.createElement('div');
        slot.className = 'rubra-search-suggestions DocSearch-NoResults-Prefill-List';
        const report = screen.querySelector('.DocSearch-Help');
        screen.insertBefore(slot, report);
        setTarget(slot);
      } else if (!screen) {
        setTarget(null);
      }
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(container, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
  if (!target || sections.length === 0) {
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
      <ul className="DocSearch-NoResults-Prefill-List-Items">
        {sections.slice(0, 3).map((section) => (
          <li key={section}>
            <button className="DocSearch-Prefill" type="button" onClick={() => search(section.toLowerCase())}>
              {section}
            </button>
          </li>
        ))}
      </ul>
    </>,
    target,
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

  const backendProps = useMemo(() => setup.modalProps(facetFilters), [setup, facetFilters]);

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
        hitComponent={HitLink}
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
      <NoResultsSuggestions sections={sections} />
    </>
  );
}
