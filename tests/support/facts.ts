import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The facts files in the repository (the test runners start in its root). */
export const FACTS_DIR = join('src', 'data', 'facts');

export type FactsFile = 'models' | 'benchmarks' | 'mtbench-pairwise';

/**
 * The rows of one facts file as records of text cells, read from disk on their own,
 * apart from the schema and the typed data under test.
 */
export function readFactRows(name: FactsFile): Record<string, string>[] {
  const rows: unknown = JSON.parse(readFileSync(join(FACTS_DIR, `${name}.json`), 'utf8'));
  if (!Array.isArray(rows)) {
    throw new Error(`${join(FACTS_DIR, `${name}.json`)}: expected an array of rows`);
  }
  return rows as Record<string, string>[];
}
