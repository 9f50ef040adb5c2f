/** What the search plugin, the local backend, and the /search page's <head> and early script share. */

/** The early script, served from the site's root. */
export const EARLY_SEARCH_SCRIPT = 'search-early.js';

/** The attribute of the early script's element; its value holds the script's settings (the page's SearchConfig). */
export const EARLY_SCRIPT_ATTRIBUTE = 'data-search-early';

/** The built /search page's meta element listing the site's scripts held back until the first results are painted. */
export const HELD_SCRIPTS_META = 'search-held-scripts';

/** The built /search page's meta element holding the index's tag, a digest of Pagefind's entry file. */
export const INDEX_TAG_META = 'search-index-tag';

export const pagefindModuleUrl = (bundlePath: string) => `${bundlePath}pagefind.js`;

/** The URL under which Pagefind asks for its entry file when given the index's tag (`metaCacheTag`). */
export const pagefindEntryUrl = (bundlePath: string, indexTag: string) =>
  `${bundlePath}pagefind-entry.json?ts=${encodeURIComponent(indexTag)}`;
