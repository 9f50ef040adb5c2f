/**
 * Every place the site works around DocSearch's modal (@docsearch/react 3.9), each with
 * the DocSearch behaviour it answers and how to tell whether it is still needed after an
 * upgrade. Nothing else in the site patches DocSearch's DOM or its client.
 */
import type { DocSearchTransformClient } from '@docsearch/react';
import { useEffect } from 'react';

import { SearchUnavailableError } from './types';

/** Answers: every result list is "docsearch-list" while aria-controls names each by source (axe); needed while the modal's axe test fails without it. */
export function useResultListIds(): void {
  useEffect(() => {
    const container = document.querySelector('.DocSearch-Container');
    const name = () => {
      for (const list of container?.querySelectorAll<HTMLElement>('ul[role="listbox"]') ?? []) {
        const id = list.querySelector('[role="option"][id]')?.id.replace(/-item-\d+$/, '-list');
        if (id && list.id !== id) {
          list.id = id;
        }
      }
    };
    name();
    const observer = new MutationObserver(name);
    observer.observe(container ?? document.body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);
}

/** Answers: no slot above the results, and a dropdown re-rendered at will (ours are put back first); needed while DocSearchModal takes no such component. */
export function useDropdownSlots(slots: readonly HTMLElement[]): void {
  useEffect(() => {
    const place = () => {
      const dropdown = document.querySelector('.DocSearch-Container .DocSearch-Dropdown');
      slots.forEach((slot, index) => {
        const before = index === 0 ? (dropdown?.firstChild ?? null) : (slots[index - 1]?.nextSibling ?? null);
        if (dropdown && before !== slot) {
          dropdown.insertBefore(slot, before);
        }
      });
    };
    place();
    const observer = new MutationObserver(place);
    observer.observe(document.body, { childList: true, subtree: true });
    return () => {
      observer.disconnect();
      slots.forEach((slot) => slot.remove());
    };
  }, [slots]);
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

export interface SearchWatch<A> {
  /** Whether the backend is to search this query as typed. */
  literal: (query: string) => boolean;
  answered: (query: string, response: A) => void;
  failed: () => void;
}

/** Answers: the client gets no options of ours, and a failed search ends idle, not on the error screen; needed while the offline modal test shows "No results" without it. */
export function watchSearches<A>(
  transform: (client: DocSearchTransformClient) => DocSearchTransformClient,
  watch: SearchWatch<A>,
): (client: DocSearchTransformClient) => DocSearchTransformClient {
  return (client) => {
    const inner = transform(client);
    const search = async (request: { requests: { query?: string }[] }, ...rest: unknown[]) => {
      const query = request.requests[0]?.query ?? '';
      const requests = watch.literal(query) ? request.requests.map((entry) => ({ ...entry, literal: true })) : null;
      try {
        const response = await (inner.search as (...args: unknown[]) => Promise<A>)(
          requests ? { ...request, requests } : request,
          ...rest,
        );
        watch.answered(query, response);
        return response;
      } catch (error) {
        watch.failed();
        throw error;
      }
    };
    return { ...inner, search: search as unknown as DocSearchTransformClient['search'] };
  };
}

/** Answers: a failed search is rethrown uncaught (our error screen reports it); needed while the offline modal test logs an unhandled rejection without it. */
export function useQuietSearchFailures(): void {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (event.reason instanceof SearchUnavailableError) {
        event.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}
