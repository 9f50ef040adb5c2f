import type { Page } from '@playwright/test';

/**
 * Docusaurus namespaces its localStorage keys per site (`theme-08b`, …). Tests find
 * a key by its documented prefix rather than hard-coding the hash.
 */
async function storageEntries(page: Page, prefix: string): Promise<Record<string, string>> {
  return page.evaluate(
    (wanted) =>
      Object.fromEntries(
        Object.keys(localStorage)
          .filter((key) => key === wanted || key.startsWith(`${wanted}-`))
          .map((key) => [key, localStorage.getItem(key) ?? '']),
      ),
    prefix,
  );
}

export async function storageValue(page: Page, prefix: string): Promise<string | undefined> {
  const entries = await storageEntries(page, prefix);
  const values = Object.values(entries);
  if (values.length > 1) {
    throw new Error(`More than one localStorage key starts with ${prefix}: ${Object.keys(entries).join(', ')}`);
  }
  return values[0];
}
