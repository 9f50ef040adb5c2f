/**
 * Byte budgets per page type, in KB (1,024 bytes) of gzip: the JavaScript, CSS and
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
 *      down to 0.1 KB), and update the comment above it with the figure and the date.
 * The figures are deterministic but for the 10 s after `load`, where the set of
 * prefetched routes can differ by a file between visits (a few KB): take the larger of
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

export const BUDGETS: Record<PageTypeId, PageBudget> = {
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 8.8, afterLoad 42.6 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 151.6 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 225.8 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 126.8, visit 199.4 KB.
  home: { js: 139.4, css: 22.3, html: 9.6, afterLoad: 46.8, visit: 219.3 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 8.5, afterLoad 37.3 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 155.5 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 224.2 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 131.6, visit 197.7 KB.
  model: { js: 144.7, css: 22.3, html: 9.3, afterLoad: 41.0, visit: 217.4 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 10.6, afterLoad 35.6 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 152.5 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 220.9 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 126.2, html 10.4, visit 191.9 KB.
  serving: { js: 138.8, css: 22.3, html: 11.4, afterLoad: 39.1, visit: 211.0 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 10.7, afterLoad 35.6 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 155.2 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 224.4 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 131.4, visit 198.0 KB.
  benchmark: { js: 144.5, css: 22.3, html: 11.7, afterLoad: 39.1, visit: 217.8 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 8.7, afterLoad 36.6 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 150.9 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 219.1 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 125.1, visit 190.1 KB.
  faq: { js: 137.5, css: 22.3, html: 9.5, afterLoad: 40.2, visit: 209.1 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 5.1, afterLoad 41.1 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 135.5 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 204.1 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 111.0, visit 177.3 KB.
  category: { js: 122.0, css: 22.3, html: 5.6, afterLoad: 45.2, visit: 194.9 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 10.9, afterLoad 47.6 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 155.3 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 236.5 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 129.5, html 10.7, visit 213.6 KB.
  api: { js: 142.5, css: 22.3, html: 11.8, afterLoad: 52.3, visit: 234.9 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 10.8, afterLoad 52.5 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 154.6 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 240.6 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 129.0, html 10.5, visit 218.0 KB.
  operation: { js: 141.8, css: 22.3, html: 11.5, afterLoad: 57.7, visit: 239.8 },
  // Measured 2026-11-25 (Pagefind's module and the query of ?q= started from the HTML, before the bundle):
  // js 142.6-145.6, css 20.3, html 3.8, afterLoad 60.6-122.5 KB (the WebAssembly arrives before or after load,
  // as the machine goes), visit 289.6 KB.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 120.9, visit 265.3 KB.
  // Measured 2026-11-25 (first results painted before hydration, the index's metadata and WebAssembly hinted in
  // the HTML, so they arrive before load): afterLoad 57.7 KB, visit 288.4 KB (two runs alike).
  // Measured 2026-11-25 (a first screen of five results, whose texts the query layer reads anyway; the site's
  // bundle, and so the navbar's prefetching, before load): js 130.7, afterLoad 0.0, visit 251.2 KB (two runs alike).
  // Measured 2026-11-25 (a table's cells indexed as words apart, a smaller index chunk): visit 248.6 KB; the
  // search page too is now held to at most 250 KB.
  search: { js: 133.0, css: 22.3, html: 4.1, afterLoad: 63.4, visit: 250.0 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): css 20.3, html 3.8, afterLoad 22.0 KB.
  // Measured 2026-11-25 (Prism's extra grammars per page, CSS-module maps with their components): js 131.3 KB.
  // Measured 2026-11-25 (load and the 10 s after, every kind of file): visit 179.5 KB; at most 250 KB on every page type.
  // Measured 2026-11-25 (code highlighted at build time, no Prism in the browser): js 106.5, visit 153.1 KB.
  notFound: { js: 117.1, css: 22.3, html: 4.1, afterLoad: 24.2, visit: 168.4 },
};

export const KB = 1024;

/**
 * The API pages' "Try it" console: everything the press fetches (its code, its
 * stylesheet, the operation's request and schemas), in KB of gzip. Measured 2026-11-26
 * on /api/create-run: 17.6 KB; the console holds every part of the reader's request.
 */
export const CONSOLE_BUDGET_KB = 40;

/** Each social card (a 1200x630 PNG), in KB on disk: previews are fetched by chat apps with tight size limits. */
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
  return `${(bytes / KB).toFixed(1)} KB`;
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
