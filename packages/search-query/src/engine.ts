/** What an index implements for the query layer, and what the layer answers. */
import type { QueryData } from './query-words';

export interface EngineResult {
  id: string;
  score: number;
}

export interface QueryEngine<R extends EngineResult> {
  /** Every page that holds every word of a term the engine reads literally, best first. */
  search(term: string): Promise<R[]>;
  /** The plain text of a result, to tell whether it contains a word. */
  text(result: R): Promise<string>;
  title(result: R): Promise<string>;
  /** The headings of a result's page, when the engine knows them. */
  headings?(result: R): Promise<string[]>;
  /**
   * Where the query first matches in a result's text, in words, when the engine knows it
   * unread (Pagefind's locations): a text opens with its title, so a later match rules
   * the title out unread.
   */
  firstMatch?(result: R): number | undefined;
  /** How many pages the engine searches; without it, a word's weight is relative to the query's other words. */
  pageCount?(): Promise<number>;
}

/** A query searched otherwise than it was typed: a word corrected, or words left out. */
export interface QueryNotice {
  kind: 'corrected' | 'relaxed';
  query: string;
  original: string;
}

export interface UnderstandOptions {
  data?: QueryData;
  /** The site's words, most frequent first; called only when a word may be misspelt. */
  vocabulary: () => Promise<readonly string[]>;
  /** Search the words as typed: no correction (the reader asked for it). */
  literal?: boolean;
  /** How many first results the caller shows: their texts load with those the layer reads, not after. */
  resultsShown?: number;
}
