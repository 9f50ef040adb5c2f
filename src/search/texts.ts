/**
 * The search texts that carry a value (a count, a corrected query): filled in one
 * place for the modal, the /search page and the page's early paint, so they read alike.
 */
import { searchTexts as texts } from '../site/identity';
import type { QueryNotice } from '@rubra/search-query';

/** A notice text with the query as understood and the words as typed filled in. */
export function fillNotice(text: string, notice: QueryNotice): string {
  return text.replace('{original}', notice.original).replace('{query}', notice.query);
}

/** "12 results for", "1 result for": the words before the quoted query. */
export function resultCountText(count: number): string {
  return count === 1 ? texts.oneResult : texts.resultCount.replace('{count}', String(count));
}
