/**
 * Every place the site works around DocSearch's modal (@docsearch/react 3.9): each
 * says which DocSearch behaviour it answers and how to tell whether it is still needed
 * after an upgrade. Nothing else in the site patches DocSearch's DOM or its client.
 */
import type { DocSearchTransformClient } from '@docsearch/react';
import { useEffect, useState } from 'react';

import { isSearchUnavailableError } from './types';

/**
 * DocSearch gives every list of results the id "docsearch-list", while its search box
 * names each list by its source in aria-controls ("docsearch-hits0-list"), so the box
 * points at lists that do not exist (axe: aria-valid-attr-value). Each list takes the
 * id its options are named after. Still needed while the modal's axe check in
 * tests/e2e/search.spec.ts fails without it.
 */
export function useResultListIds(): void {
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

/** Marks the elements useDropdownSlot puts into the dropdown. */
const SLOT_ATTRIBUTE = 'data-dropdown-slot';

/**
 * An element of ours kept first in DocSearch's dropdown (null while there is none), with
 * any other such elements before DocSearch's own content: DocSearch offers no slot above
 * its results and re-renders its dropdown at will, so the element is put back whenever
 * it goes missing. Still needed while DocSearchModal takes no component to render above
 * the hits.
 */
export function useDropdownSlot(className: string, attributes: Record<string, string> = {}): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  const attributeKey = JSON.stringify(attributes);
  useEffect(() => {
    const element = document.createElement('div');
    element.className = className;
    for (const [name, value] of Object.entries(JSON.parse(attributeKey) as Record<string, string>)) {
      element.setAttribute(name, value);
    }
    element.setAttribute(SLOT_ATTRIBUTE, '');
    const place = () => {
      const dropdown = document.querySelector('.DocSearch-Container .DocSearch-Dropdown');
      // Slots stand first, in the order they were made; DocSearch's own content follows them.
      let before = dropdown?.firstChild ?? null;
      while (before instanceof HTMLElement && before.hasAttribute(SLOT_ATTRIBUTE) && before !== element) {
        before = before.nextSibling;
      }
      if (dropdown && before !== element) {
        dropdown.insertBefore(element, before);
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
 * Types `query` into DocSearch's box as a reader would, so that DocSearch searches it:
 * an open modal takes no new query from its props, and its box, controlled by React,
 * ignores a plain `value` assignment, so the value goes through the input's native
 * setter and an input event. Still needed while DocSearchModal has no way to set the
 * query of an open modal.
 */
export function typeIntoSearchBox(query: string): void {
  const input = document.querySelector<HTMLInputElement>('.DocSearch-Input');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  if (input && setValue) {
    setValue.call(input, query);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.focus();
  }
}

type SearchRequest = { requests: { query?: string; params?: Record<string, unknown> }[] };

export interface SearchWatch<A> {
  /** Whether the backend is to search this query as typed. */
  literal: (query: string) => boolean;
  /** What the backend's answer said, besides its hits. */
  answered: (query: string, response: A) => void;
  failed: () => void;
}

/**
 * The search client DocSearch calls, wrapped: DocSearch passes the client no options of
 * ours, so a query to search literally is flagged on its request; and DocSearch shows
 * no error screen (autocomplete sets its status back to idle once a failed search
 * settles), so the client reports each outcome. Still needed while a failed search in
 * tests/e2e/search.spec.ts shows "No results" instead of the error screen without it.
 */
export function watchSearches<A>(
  transform: (client: DocSearchTransformClient) => DocSearchTransformClient,
  watch: SearchWatch<A>,
): (client: DocSearchTransformClient) => DocSearchTransformClient {
  return (client) => {
    const inner = transform(client);
    const search = (async (request: SearchRequest, ...rest: unknown[]) => {
      try {
        const query = request.requests[0]?.query ?? '';
        const sent = watch.literal(query)
          ? { ...request, requests: request.requests.map((entry) => ({ ...entry, literal: true })) }
          : request;
        const response = await (inner.search as (...args: unknown[]) => Promise<A>)(sent, ...rest);
        watch.answered(query, response);
        return response;
      } catch (error) {
        watch.failed();
        throw error;
      }
    }) as unknown as DocSearchTransformClient['search'];
    return { ...inner, search };
  };
}

/**
 * DocSearch rethrows a failed search and nothing catches it; the site's error screen
 * reports the failure, so the rejection must not reach the console. Still needed while
 * the offline search test in tests/e2e/search.spec.ts logs an unhandled rejection
 * without it.
 */
export function useQuietSearchFailures(): void {
  useEffect(() => {
    const onRejection = (event: PromiseRejectionEvent) => {
      if (isSearchUnavailableError(event.reason)) {
        event.preventDefault();
      }
    };
    window.addEventListener('unhandledrejection', onRejection);
    return () => window.removeEventListener('unhandledrejection', onRejection);
  }, []);
}
