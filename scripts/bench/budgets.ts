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
  // Measured 2026-11-22: js 152.9, css 19.4, html 8.7, afterLoad 172.8 KB.
  home: { js: 168.1, css: 21.3, html: 9.5, afterLoad: 190 },
  // Measured 2026-11-22: js 155.8, css 19.4, html 8.4, afterLoad 163.2 KB.
  model: { js: 171.4, css: 21.3, html: 9.2, afterLoad: 179.5 },
  // Measured 2026-11-22: js 153.2, css 19.4, html 10.4, afterLoad 165.9 KB.
  serving: { js: 168.5, css: 21.3, html: 11.4, afterLoad: 182.4 },
  // Measured 2026-11-22: js 156.0, css 19.4, html 10.7, afterLoad 163.1 KB.
  benchmark: { js: 171.5, css: 21.3, html: 11.7, afterLoad: 179.3 },
  // Measured 2026-11-22: js 152.2, css 19.4, html 8.6, afterLoad 166.8 KB.
  faq: { js: 167.4, css: 21.3, html: 9.4, afterLoad: 183.5 },
  // Measured 2026-11-22: js 136.1, css 19.4, html 5.1, afterLoad 174.5 KB.
  category: { js: 149.7, css: 21.3, html: 5.5, afterLoad: 191.9 },
  // Measured 2026-11-22: js 153.7, css 19.4, html 10.6, afterLoad 150.5 KB.
  api: { js: 169, css: 21.3, html: 11.7, afterLoad: 165.5 },
  // Measured 2026-11-22: js 153.1, css 19.4, html 10.2, afterLoad 155.3 KB.
  operation: { js: 168.4, css: 21.3, html: 11.2, afterLoad: 170.8 },
  // Measured 2026-11-22: js 127.7, css 19.4, html 3.5, afterLoad 174.9 KB.
  search: { js: 140.5, css: 21.3, html: 3.8, afterLoad: 192.3 },
  // Measured 2026-11-22: js 132.2, css 19.4, html 3.8, afterLoad 136.9 KB.
  notFound: { js: 145.4, css: 21.3, html: 4.2, afterLoad: 150.5 },
};

export const KB = 1024;

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
