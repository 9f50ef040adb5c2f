/**
 * The navbar search button. It carries no search code: the modal and the index load
 * only when the reader shows intent (the pointer over the button, focus on it, a touch,
 * or a shortcut), so a visit that does not search downloads none of it. Ctrl/Cmd+K
 * and `/` open the modal, Escape closes it, and focus returns on close.
 */
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { AskHostProps } from '@site/src/components/AskDocs/AskDialog';
import type { SearchModalProps } from '@site/src/search/SearchModal';
import {
  loadAsk,
  loadSearchModal,
  loadSearchSetup,
  preloadSearch,
  useSearchConfig,
  type SearchSetup,
} from '@site/src/search/setup';
import { identity } from '@site/src/site/identity';

import { SearchButton } from './SearchButton';

type Open =
  | { Modal: ComponentType<SearchModalProps>; setup: SearchSetup }
  | { Ask: ComponentType<AskHostProps>; setup: SearchSetup; question: string };

/** Whether a key press goes into a field the reader is typing in. */
function isEditing(event: KeyboardEvent): boolean {
  const target = event.composedPath()[0];
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName))
  );
}

export default function SearchBar(): ReactNode {
  const { options, facetFilters } = useSearchConfig();
  const [open, setOpen] = useState<Open | null>(null);
  const opening = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  const preload = useCallback(() => preloadSearch(options), [options]);

  const onOpen = useCallback(() => {
    if (opening.current) {
      return;
    }
    opening.current = true;
    preload();
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Promise.all([loadSearchModal(), loadSearchSetup(options)])
      .then(([module, setup]) => setOpen({ Modal: module.default, setup }))
      // The search code itself could not be fetched: there is no modal to show.
      .catch((error: unknown) => console.warn('Search is unavailable:', error))
      .finally(() => {
        opening.current = false;
      });
  }, [options, preload]);

  const onClose = useCallback(() => {
    setOpen(null);
    const target = returnFocusTo.current;
    requestAnimationFrame(() => target?.focus());
  }, []);

  const onAsk = useCallback(
    (question: string) => {
      setOpen(null);
      const setup = open?.setup;
      if (setup) {
        loadAsk()
          .then((module) => setOpen({ Ask: module.default, setup, question }))
          .catch((error: unknown) => {
            console.warn('Ask AI is unavailable:', error);
            returnFocusTo.current?.focus();
          });
      }
    },
    [open],
  );

  const modalOpen = open !== null && 'Modal' in open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modK = event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !modalOpen && !isEditing(event);
      if (modK || slash || (event.code === 'Escape' && modalOpen)) {
        event.preventDefault();
        if (modalOpen) {
          onClose();
        } else if (!document.body.classList.contains('DocSearch--active')) {
          onOpen();
        }
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [modalOpen, onOpen, onClose]);

  return (
    <>
      <SearchButton
        label={identity.searchTexts.buttonText}
        onClick={onOpen}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      />
      {open && 'Modal' in open && (
        <open.Modal
          setup={open.setup}
          facetFilters={facetFilters}
          searchPageUrl={`${options.baseUrl}${identity.searchPagePath}`}
          onClose={onClose}
          onAsk={onAsk}
        />
      )}
      {open && 'Ask' in open && (
        <open.Ask
          question={open.question}
          setup={() => Promise.resolve(open.setup)}
          facetFilters={facetFilters}
          onClose={onClose}
        />
      )}
    </>
  );
}
