/**
 * Says how a query was understood when it was not searched as typed: corrected
 * (with a way back to the words as typed) or with words left out. The modal and the
 * /search page render it inside a live region, so screen readers announce it.
 */
import type { ReactNode } from 'react';

import { identity } from '../site/identity';
import type { QueryNotice } from '@rubra/search-query';
import styles from './SearchNotice.module.css';
import { fillNotice as fill } from './texts';

const texts = identity.searchTexts;

/** The notice's class names, for the /search page's early paint of the same markup. */
export const noticeClasses = { notice: styles.notice ?? '', instead: styles.instead ?? '' };

export interface SearchNoticeProps {
  notice: QueryNotice;
  /** Searches the reader's words again, as typed. */
  onSearchLiteral: (query: string) => void;
  className?: string;
}

export default function SearchNotice({ notice, onSearchLiteral, className }: SearchNoticeProps): ReactNode {
  if (notice.kind === 'relaxed') {
    return (
      <p className={className ? `${styles.notice} ${className}` : styles.notice} data-search-notice="relaxed">
        {fill(texts.relaxedNotice, notice)}
      </p>
    );
  }
  return (
    <p className={className ? `${styles.notice} ${className}` : styles.notice} data-search-notice="corrected">
      {fill(texts.correctedNotice, notice)}{' '}
      <button type="button" className={styles.instead} onClick={() => onSearchLiteral(notice.original)}>
        {fill(texts.searchInstead, notice)}
      </button>
      .
    </p>
  );
}
