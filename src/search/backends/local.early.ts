/**
 * The /search page's early start of the local search, bundled on its own into
 * `search-early.js` (by the search-index plugin) and loaded by the page's HTML as an
 * async module (local.head.tsx), long before the site's bundle has run. It sets the
 * local backend up, runs the query of `?q=` and paints the first screen of results
 * into the server-rendered page; the page then takes this backend over (see
 * ../earlySearch.ts) and renders the same results in React.
 */
import { EARLY_SCRIPT_ATTRIBUTE, EARLY_SEARCH_GLOBAL, EARLY_TARGET_ATTRIBUTE, type EarlySearch } from '../earlySearch';
import { groupHitsByPage, readSearchQuery } from '../pageResults';
import { paintResults } from '../paintResults';
import type { SearchBackend } from '../types';
import { createLocalBackend, type LocalBackendOptions } from './local';
import {
  HELD_SCRIPTS_META,
  HOLD_LIMIT_MS,
  INDEX_TAG_META,
  PAINT_REPORT_WAIT_MS,
  type EarlySearchConfig,
} from './pagefindEarly';

/** The part of the window the early start reads and writes. */
export interface EarlyScope {
  [EARLY_SEARCH_GLOBAL]?: EarlySearch;
  location: { search: string };
  document: Document;
}

function target(doc: Document, name: 'status' | 'list'): Element | null {
  return doc.querySelector(`[${EARLY_TARGET_ATTRIBUTE}="${name}"]`);
}

/**
 * Starts the search and paints its first results. On a page that has already
 * hydrated (a client-side navigation to /search), or a second time, it starts
 * nothing: the page loads its backend itself. It paints only results (a miss or a
 * failure is the page's to show), and only while the page's targets still wait for
 * them, so a page that has rendered results of its own is left alone.
 */
export async function startEarlySearch(
  config: EarlySearchConfig,
  scope: EarlyScope,
  createBackend: (options: LocalBackendOptions) => SearchBackend = createLocalBackend,
  /** Called as soon as it is known that there is no query to paint results for. */
  onNothingToPaint: () => void = () => {},
): Promise<boolean> {
  if (EARLY_SEARCH_GLOBAL in scope) {
    return false;
  }
  const doc = scope.document;
  if (doc.documentElement.getAttribute('data-has-hydrated') === 'true') {
    scope[EARLY_SEARCH_GLOBAL] = { backend: null };
    return false;
  }
  const backend = createBackend({
    bundlePath: config.bundlePath,
    fallbackSection: config.fallbackSection,
    indexTag: doc.querySelector(`meta[name="${INDEX_TAG_META}"]`)?.getAttribute('content') ?? undefined,
  });
  scope[EARLY_SEARCH_GLOBAL] = { backend };
  const query = readSearchQuery(scope.location.search);
  if (!query.trim()) {
    onNothingToPaint();
    await backend.preload();
    return false;
  }
  // A failure is the page's to report, when it runs the query itself.
  const response = await backend
    .search({ query, facetFilters: config.facetFilters, hitsPerPage: config.resultsPerPage, page: 0 })
    .catch(() => null);
  const status = target(doc, 'status');
  const list = target(doc, 'list');
  if (!response || response.nbHits === 0 || !status || !list || list.hasChildNodes()) {
    return false;
  }
  const pages = groupHitsByPage(response.hits);
  paintResults(
    { status, list },
    { query, pages, nbHits: response.nbHits, notice: response.notice ?? null },
    config.classes,
  );
  list.removeAttribute('hidden');
  const input = doc.querySelector<HTMLInputElement>('input[name="q"]');
  if (input && !input.value) {
    input.value = query;
  }
  return true;
}

/**
 * Lets the site's scripts that the built page holds back (HELD_SCRIPTS_META) load and
 * run, in their order, as the page's own `defer` scripts would have; a second call
 * does nothing.
 */
export function releaseHeldScripts(doc: Document): void {
  const meta = doc.querySelector(`meta[name="${HELD_SCRIPTS_META}"]`);
  if (!meta) {
    return;
  }
  meta.remove();
  for (const src of (meta.getAttribute('content') ?? '').split(' ').filter(Boolean)) {
    const script = doc.createElement('script');
    script.src = src;
    // Inserted scripts run as soon as they arrive unless told to keep their order.
    script.async = false;
    doc.body.append(script);
  }
}

/** The part of the window that tells when painted results are on screen. */
export type PaintScope = Pick<Window, 'setTimeout' | 'requestAnimationFrame' | 'performance'> & {
  PerformanceObserver?: typeof PerformanceObserver;
};

/**
 * Calls `then` once what was painted at `paintedAt` (a `performance.now()` time) is on
 * screen, as the browser reports it: at the first largest-contentful-paint entry
 * rendered since. A browser that reports no such paint, or none since (the painted
 * results were not larger than what was on screen before), has it called
 * PAINT_REPORT_WAIT_MS after the frame that shows them, or right after that frame
 * where it cannot report at all.
 */
export function whenOnScreen(scope: PaintScope, paintedAt: number, then: () => void): void {
  let done = false;
  let observer: PerformanceObserver | undefined;
  const finish = () => {
    if (!done) {
      done = true;
      observer?.disconnect();
      then();
    }
  };
  const Observer = scope.PerformanceObserver;
  const reports = Observer?.supportedEntryTypes?.includes('largest-contentful-paint') === true;
  if (Observer && reports) {
    observer = new Observer((list) => {
      if (list.getEntries().some((entry) => entry.startTime >= paintedAt)) {
        finish();
      }
    });
    observer.observe({ type: 'largest-contentful-paint', buffered: true });
  }
  // The frame after the painted one has begun, so the painted one has been drawn.
  scope.requestAnimationFrame(() =>
    scope.requestAnimationFrame(() => scope.setTimeout(finish, reports ? PAINT_REPORT_WAIT_MS : 0)),
  );
}

/**
 * Runs the early start and then releases the site's scripts: once the browser has
 * shown the first results, at once when there is nothing to paint, and at the latest
 * after HOLD_LIMIT_MS.
 */
export function startPage(
  config: EarlySearchConfig | null,
  scope: EarlyScope & PaintScope,
  createBackend: (options: LocalBackendOptions) => SearchBackend = createLocalBackend,
): void {
  const release = () => releaseHeldScripts(scope.document);
  if (!config) {
    release();
    return;
  }
  scope.setTimeout(release, HOLD_LIMIT_MS);
  // Once the results are on screen, so that the bundle's download and run do not delay
  // them; at once when there is nothing painted to wait for (the page shows a miss).
  void startEarlySearch(config, scope, createBackend, release)
    .catch(() => false)
    .then((painted) => (painted ? whenOnScreen(scope, scope.performance.now(), release) : release()));
}

if (typeof document !== 'undefined') {
  const settings = document.querySelector(`script[${EARLY_SCRIPT_ATTRIBUTE}]`)?.getAttribute(EARLY_SCRIPT_ATTRIBUTE);
  startPage(
    settings ? (JSON.parse(settings) as EarlySearchConfig) : null,
    window as unknown as EarlyScope & PaintScope,
  );
}
