/**
 * Byte budgets per page type, in KiB (1 KiB = 1,024 bytes) of gzip: the JavaScript, CSS and
 * HTML fetched before the `load` event, everything fetched in the 10 s after it
 * (prefetching on), and the whole visit (both, every kind of file: the search page's
 * WebAssembly and index too, whichever side of `load` they arrive on). Read by tests/e2e/budgets.spec.ts, which fails on any excess,
 * and by `npm run bench`, which prints each figure next to its budget.
 *
 * To re-measure and update:
 *   1. npm run build
 *   2. npm run bench -- --only pages
 *      (prints, per page type, each figure beside its budget; the raw figures are in
 *      bench-report/latest.json under pages[].weights)
 *   3. Set each budget to the figure plus at most 10% headroom (figure x 1.1, rounded
 *      down to 0.1 KiB) in page-budgets.json, and update its note with the figure and the date.
 *      A whole visit is held to VISIT_CAP_KIB on every page type, whatever the headroom.
 * The figures are deterministic but for the 10 s after `load`, where the set of
 * prefetched routes can differ by a file between visits (a few KiB): take the larger of
 * two runs. Measured in a 1280x720 viewport (Playwright's default, the tests' own),
 * which decides which links are visible and so prefetched.
 */
import budgets from './page-budgets.json';
import pageTypes from './page-types.json';
import type { Tally } from './weight';

/**
 * One page of each type, as `npm run bench` and the byte budgets visit it: its path with
 * the query a reader opens. `fallbacks` name the closest pages of a fresh `create-docusaurus`
 * classic template, for a reference build that lacks the page itself; a type with no fallback
 * there (the template has no API reference and no search) is reported as absent.
 */
export type PageType = (typeof pageTypes)[number];

/** A page type's id: the page types of page-types.json are those that have budgets. */
export type PageTypeId = keyof typeof budgets;

export const PAGE_TYPES = pageTypes as readonly (PageType & { id: PageTypeId })[];

/**
 * The path to visit for a page type on a build, or null when the build has no such
 * page: the page itself, else its first fallback that exists. `exists` answers for a
 * path inside the build folder. The not-found type always resolves to itself: every
 * build answers an unknown path with its 404 page.
 */
export function resolvePagePath(type: PageType, exists: (file: string) => boolean): string | null {
  if (type.id === 'notFound') return exists('/404.html') ? type.path : null;
  for (const candidate of [type.path, ...type.fallbacks]) {
    const pathname = new URL(candidate, 'http://localhost').pathname;
    if (pathname === '/search' && !exists('/pagefind/pagefind.js')) continue;
    // The files a static host answers a clean URL with.
    const clean = pathname.replace(/\/+$/, '') || '/index';
    if ([clean, `${clean}.html`, `${clean}/index.html`].some(exists)) return candidate;
  }
  return null;
}

export const BUDGET_KINDS = ['js', 'css', 'html', 'afterLoad', 'visit'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];

export const BUDGET_LABELS: Record<BudgetKind, string> = {
  js: 'first-load JS',
  css: 'first-load CSS',
  html: 'first-load HTML',
  afterLoad: 'fetched in the 10 s after load',
  visit: 'the whole visit',
};

/** The whole visit of any page type, in KiB of gzip: no page type's visit budget is above it. */
export const VISIT_CAP_KIB = 245;

/** Each page type's budgets (page-budgets.json), each with a note of the figures it was set from and when. */
export const BUDGETS: Record<PageTypeId, Record<BudgetKind, number>> = budgets;

/** One KiB, the unit of every budget here. */
export const KB = 1024;

/**
 * The API pages' "Try it" console: everything the press fetches (its code, its
 * stylesheet, the operation's request and schemas), in KiB of gzip. Measured 2026-11-26
 * on /api/create-run: 17.6 KiB; the console holds every part of the reader's request.
 */
export const CONSOLE_BUDGET_KB = 40;

/**
 * Ask AI: everything pressing it in the search modal fetches (the dialog, the agent, the
 * answer's Markdown reader, their styles), in KiB of gzip.
 */
export const ASK_BUDGET_KB = 40;

/** Each social card (a 1200x630 PNG), in KiB on disk: previews are fetched by chat apps with tight size limits. */
export const SOCIAL_CARD_MAX_KB = 60;

/** The budgeted figures of a visit, from its tallies before `load` and in the 10 s after it. */
export function budgetFigures(load: Tally, afterLoad: Tally): Record<BudgetKind, number> {
  return {
    js: load.js.gzip,
    css: load.css.gzip,
    html: load.html.gzip,
    afterLoad: afterLoad.total.gzip,
    visit: load.total.gzip + afterLoad.total.gzip,
  };
}

/** Each measured figure of a page type, in gzip bytes, beside its budget, which the figure may reach. */
export function checkBudgets(id: PageTypeId, measured: Record<BudgetKind, number>) {
  const budget = BUDGETS[id];
  return BUDGET_KINDS.map((kind) => ({ kind, bytes: measured[kind], budget: budget[kind] * KB }));
}

export function formatKB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KiB`;
}

/** One line per exceeded budget: the page, the kind, the figure and the budget. */
export function budgetFailures(id: PageTypeId, checks: ReturnType<typeof checkBudgets>) {
  const type = PAGE_TYPES.find((page) => page.id === id);
  return checks
    .filter((check) => check.bytes > check.budget)
    .map(
      (check) =>
        `${type?.path ?? id} (${type?.label ?? id}): ${BUDGET_LABELS[check.kind]} is ${formatKB(check.bytes)} gzip, over its budget of ${formatKB(check.budget)}`,
    );
}

/**
 * Check your server on the serving guides: everything pressing its button fetches (the
 * panel, the checks and the consoles' fields they share, their styles), in KiB of gzip.
 */
export const SERVER_CHECK_BUDGET_KB = 40;
