import { describe, expect, it } from 'vitest';

import { benchmarkFacts, mtBenchPairwise } from '@site/src/data/benchmarks';
import { readFacts } from '@site/src/data/facts';
import { modelFacts } from '@site/src/data/models';
import { readFactRows } from '../support/facts';

const schema = {
  model: ['model', 'text'],
  kind: ['kind', ['base', 'rubra']],
  score: ['score', 'optional number'],
  wins: ['wins', 'count'],
} as const;
const good = { model: 'A 7B', kind: 'base', score: '', wins: '3' };

describe('the facts schema', () => {
  it('reads every facts file of the repository', () => {
    expect(modelFacts).toHaveLength(readFactRows('models').length);
    expect(benchmarkFacts).toHaveLength(readFactRows('benchmarks').length);
    expect(mtBenchPairwise).toHaveLength(readFactRows('mtbench-pairwise').length);
  });

  it('gives cells as text and as numbers, an empty optional cell as null, by the schema’s fields', () => {
    const [row] = readFacts('t.json', [{ ...good, score: '45.00' }, good], schema);
    expect(row).toEqual({ model: 'A 7B', kind: 'base', score: 45, wins: 3 });
    expect(readFacts('t.json', [good], schema)[0]?.score).toBeNull();
    const renamed = readFacts('t.json', [{ model: 'A', wins: '2' }], {
      name: ['model', 'text'],
      count: ['wins', 'count'],
    });
    expect(renamed).toEqual([{ name: 'A', count: 2 }]);
  });

  it.each([
    [
      { ...good, kind: 'closed' },
      'src/data/facts/t.json, row 2: column "kind" must be one of base, rubra, found "closed"',
    ],
    [{ ...good, score: '4,5' }, 'src/data/facts/t.json, row 2: column "score" must be a decimal number, found "4,5"'],
    [{ ...good, wins: '2.5' }, 'src/data/facts/t.json, row 2: column "wins" must be a whole number, found "2.5"'],
    [{ ...good, model: '' }, 'src/data/facts/t.json, row 2: column "model" must not be empty, found ""'],
    [{ ...good, model: ' A' }, 'src/data/facts/t.json, row 2: column "model" has spaces around its text, found " A"'],
    [{ model: 'A', kind: 'base', score: '' }, 'src/data/facts/t.json, row 2: column "wins" is missing or not text'],
    [{ ...good, wins: 3 }, 'src/data/facts/t.json, row 2: column "wins" is missing or not text'],
    [
      { ...good, extra: 'x' },
      'src/data/facts/t.json, row 2: unknown column extra (the columns are model, kind, score, wins)',
    ],
    ['A,base,,3', 'src/data/facts/t.json, row 2: expected an object of cells'],
  ])('refuses a bad row, naming the file, the row and the column: %j', (bad, message) => {
    expect(() => readFacts('t.json', [good, bad], schema)).toThrow(new Error(message));
  });

  it('refuses a file that is not a list of rows', () => {
    expect(() => readFacts('t.json', { rows: [] }, schema)).toThrow(
      'src/data/facts/t.json: expected a non-empty array of rows',
    );
    expect(() => readFacts('t.json', [], schema)).toThrow('src/data/facts/t.json: expected a non-empty array of rows');
  });
});
