import type { Page } from '@playwright/test';

type ShiftWindow = Window & { layoutShift: number };

/** Sums the page's layout shifts not caused by input, from its first paint on. */
export async function watchLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const totals = window as unknown as ShiftWindow;
    totals.layoutShift = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!entry.hadRecentInput) {
          totals.layoutShift += entry.value;
        }
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The sum so far, read two frames on, so the last shift (if any) has been reported. */
export function layoutShift(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        requestAnimationFrame(() =>
          requestAnimationFrame(() => resolve((window as unknown as ShiftWindow).layoutShift)),
        ),
      ),
  );
}
