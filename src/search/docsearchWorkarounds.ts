/**
 * Every place the site works around DocSearch's modal (@docsearch/react 3.9), each with
 * the DocSearch behaviour it answers and how to tell whether it is still needed after an
 * upgrade. Nothing else in the site patches DocSearch's DOM or its client.
 */
import type { DocSearchTransformClient } from '@docsearch/react';
import { useEffect } from 'react';

import type { SearchSetup } from './setup';
import type { FacetFilters, QueryNotice } from './types';

/** Hits a search of the modal's asks a backend of ours for. */
export const MODAL_RESULTS = 8;

/**
 * Answers, after each re-render: no slot above the results (ours goes first; needed while
 * DocSearchModal takes no such component), and every result list's id is "docsearch-list"
 * while aria-controls names each by source (needed while the modal's axe test fails without).
 * Answers too: Tab in the search box drops pending answers (autocomplete-core's onKeyDown), so
 * the modal says "No results" for words that have some; needed while the Ask AI keyboard test,
 * tabbing away before the first answer, ends there. Shift+Tab is left to the focus trap.
 */
export function useModalWorkarounds(slot: HTMLElement): void {
  useEffect(() => {
    const fix = () => {
      const dropdown = document.querySelector('.DocSearch-Container .DocSearch-Dropdown');
      if (dropdown && dropdown.firstChild !== slot) {
        dropdown.prepend(slot);
      }
      for (const list of dropdown?.querySelectorAll<HTMLElement>('ul[role="listbox"]') ?? []) {
        const id = list.querySelector('[role="option"][id]')?.id.replace(/-item-\d+$/, '-list');
        if (id && list.id !== id) {
          list.id = id;
        }
      }
    };
    const keep = (event: KeyboardEvent) => {
      const fromBox = (event.target as Element).matches?.('.DocSearch-Input');
      if (event.key === 'Tab' && !event.shiftKey && fromBox) event.stopPropagation();
    };
    fix();
    const observer = new MutationObserver(fix);
    observer.observe(document.body, { childList: true, subtree: true });
    document.addEventListener('keydown', keep, true);
    return () => {
      observer.disconnect();
      document.removeEventListener('keydown', keep, true);
      slot.remove();
    };
  }, [slot]);
}

/** Answers: an open modal takes no new query and its controlled box ignores `value` (native setter, input event); needed while no prop sets it. */
export function typeIntoSearchBox(query: string): void {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (input && setValue) {
    setValue.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  }
}

/** What the modal draws above the results from its searches. */
export interface SearchView {
  /** The query the reader asked to search as typed. */
  literal: string | null;
  /** The latest answer and how the query layer read its query. */
  answer: { query: string; notice: QueryNotice | null } | null;
  failed: boolean;
  draw(): void;
}

/**
 * Answers: the client takes no options of ours and hands back only hits, and a failed
 * search ends on "No results" with an unhandled rejection (needed while the offline modal
 * test shows "No results" without it). Without a hosted index the backend answers, in
 * Algolia's shape; a failure is answered empty, for `view`'s error screen to report.
 */
export function modalSearchClient(setup: SearchSetup, facetFilters: FacetFilters, view: SearchView) {
  return (client: DocSearchTransformClient): DocSearchTransformClient => {
    const search = async (request: { requests: { query?: string }[] }) => {
      const query = request.requests[0]?.query ?? '';
      const ask = { query, facetFilters, hitsPerPage: MODAL_RESULTS, page: 0 };
      try {
        const response: { results: { notice?: QueryNotice | null }[] } = setup.docSearch
          ? await (client.search as (...args: unknown[]) => Promise<{ results: object[] }>)(request)
          : { results: [await setup.backend.search(view.literal === query ? { ...ask, literal: true } : ask)] };
        view.answer = { query, notice: response.results[0]?.notice ?? null };
        view.failed = false;
        view.draw();
        return response;
      } catch {
        view.failed = true;
        view.draw();
        return { results: [{ hits: [], nbHits: 0 }] };
      }
    };
    return { ...client, search: search as unknown as DocSearchTransformClient['search'] };
  };
}
