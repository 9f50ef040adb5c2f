import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * The folder of the facts the content is built from: ../shared/facts beside the
 * checkout (the test runners start in the repository root), or FACTS_DIR.
 */
export const FACTS_DIR = resolve(process.env.FACTS_DIR ?? join('..', 'shared', 'facts'));

/** Reads a CSV file of the facts (no quoted fields) into records keyed by header. */
export function readFactsCsv(name: string): Record<string, string>[] {
  const [header, ...rows] = readFileSync(join(FACTS_DIR, name), 'utf8').trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    if (cells.length !== columns.length) {
      throw new Error(`${name}: a row has ${cells.length} cells, the header ${columns.length}: ${row}`);
    }
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}
