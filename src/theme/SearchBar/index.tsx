/**
 * The navbar search button in DocSearch's markup and classes, but ours: @docsearch/react
 * 3.x ships the button with the modal, in every page's first load. The modal and index
 * load on intent (pointer over, focus, touch or shortcut). Ctrl/Cmd+K and `/` open the
 * modal, Escape closes it, and focus returns on close.
 */
import '@docsearch/css/dist/_variables.css';
import '@docsearch/css/dist/button.css';
import './styles.css';

import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';

import type { AskPanelProps } from '@site/src/components/AskDocs/AskPanel';
import { loadAsk } from '@site/src/components/AskDocs/load';
import type { SearchModalProps } from '@site/src/search/SearchModal';
import { loadSearchSetup, useSearchConfig, type SearchSetup, type SearchSetupOptions } from '@site/src/search/setup';
import { identity } from '@site/src/site/identity';

type Open =
  | { Modal: ComponentType<SearchModalProps>; setup: SearchSetup }
  | { Ask: ComponentType<AskPanelProps>; question: string };

/** The modal's code and the backend, whose index starts loading too: called on each sign of intent. */
function loadSearchModal(options: SearchSetupOptions) {
  return Promise.all([
    import('@site/src/search/SearchModal'),
    loadSearchSetup(options).then((loaded) => {
      void loaded.backend.preload();
      return loaded;
    }),
  ]);
}

const isEditing = (event: KeyboardEvent, target = event.composedPath()[0]) =>
  target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));

export default function SearchBar(): ReactNode {
  const { options } = useSearchConfig();
  const [open, setOpen] = useState<Open | null>(null);
  // The shortcut's modifier depends on the reader's platform, known only in the browser.
  const [modifier, setModifier] = useState<'Control' | 'Meta' | null>(null);
  useEffect(() => setModifier(/(Mac|iPhone|iPod|iPad)/i.test(navigator.platform) ? 'Meta' : 'Control'), []);
  const returnFocusTo = useRef<HTMLElement | null>(null);
  // Failures are left for the load that opens the modal.
  const preload = useCallback(() => void loadSearchModal(options).catch(() => undefined), [options]);

  const onOpen = useCallback(() => {
    returnFocusTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    loadSearchModal(options)
      .then(([module, setup]) => setOpen({ Modal: module.default, setup }))
      // The search code itself could not be fetched: there is no modal to show.
      .catch((error: unknown) => console.warn('Search is unavailable:', error));
  }, [options]);

  const onClose = useCallback(() => {
    setOpen(null);
    const target = returnFocusTo.current;
    requestAnimationFrame(() => target?.focus());
  }, []);

  const onAsk = useCallback((question: string) => {
    setOpen(null);
    loadAsk()
      .then((module) => setOpen({ Ask: module.default, question }))
      .catch((error: unknown) => {
        console.warn('Ask AI is unavailable:', error);
        returnFocusTo.current?.focus();
      });
  }, []);

  const modalOpen = open !== null && 'Modal' in open;
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const modK = event.key?.toLowerCase() === 'k' && (event.metaKey || event.ctrlKey);
      const slash = event.key === '/' && !modalOpen && !isEditing(event);
      // Escape closes the search modal and Ask AI's dialog alike.
      const escape = event.code === 'Escape' && open !== null;
      if (modK || slash || escape) {
        event.preventDefault();
        (modalOpen || escape ? onClose : onOpen)();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open, modalOpen, onOpen, onClose]);

  const label = identity.searchTexts.buttonText;
  const shortcut = `${modifier ?? 'Control'}+k`;
  return (
    <>
      <button
        type="button"
        className="DocSearch DocSearch-Button margin-horiz--sm"
        aria-label={`${label} (${shortcut})`}
        aria-keyshortcuts={shortcut}
        onClick={onOpen}
        onMouseEnter={preload}
        onFocus={preload}
        onTouchStart={preload}
      >
        <span className="DocSearch-Button-Container">
          <svg width="20" height="20" className="DocSearch-Search-Icon" viewBox="0 0 20 20" aria-hidden="true">
            <path
              d="M14.386 14.386l4.0877 4.0877-4.0877-4.0877c-2.9418 2.9419-7.7115 2.9419-10.6533 0-2.9419-2.9418-2.9419-7.7115 0-10.6533 2.9418-2.9419 7.7115-2.9419 10.6533 0 2.9419 2.9418 2.9419 7.7115 0 10.6533z"
              stroke="currentColor"
              fill="none"
              fillRule="evenodd"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
          <span className="DocSearch-Button-Placeholder">{label}</span>
        </span>
        <span className="DocSearch-Button-Keys">
          {modifier !== null && (
            <>
              <kbd className={`DocSearch-Button-Key${modifier === 'Meta' ? '' : ' search-ctrl-key'}`}>
                {modifier === 'Meta' ? '⌘' : 'Ctrl'}
              </kbd>
              <kbd className="DocSearch-Button-Key">K</kbd>
            </>
          )}
        </span>
      </button>
      {open && 'Modal' in open && <open.Modal setup={open.setup} onClose={onClose} onAsk={onAsk} />}
      {open && 'Ask' in open && <open.Ask question={open.question} onClose={onClose} modal />}
    </>
  );
}
