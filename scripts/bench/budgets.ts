/**
 * Byte budgets per page type, in KB (1,024 bytes) of gzip: the JavaScript, CSS and
 * HTML fetched before the `load` event, and everything fetched in the 10 s after it
 * (prefetching on). Read by tests/e2e/budgets.spec.ts, which fails on any excess,
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

export const BUDGET_KINDS = ['js', 'css', 'html', 'afterLoad'] as const;
export type BudgetKind = (typeof BUDGET_KINDS)[number];
export type PageBudget = Record<BudgetKind, number>;

export const BUDGET_LABELS: Record<BudgetKind, string> = {
  js: 'first-load JS',
  css: 'first-load CSS',
  html: 'first-load HTML',
  afterLoad: 'fetched in the 10 s after load',
};

export const BUDGETS: Record<PageTypeId, PageBudget> = {
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 153.7, css 20.3, html 8.8, afterLoad 42.6 KB.
  home: { js: 169.0, css: 22.3, html: 9.6, afterLoad: 46.8 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 157.7, css 20.3, html 8.5, afterLoad 37.3 KB.
  model: { js: 173.4, css: 22.3, html: 9.3, afterLoad: 41.0 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 154.0, css 20.3, html 10.6, afterLoad 35.6 KB.
  serving: { js: 169.4, css: 22.3, html: 11.6, afterLoad: 39.1 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 157.3, css 20.3, html 10.7, afterLoad 35.6 KB.
  benchmark: { js: 173.0, css: 22.3, html: 11.7, afterLoad: 39.1 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 153.0, css 20.3, html 8.7, afterLoad 36.6 KB.
  faq: { js: 168.3, css: 22.3, html: 9.5, afterLoad: 40.2 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 137.2, css 20.3, html 5.1, afterLoad 41.1 KB.
  category: { js: 150.9, css: 22.3, html: 5.6, afterLoad: 45.2 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 157.2, css 20.3, html 10.9, afterLoad 47.6 KB.
  api: { js: 172.9, css: 22.3, html: 11.9, afterLoad: 52.3 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 156.6, css 20.3, html 10.8, afterLoad 52.5 KB.
  operation: { js: 172.2, css: 22.3, html: 11.8, afterLoad: 57.7 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 128.0, css 20.3, html 3.6, afterLoad 135.4 KB.
  search: { js: 140.8, css: 22.3, html: 3.9, afterLoad: 148.9 },
  // Measured 2026-11-22 (search on intent, shared chunks, page actions): js 132.9, css 20.3, html 3.8, afterLoad 22.0 KB.
  notFound: { js: 146.1, css: 22.3, html: 4.1, afterLoad: 24.2 },
};

export const KB = 1024;

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
