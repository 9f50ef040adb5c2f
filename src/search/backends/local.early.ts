/**
 * The /search page's early start, bundled on its own into `search-early.js` and loaded
 * by the page's HTML (local.head.tsx) long before the site's bundle runs: it sets the
 * local backend up for the page, runs the query of `?q=` and paints the first results
 * in the markup the page renders itself.
 */
import { groupHitsByPage, readSearchQuery, resultsHtml, SEARCH_TARGETS, statusHtml } from '../pageResults';
import type { SearchBackend } from '../types';
import { createLocalBackend, type LocalBackendOptions } from './local';
import {
  EARLY_SCRIPT_ATTRIBUTE,
  EARLY_SEARCH_GLOBAL,
  HELD_SCRIPTS_META,
  HOLD_LIMIT_MS,
  INDEX_TAG_META,
  type EarlyScope,
  type EarlySearchConfig,
} from './pagefindEarly';

/** The part of the window the early start reads and writes. */
export type PageScope = EarlyScope &
  Pick<Window, 'setTimeout' | 'requestAnimationFrame'> & { location: { search: string }; document: Document };

type CreateBackend = (options: LocalBackendOptions) => SearchBackend;

/**
 * Starts the search and paints its first results; true when it painted. It starts
 * nothing on a page that has hydrated, or a second time, and paints only results (a
 * miss or a failure is the page's to show) into a list the page has not filled.
 */
export async function startEarlySearch(
  config: EarlySearchConfig,
  scope: PageScope,
  createBackend: CreateBackend = createLocalBackend,
  /** Called as soon as it is known that there is no query to paint results for. */
  onNothingToPaint: () => void = () => {},
): Promise<boolean> {
  if (EARLY_SEARCH_GLOBAL in scope) {
    return false;
  }
  const doc = scope.document;
  if (doc.documentElement.getAttribute('data-has-hydrated') === 'true') {
    scope[EARLY_SEARCH_GLOBAL] = null;
    return false;
  }
  const backend = createBackend({
    bundlePath: config.bundlePath,
    fallbackSection: config.fallbackSection,
    indexTag: doc.querySelector(`meta[name="${INDEX_TAG_META}"]`)?.getAttribute('content') ?? undefined,
  });
  scope[EARLY_SEARCH_GLOBAL] = backend;
  const query = readSearchQuery(scope.location.search);
  if (!query.trim()) {
    onNothingToPaint();
    await backend.preload();
    return false;
  }
  const request = { query, facetFilters: config.facetFilters, hitsPerPage: config.resultsPerPage, page: 0 };
  const response = await backend.search(request).catch(() => null);
  const status = doc.querySelector(`.${SEARCH_TARGETS.status}`);
  const list = doc.querySelector(`.${SEARCH_TARGETS.list}`);
  if (!response || response.nbHits === 0 || !status || !list || list.hasChildNodes()) {
    return false;
  }
  const { nbHits, notice = null } = response;
  status.innerHTML = statusHtml({ query, state: 'done', nbHits, notice, suggestions: [], reportUrl: '' });
  list.innerHTML = resultsHtml(groupHitsByPage(response.hits, config.siteUrl));
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

/**
 * Runs the early start, then releases the site's scripts: once the frame that shows
 * the first results has been drawn, at once when there is nothing to paint, and at
 * the latest after HOLD_LIMIT_MS.
 */
export function startPage(config: EarlySearchConfig | null, scope: PageScope, createBackend?: CreateBackend): void {
  const release = () => releaseHeldScripts(scope.document);
  if (!config) {
    release();
    return;
  }
  scope.setTimeout(release, HOLD_LIMIT_MS);
  void startEarlySearch(config, scope, createBackend, release)
    .catch(() => false)
    .then((painted) =>
      // The callback of the frame after the painted one runs once the painted one is drawn.
      painted ? scope.requestAnimationFrame(() => scope.requestAnimationFrame(release)) : release(),
    );
}

if (typeof document !== 'undefined') {
  const settings = document.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`)?.getAttribute(EARLY_SCRIPT_ATTRIBUTE);
  startPage(settings ? (JSON.parse(settings) as EarlySearchConfig) : null, window as unknown as PageScope);
}
