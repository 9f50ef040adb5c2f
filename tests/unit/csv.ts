import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The folder of the facts the content is built from. */
export const FACTS_DIR = fileURLToPath(new URL('../../../shared/facts/', import.meta.url));

/** Reads a CSV file of the facts (no quoted fields) into records keyed by header. */
export function readFactsCsv(name: string): Record<string, string>[] {
  const [header, ...rows] = readFileSync(`${FACTS_DIR}${name}`, 'utf8').trim().split(/\r?\n/);
  const columns = (header ?? '').split(',');
  return rows.map((row) => {
    const cells = row.split(',');
    if (cells.length !== columns.length) {
      throw new Error(`${name}: a row has ${cells.length} cells, the header ${columns.length}: ${row}`);
    }
    return Object.fromEntries(columns.map((column, index) => [column, cells[index] ?? '']));
  });
}
