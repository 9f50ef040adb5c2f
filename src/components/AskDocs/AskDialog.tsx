/** Ask AI over the page, from the search modal: a dialog that closes on Escape or Close, giving focus back. */
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import type { SearchSetup } from '../../search/setup';
import type { FacetFilters } from '../../search/types';
import AskPanel from './AskPanel';
import { searchForAsk } from './searchDocs';
import styles from './styles.module.css';

/** What a search UI hands Ask AI: the typed question, and its search to run the tool with. */
export interface AskHostProps {
  question: string;
  setup: () => Promise<SearchSetup>;
  facetFilters: FacetFilters;
  onClose: () => void;
}

/** The panel in place, as /search shows it. */
export function AskInPlace({ question, setup, facetFilters, onClose }: AskHostProps): ReactNode {
  return (
    <AskPanel
      question={question}
      search={async (query) => searchForAsk(await setup(), facetFilters, query)}
      onClose={onClose}
    />
  );
}

export default function AskDialog(props: AskHostProps): ReactNode {
  const dialog = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        props.onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    document.body.style.overflow = 'hidden';
    dialog.current?.focus();
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = '';
      previous?.focus();
    };
  }, [props]);
  return createPortal(
    <div className={styles.backdrop}>
      <div ref={dialog} className={styles.dialog} role="dialog" aria-modal="true" aria-label="Ask AI" tabIndex={-1}>
        <AskInPlace {...props} />
      </div>
    </div>,
    document.body,
  );
}
