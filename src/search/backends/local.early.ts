/**
 * The /search page's early start (`search-early.js`, loaded by local.head.tsx long before
 * the site's bundle): it sets the local backend up for the page, runs the query of `?q=`
 * and paints the first results in the page's own markup.
 */
import {
  groupHitsByPage,
  readSearchQuery,
  resultsHtml,
  RESULTS_PER_PAGE,
  SEARCH_TARGETS,
  statusHtml,
} from '../pageResults';
import type { SearchConfig } from '../setup';
import { createLocalBackend } from './local';
import { EARLY_SCRIPT_ATTRIBUTE, HELD_SCRIPTS_META, INDEX_TAG_META } from './pagefindEarly';

/** The longest the early script holds the site's scripts back, in milliseconds, however slow the search. */
export const HOLD_LIMIT_MS = 2000;

/**
 * Starts the search, leaving the backend for the page (nothing once the page went on
 * without it, or a second time), and paints results only (a miss or a failure is the
 * page's to show) into a list the page has not filled; true when it painted.
 */
export async function startEarlySearch(
  { options, facetFilters, siteUrl }: SearchConfig,
  scope: Window,
  createBackend = createLocalBackend,
): Promise<boolean> {
  if (scope.__rubraEarlySearch !== undefined) {
    return false;
  }
  const doc = scope.document;
  const backend = createBackend({
    bundlePath: `${options.baseUrl}pagefind/`,
    fallbackSection: options.fallbackSection,
    indexTag: doc.querySelector<HTMLMetaElement>(`meta[name="${INDEX_TAG_META}"]`)?.content,
  });
  scope.__rubraEarlySearch = backend;
  const query = readSearchQuery(scope.location.search);
  if (!query.trim()) {
    void backend.preload();
    return false;
  }
  // A failed search rejects, and the page shows the failure.
  const response = await backend.search({ query, facetFilters, hitsPerPage: RESULTS_PER_PAGE, page: 0 });
  const status = doc.querySelector(`.${SEARCH_TARGETS.status}`);
  const list = doc.querySelector(`.${SEARCH_TARGETS.list}`);
  if (!response.nbHits || !status || !list || list.hasChildNodes()) {
    return false;
  }
  const { nbHits, notice = null } = response;
  status.innerHTML = statusHtml({ query, state: 'done', nbHits, notice, suggestions: [], reportUrl: '' });
  list.innerHTML = resultsHtml(groupHitsByPage(response.hits, siteUrl));
  const input = doc.querySelector<HTMLInputElement>('input[name="q"]');
  if (input && !input.value) {
    input.value = query;
  }
  return true;
}

/** Adds the site's scripts that the built page holds back (HELD_SCRIPTS_META), in their order, once. */
export function releaseHeldScripts(doc: Document): void {
  const meta = doc.querySelector(`meta[name="${HELD_SCRIPTS_META}"]`);
  meta?.remove();
  for (const src of (meta?.getAttribute('content') ?? '').split(' ').filter(Boolean)) {
    const script = doc.createElement('script');
    script.src = src;
    // Inserted scripts run as soon as they arrive unless told to keep their order.
    script.async = false;
    doc.body.append(script);
  }
}

/** Runs the early start, then releases the site's scripts once its paint is drawn (else at once), by HOLD_LIMIT_MS. */
export function startPage(config: SearchConfig, scope: Window, createBackend = createLocalBackend): void {
  const release = () => releaseHeldScripts(scope.document);
  scope.setTimeout(release, HOLD_LIMIT_MS);
  void startEarlySearch(config, scope, createBackend)
    .catch(() => false)
    .then((painted) =>
      // The callback of the frame after the painted one runs once the painted one is drawn.
      painted ? scope.requestAnimationFrame(() => scope.requestAnimationFrame(release)) : release(),
    );
}

const settings = typeof document === 'undefined' ? null : document.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`);
if (settings) {
  startPage(JSON.parse(settings.getAttribute(EARLY_SCRIPT_ATTRIBUTE) ?? '') as SearchConfig, window);
}
