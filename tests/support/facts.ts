import benchmarks from '../../src/data/facts/benchmarks.json';
import models from '../../src/data/facts/models.json';
import pairwise from '../../src/data/facts/mtbench-pairwise.json';

const FILES = { models, benchmarks, 'mtbench-pairwise': pairwise } as const;

export type FactsFile = keyof typeof FILES;

/**
 * The rows of one facts file in src/data/facts as records of text cells, as written
 * there: apart from the schema and the typed data under test.
 */
export function readFactRows(name: FactsFile): Record<string, string>[] {
  return FILES[name] as readonly Record<string, string>[] as Record<string, string>[];
}
