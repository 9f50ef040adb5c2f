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
 *      down to 0.1 KiB), and update the comment above it with the figure and the date.
 *      A whole visit is held to VISIT_CAP_KIB on every page type, whatever the headroom.
 * The figures are deterministic but for the 10 s after `load`, where the set of
 * prefetched routes can differ by a file between visits (a few KiB): take the larger of
 * two runs. Measured in a 1280x720 viewport (Playwright's default, the tests' own),
 * which decides which links are visible and so prefetched.
 */
import { PAGE_TYPES, type PageTypeId } from './pages';
import type { Tally } from './weight';

/** @public run.mjs reads it through jiti. */
export const BUDGET_KINDS = ['js', 'css', 'html', 'afterLoad', 'visit'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export type PageBudget = Record<BudgetKind, number>;

/** @public run.mjs reads it through jiti. */
export const BUDGET_LABELS: Record<BudgetKind, string> = {
  js: 'first-load JS',
  css: 'first-load CSS',
  html: 'first-load HTML',
  afterLoad: 'fetched in the 10 s after load',
  visit: 'the whole visit',
};

/** The whole visit of any page type, in KiB of gzip: no page type's visit budget is above it. */
export const VISIT_CAP_KIB = 245;

export const BUDGETS: Record<PageTypeId, PageBudget> = {
  // Set from js 126.8, visit 199.4 KiB (2026-11-25); css 20.3, html 8.8, afterLoad 42.6 KiB (2026-11-22).
  home: { js: 139.4, css: 22.3, html: 9.6, afterLoad: 46.8, visit: 219.3 },
  // Set from js 131.6, visit 197.7 KiB (2026-11-25); css 20.3, html 8.5, afterLoad 37.3 KiB (2026-11-22).
  model: { js: 144.7, css: 22.3, html: 9.3, afterLoad: 41.0, visit: 217.4 },
  // Set from js 126.2, html 10.4, visit 191.9 KiB (2026-11-25); css 20.3, afterLoad 35.6 KiB (2026-11-22).
  serving: { js: 138.8, css: 22.3, html: 11.4, afterLoad: 39.1, visit: 211.0 },
  // Set from js 131.4, visit 198.0 KiB (2026-11-25); css 20.3, html 10.7, afterLoad 35.6 KiB (2026-11-22).
  benchmark: { js: 144.5, css: 22.3, html: 11.7, afterLoad: 39.1, visit: 217.8 },
  // Set from js 125.1, visit 190.1 KiB (2026-11-25); css 20.3, html 8.7, afterLoad 36.6 KiB (2026-11-22).
  faq: { js: 137.5, css: 22.3, html: 9.5, afterLoad: 40.2, visit: 209.1 },
  // Set from js 111.0, visit 177.3 KiB (2026-11-25); css 20.3, html 5.1, afterLoad 41.1 KiB (2026-11-22).
  category: { js: 122.0, css: 22.3, html: 5.6, afterLoad: 45.2, visit: 194.9 },
  // Set from js 129.5, html 10.7, visit 213.6 KiB (2026-11-25); css 20.3, afterLoad 47.6 KiB (2026-11-22).
  api: { js: 142.5, css: 22.3, html: 11.8, afterLoad: 52.3, visit: 234.9 },
  // Set from js 129.0, html 10.5, visit 218.0 KiB (2026-11-25); css 20.3, afterLoad 52.5 KiB (2026-11-22).
  operation: { js: 141.8, css: 22.3, html: 11.5, afterLoad: 57.7, visit: 239.8 },
  // Set from js 120.9, css 20.3, html 3.8, afterLoad 57.7 KiB (2026-11-25), the visit held to VISIT_CAP_KIB.
  // Measured 2026-11-25 with the first results painted before the site's bundle, which loads before `load`:
  // js 130.7, afterLoad 0.0, visit 248.6 KiB (two runs alike). Visit 243.5 KiB (2026-11-29, three runs alike).
  search: { js: 133.0, css: 22.3, html: 4.1, afterLoad: 63.4, visit: VISIT_CAP_KIB },
  // Set from js 106.5, visit 153.1 KiB (2026-11-25); css 20.3, html 3.8, afterLoad 22.0 KiB (2026-11-22).
  notFound: { js: 117.1, css: 22.3, html: 4.1, afterLoad: 24.2, visit: 168.4 },
};

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

export interface BudgetCheck {
  kind: BudgetKind;
  label: string;
  /** Measured gzip bytes. */
  bytes: number;
  /** The budget in gzip bytes. */
  budget: number;
  ok: boolean;
}

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

/** Each measured figure of a page type beside its budget. */
export function checkBudgets(id: PageTypeId, measured: Record<BudgetKind, number>): BudgetCheck[] {
  const budget = BUDGETS[id];
  return BUDGET_KINDS.map((kind) => ({
    kind,
    label: BUDGET_LABELS[kind],
    bytes: measured[kind],
    budget: budget[kind] * KB,
    ok: measured[kind] <= budget[kind] * KB,
  }));
}

/** @public run.mjs reads it through jiti. */
export function formatKB(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KiB`;
}

/** One line per exceeded budget: the page, the kind, the figure and the budget. */
export function budgetFailures(id: PageTypeId, checks: readonly BudgetCheck[]): string[] {
  const type = PAGE_TYPES.find((page) => page.id === id);
  return checks
    .filter((check) => !check.ok)
    .map(
      (check) =>
        `${type?.path ?? id} (${type?.label ?? id}): ${check.label} is ${formatKB(check.bytes)} gzip, over its budget of ${formatKB(check.budget)}`,
    );
}

/**
 * Check your server on the serving guides: everything pressing its button fetches (the
 * panel, the checks and the consoles' fields they share, their styles), in KiB of gzip.
 */
export const SERVER_CHECK_BUDGET_KB = 40;
