/**
 * The DocSearch modal on our backend, loaded on demand with its stylesheet. Above the
 * results, a live region (the query's notice, or the error screen) and Ask AI, drawn
 * outside React: DocSearch restarts its session when it re-renders with new props.
 */
import '@docsearch/css/dist/modal.css';

import Link from '@docusaurus/Link';
import { useHistory } from '@docusaurus/router';
import { DocSearchModal, type DocSearchModalProps, type InternalDocSearchHit } from '@docsearch/react';
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';

import { identity, searchTexts as texts } from '../site/identity';
import {
  MODAL_RESULTS,
  modalSearchClient,
  typeIntoSearchBox,
  useModalWorkarounds,
  type SearchView,
} from './docsearchWorkarounds';
import { noticeHtml, toSitePath } from './pageResults';
import { missingResultsUrl, useSearchConfig, type SearchSetup } from './setup';
import type { DocSearchHit } from './types';

export interface SearchModalProps {
  setup: SearchSetup;
  onClose: () => void;
  /** Asks the reader's own model the typed words (Ask AI); the modal closes first. */
  onAsk?: (question: string) => void;
}

const ERROR_SCREEN = `<p class="DocSearch-Title">${texts.errorTitle}</p><p class="DocSearch-Help">${texts.errorHelp}</p>`;

/** The slot above the results, its live region and Ask AI drawn from the words in the box and the latest answer. */
function createAboveResults() {
  const slot = document.createElement('div');
  slot.innerHTML = `<div role="status" aria-live="polite"></div><div class="DocSearch-AskAI"><button type="button" class="DocSearch-AskAI-Button" data-ask-entry="" hidden><strong>Ask AI</strong> “<span></span>”, answered by your own model from these pages</button></div>`;
  const region = slot.firstElementChild as HTMLElement;
  const ask = slot.querySelector('button') as HTMLButtonElement;
  const askedWords = ask.querySelector('span') as HTMLElement;
  // The region is redrawn only when it changes, so a button in it keeps focus as answers come in.
  let drawn = '';
  const view: SearchView & Pick<SearchModalProps, 'onAsk'> & { slot: HTMLElement; typed: string } = {
    slot,
    typed: '',
    answer: null,
    failed: false,
    literal: null,
    draw() {
      const question = view.typed.trim();
      // A notice shows only beside the results it explains.
      const notice = view.answer?.query === view.typed ? view.answer.notice : null;
      const html = view.failed ? ERROR_SCREEN : notice ? noticeHtml(notice) : '';
      region.className = view.failed ? 'DocSearch-ErrorScreen' : 'DocSearch-QueryNotice';
      if (html !== drawn) {
        drawn = html;
        region.innerHTML = html;
      }
      askedWords.textContent = question;
      ask.hidden = !view.onAsk || question === '';
      // The stylesheet hides the no-results screen under the error screen.
      document.documentElement.toggleAttribute('data-search-failed', view.failed);
    },
  };
  slot.addEventListener('click', ({ target }) => {
    const button = target instanceof Element ? target.closest('[data-search-literal], [data-ask-entry]') : null;
    const literal = button?.getAttribute('data-search-literal');
    if (literal != null) {
      view.literal = literal;
      typeIntoSearchBox(literal);
    } else if (button) {
      view.onAsk?.(view.typed.trim());
    }
  });
  return view;
}

export default function SearchModal({ setup, onClose, onAsk }: SearchModalProps): ReactNode {
  const history = useHistory();
  const { options, facetFilters, siteUrl } = useSearchConfig();
  const [view] = useState(createAboveResults);
  view.onAsk = onAsk;
  useEffect(() => {
    view.draw();
    // Lets the stylesheet hide the hosted service's branding when the index is ours.
    document.documentElement.dataset.searchBackend = setup.backend.kind;
    const onInput = ({ target }: Event) => {
      if (target instanceof HTMLInputElement && target.classList.contains('DocSearch-Input')) {
        view.typed = target.value;
        view.draw();
      }
    };
    document.addEventListener('input', onInput, true);
    return () => {
      document.removeEventListener('input', onInput, true);
      document.documentElement.removeAttribute('data-search-failed');
    };
  }, [view, setup]);
  useModalWorkarounds(view.slot);

  // DocSearch starts its session afresh (emptying the box) when these change identity.
  // Hits and recent searches hold the site paths `transformItems` gives them.
  const transformItems = useCallback(
    (items: DocSearchHit[]) => items.map((item) => ({ ...item, url: toSitePath(item.url, siteUrl) })),
    [siteUrl],
  );
  // An option may not contain a link (axe: nested-interactive), so a hit is an anchor
  // without href, styled as DocSearch's links: Enter goes through `navigator`, a click here.
  const hitComponent = useCallback(
    ({ hit, children }: { hit: InternalDocSearchHit | { url: string }; children: ReactNode }) => (
      <a data-href={hit.url} onClick={() => history.push(hit.url)}>
        {children}
      </a>
    ),
    [history],
  );
  const navigator = useMemo(
    () => ({ navigate: ({ itemUrl }: { itemUrl: string }) => history.push(itemUrl) }),
    [history],
  );
  const resultsFooter = useCallback<NonNullable<DocSearchModalProps['resultsFooterComponent']>>(
    ({ state }) => (
      <Link to={`${options.baseUrl}${identity.searchPagePath}?q=${encodeURIComponent(state.query)}`} onClick={onClose}>
        {texts.seeAllResults.replace('{count}', String(state.context.nbHits ?? 0))}
      </Link>
    ),
    [options, onClose],
  );
  const transformSearchClient = useMemo(
    () => modalSearchClient(setup, facetFilters, view),
    [setup, facetFilters, view],
  );
  const searchParameters = useMemo(() => ({ facetFilters }), [facetFilters]);
  const [initialScrollY] = useState(() => window.scrollY);

  return (
    <DocSearchModal
      // indexName is also the key of the recent and favourite searches in localStorage.
      {...(setup.docSearch ?? { appId: 'none', apiKey: 'none', indexName: setup.backend.kind })}
      searchParameters={searchParameters}
      transformSearchClient={transformSearchClient}
      initialScrollY={initialScrollY}
      onClose={onClose}
      placeholder={texts.placeholder}
      maxResultsPerGroup={MODAL_RESULTS}
      transformItems={transformItems}
      hitComponent={hitComponent}
      navigator={navigator}
      resultsFooterComponent={resultsFooter}
      getMissingResultsUrl={missingResultsUrl}
      translations={{
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
