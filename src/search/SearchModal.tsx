/**
 * The DocSearch modal on our backend, loaded on demand with its stylesheet. Above the
 * results it keeps a live region (the query layer's notice, or the error screen after a
 * failed search) and Ask AI; both are drawn outside React, since DocSearch restarts
 * its search session when the modal re-renders with new props.
 */
import '@docsearch/css/dist/modal.css';

import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import { DocSearchModal, type DocSearchModalProps, type InternalDocSearchHit } from '@docsearch/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { searchTexts as texts } from '../site/identity';
import {
  typeIntoSearchBox,
  useDropdownSlots,
  useQuietSearchFailures,
  useResultListIds,
  watchSearches,
} from './docsearchWorkarounds';
import { escapeHtml, noticeHtml, toSitePath } from './pageResults';
import { missingResultsUrl, type SearchSetup } from './setup';
import type { DocSearchHit, FacetFilters, QueryNotice } from './types';

export interface SearchModalProps {
  setup: SearchSetup;
  facetFilters: FacetFilters;
  searchPageUrl: string;
  initialQuery?: string;
  onClose: () => void;
  /** Asks the reader's own model the typed words (Ask AI); the modal closes first. */
  onAsk?: (question: string) => void;
}

/** A slot of ours above DocSearch's results; `onClick` is told the element clicked inside it. */
function element(className: string, attributes: Record<string, string>, onClick: (target: Element) => void) {
  const node = document.createElement('div');
  node.className = className;
  Object.entries(attributes).forEach(([name, value]) => node.setAttribute(name, value));
  node.addEventListener('click', (event) => event.target instanceof Element && onClick(event.target));
  return node;
}

// A module constant: DocSearch starts its session afresh when it changes identity.
const getMissingResultsUrl = ({ query }: { query: string }) => missingResultsUrl(query);

const ERROR_SCREEN = `<p class="DocSearch-Title">${texts.errorTitle}</p><p class="DocSearch-Help">${texts.errorHelp}</p>`;

/** The region above the results and Ask AI, drawn from the words in the box and the latest answer. */
function createAboveResults(initialQuery: string) {
  const view = {
    typed: initialQuery,
    answer: null as { query: string; notice: QueryNotice | null } | null,
    failed: false,
    /** The query the reader asked to search as typed. */
    literal: null as string | null,
    onAsk: undefined as SearchModalProps['onAsk'],
    region: element('DocSearch-QueryNotice', { role: 'status', 'aria-live': 'polite' }, (target) => {
      const literal = target.closest('[data-search-literal]')?.getAttribute('data-search-literal');
      if (literal != null) {
        view.literal = literal;
        typeIntoSearchBox(literal);
      }
    }),
    ask: element('DocSearch-AskAI', {}, (target) => {
      if (target.closest('[data-ask-entry]') && view.typed.trim()) {
        view.onAsk?.(view.typed.trim());
      }
    }),
    draw() {
      const question = view.typed.trim();
      // A notice shows only beside the results it explains.
      const notice = view.answer?.query === view.typed ? view.answer.notice : null;
      view.region.className = view.failed ? 'DocSearch-ErrorScreen' : 'DocSearch-QueryNotice';
      view.region.innerHTML = view.failed ? ERROR_SCREEN : notice ? noticeHtml(notice) : '';
      view.ask.innerHTML =
        view.onAsk && question
          ? `<button type="button" class="DocSearch-AskAI-Button" data-ask-entry=""><strong>Ask AI</strong> “${escapeHtml(question)}”, answered by your own model from these pages</button>`
          : '';
      // The stylesheet hides the no-results screen and stale hits under the error screen.
      document.documentElement.toggleAttribute('data-search-failed', view.failed);
    },
  };
  return view;
}

function useAboveResults(initialQuery: string, onAsk: SearchModalProps['onAsk']) {
  const [view] = useState(() => createAboveResults(initialQuery));
  view.onAsk = onAsk;
  useEffect(() => {
    view.draw();
    const onInput = (event: Event) => {
      if (event.target instanceof HTMLInputElement && event.target.classList.contains('DocSearch-Input')) {
        view.typed = event.target.value;
        view.draw();
      }
    };
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
      document.documentElement.removeAttribute('data-search-failed');
    };
  }, [view]);
  useDropdownSlots(useMemo(() => [view.region, view.ask], [view]));
  return view;
}

export default function SearchModal({
  setup,
  facetFilters,
  searchPageUrl,
  initialQuery = '',
  onClose,
  onAsk,
}: SearchModalProps): ReactNode {
  const history = useHistory();
  const { url: siteUrl } = useDocusaurusContext().siteConfig;
  const view = useAboveResults(initialQuery, onAsk);
  // DocSearch starts its session afresh (emptying the box) when these change identity.
  const transformItems = useCallback(
    (items: DocSearchHit[]) => items.map((item) => ({ ...item, url: toSitePath(item.url, siteUrl) })),
    [siteUrl],
  );
  // An option may not contain a link (axe: nested-interactive), so a hit is plain
  // content: Enter goes through `navigator`, a click through this handler.
  const hitComponent = useCallback(
    ({ hit, children }: { hit: InternalDocSearchHit | { url: string }; children: ReactNode }) => {
      const path = toSitePath(hit.url, siteUrl);
      return (
        <div className="DocSearch-Hit-link" data-href={path} onClick={() => history.push(path)}>
          {children}
        </div>
      );
    },
    [history, siteUrl],
  );
  const navigator = useMemo(
    () => ({ navigate: ({ itemUrl }: { itemUrl: string }) => history.push(toSitePath(itemUrl, siteUrl)) }),
    [history, siteUrl],
  );
  const resultsFooter = useCallback<NonNullable<DocSearchModalProps['resultsFooterComponent']>>(
    ({ state }) => (
      <Link to={`${searchPageUrl}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
        {texts.seeAllResults.replace('{count}', String(state.context.nbHits ?? 0))}
      </Link>
    ),
    [searchPageUrl, onClose],
  );
  const [initialScrollY] = useState(() => window.scrollY);
  const backendProps = useMemo(() => {
    const props = setup.modalProps(facetFilters);
    const transformSearchClient = watchSearches<{ results: { notice?: QueryNotice | null }[] }>(
      props.transformSearchClient ?? ((client) => client),
      {
        literal: (query) => view.literal === query,
        answered: (query, response) => {
          view.answer = { query, notice: response.results[0]?.notice ?? null };
          view.failed = false;
          view.draw();
        },
        failed: () => {
          view.failed = true;
          view.draw();
        },
      },
    );
    return { ...props, transformSearchClient };
  }, [setup, facetFilters, view]);

  useEffect(() => {
    // Lets the stylesheet hide the hosted service's branding when the index is ours.
    document.documentElement.dataset.searchBackend = setup.backend.kind;
  }, [setup]);
  useResultListIds();
  useQuietSearchFailures();

  return (
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
      getMissingResultsUrl={getMissingResultsUrl}
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
  );
}
