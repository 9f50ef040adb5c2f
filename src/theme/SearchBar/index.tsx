/**
 * The navbar search button. It carries no search code: the modal and the index
 * load only when the reader shows intent (the pointer over the button, focus on it,
 * a touch, or a shortcut), never speculatively, so a visit that does not search
 * downloads none of it. Ctrl/Cmd+K and `/` open the modal; focus returns on close.
 */
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

import { useCallback, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { AskHostProps } from '@site/src/components/AskDocs/AskDialog';
import { loadAsk } from '@site/src/search/ask';
import { loadSearchModal, loadSearchSetup, preloadSearch } from '@site/src/search/runtime';
import type { SearchModalProps } from '@site/src/search/SearchModal';
import type { SearchSetup } from '@site/src/search/setup';
import { useSearchConfig } from '@site/src/search/useSearchConfig';
import { identity } from '@site/src/site/identity';

import { SearchButton } from './SearchButton';
import { useSearchShortcuts } from './useSearchShortcuts';

interface OpenModal {
  Modal: ComponentType<SearchModalProps>;
  setup: SearchSetup;
}

export default function SearchBar(): ReactNode {
  const config = useSearchConfig();
  const [open, setOpen] = useState<OpenModal | null>(null);
  const [asking, setAsking] = useState<{
    Dialog: ComponentType<AskHostProps>;
    question: string;
    setup: SearchSetup;
  } | null>(null);
  const opening = useRef(false);
  const returnFocusTo = useRef<HTMLElement | null>(null);

  const preload = useCallback(() => preloadSearch(config.options), [config.options]);

  const onOpen = useCallback(() => {
    if (opening.current) {
      return;
    }
    opening.current = true;
    // The index starts loading with the modal, not at the first keystroke.
    preload();
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    Promise.all([loadSearchModal(), loadSearchSetup(config.options)])
      .then(([module, setup]) => setOpen({ Modal: module.default, setup }))
      .catch((error: unknown) => {
        // The search code itself could not be fetched: there is no modal to show.
        console.warn('Search is unavailable:', error);
      })
      .finally(() => {
        opening.current = false;
      });
  }, [config.options, preload]);

  const onClose = useCallback(() => {
    setOpen(null);
    const target = returnFocusTo.current;
    returnFocusTo.current = null;
    requestAnimationFrame(() => target?.focus());
  }, []);

  const onAsk = useCallback(
    (question: string) => {
      const setup = open?.setup;
      const target = returnFocusTo.current;
      setOpen(null);
      if (!setup) {
        return;
      }
      loadAsk()
        .then((module) => setAsking({ Dialog: module.default, question, setup }))
        .catch((error: unknown) => {
          console.warn('Ask AI is unavailable:', error);
          target?.focus();
        });
    },
    [open],
  );

  useSearchShortcuts({ isOpen: open !== null, onOpen, onClose });

  return (
    <>
      <SearchButton
        label={identity.searchTexts.buttonText}
        onClick={onOpen}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      />
      {open && (
        <open.Modal
          setup={open.setup}
          facetFilters={config.facetFilters}
          searchPageUrl={config.searchPageUrl}
          onClose={onClose}
          onAsk={onAsk}
        />
      )}
      {asking && (
        <asking.Dialog
          question={asking.question}
          setup={() => Promise.resolve(asking.setup)}
          facetFilters={config.facetFilters}
          onClose={() => {
            setAsking(null);
            const target = returnFocusTo.current;
            returnFocusTo.current = null;
            requestAnimationFrame(() => target?.focus());
          }}
        />
      )}
    </>
  );
}
