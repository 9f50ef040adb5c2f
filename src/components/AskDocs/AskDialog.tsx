/** Ask AI over the page, from the search modal: a dialog that closes on Escape or Close, giving focus back. */
import { useEffect, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

import { groupHitsByPage } from '../../search/pageResults';
import { loadSearchSetup, useSearchConfig } from '../../search/setup';
import { siteUrl } from '../../site/identity';
import AskPanel, { type AskPanelProps } from './AskPanel';
import styles from './styles.module.css';

/** What a search UI hands Ask AI: the typed question. */
export type AskHostProps = Omit<AskPanelProps, 'search'>;

/**
 * Text without the `<mark>` and other tags the results carry for highlighting: a parsed
 * document runs nothing, and its `<body>` opens first so that leading spaces are kept.
 */
const plain = (html: string) => new DOMParser().parseFromString(`<body>${html}`, 'text/html').body.textContent ?? '';

/** The panel in place, as /search shows it; the `search_docs` tool gets the site's first pages, as plain text. */
export function AskInPlace({ question, onClose }: AskHostProps): ReactNode {
  const { options, facetFilters } = useSearchConfig();
  const search = async (query: string) => {
    const { backend } = await loadSearchSetup(options);
    const response = await backend.search({ query, facetFilters, hitsPerPage: 5, page: 0 });
    return groupHitsByPage(response.hits, siteUrl).map((page) => ({
      title: plain(page.title),
      url: page.url,
      excerpt: plain(page.excerpt || page.headings[0]?.excerpt || ''),
    }));
  };
  return <AskPanel question={question} search={search} onClose={onClose} />;
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
