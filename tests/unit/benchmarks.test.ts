import { describe, expect, it } from 'vitest';

import {
  baseOf,
  benchmarks,
  benchmarksOf,
  bestThirdParty,
  lacksToolObservations,
  mtBenchPairwise,
  mtBenchPairwiseOf,
  scoreColumns,
  type BenchmarkRow,
} from '@site/src/data/benchmarks';
import { RUBRA_PREFIX, families } from '@site/src/data/models';
import { readFactRows } from '../support/facts';

const benchmarkFacts = readFactRows('benchmarks');
const pairwiseFacts = readFactRows('mtbench-pairwise');

/** The facts column of each numeric field; an empty cell means "not measured". */
const factColumn: Record<(typeof scoreColumns)[number]['key'], string> = {
  paramsBillion: 'params_billion',
  functionCalling: 'function_calling_pct',
  mmlu: 'mmlu_5shot',
  gpqa: 'gpqa_0shot',
  gsm8k: 'gsm8k_8shot_cot',
  math: 'math_4shot_cot',
  mtBench: 'mt_bench',
};

const fromCell = (cell: string | undefined): number | null => (cell === undefined || cell === '' ? null : Number(cell));

describe('benchmark data', () => {
  it('has one entry per row of src/data/facts/benchmarks.json, in the same order', () => {
    expect(benchmarkFacts).toHaveLength(26);
    expect(benchmarks.map((row) => row.model)).toEqual(benchmarkFacts.map((row) => row.model));
  });

  it.each(benchmarkFacts.map((row) => [row.model, row] as const))('%s matches its facts row', (_name, fact) => {
    const row = benchmarks.find((b) => b.model === fact.model);
    if (!row) {
      throw new Error(`${fact.model} is missing from src/data/benchmarks.ts`);
    }
    expect(row.kind).toBe(fact.kind);
    for (const column of scoreColumns) {
      expect(row[column.key], `${fact.model}, ${column.label}`).toBe(fromCell(fact[factColumn[column.key]]));
    }
    expect(row.note).toBe(fact.note ? fact.note : null);
  });

  it('keeps "not measured" as null, never as zero', () => {
    const emptyCells = benchmarkFacts.flatMap((fact) =>
      scoreColumns.filter((column) => fact[factColumn[column.key]] === '').map((column) => [fact.model, column.key]),
    );
    expect(emptyCells.length).toBeGreaterThan(0);
    for (const [model, key] of emptyCells) {
      const row = benchmarks.find((b) => b.model === model) as BenchmarkRow;
      expect(row[key as keyof BenchmarkRow], `${model}, ${key}`).toBeNull();
    }
    for (const row of benchmarks) {
      for (const column of scoreColumns) {
        expect(row[column.key], `${row.model}, ${column.key}`).not.toBe(0);
      }
    }
  });

  it('keeps percentages within 0 to 100 and MT-bench scores within 0 to 10', () => {
    for (const row of benchmarks) {
      for (const key of ['functionCalling', 'mmlu', 'gpqa', 'gsm8k', 'math'] as const) {
        const value = row[key];
        if (value !== null) {
          expect(value, `${row.model}, ${key}`).toBeGreaterThan(0);
          expect(value, `${row.model}, ${key}`).toBeLessThanOrEqual(100);
        }
      }
      if (row.mtBench !== null) {
        expect(row.mtBench).toBeGreaterThan(0);
        expect(row.mtBench).toBeLessThanOrEqual(10);
      }
      if (row.paramsBillion !== null) {
        expect(row.paramsBillion).toBeGreaterThan(0);
      }
    }
  });

  it('gives every Rubra model its base model, in the same family, listed just before it', () => {
    const rubra = benchmarks.filter((row) => row.kind === 'rubra');
    expect(rubra).toHaveLength(7);
    for (const row of rubra) {
      const base = baseOf(row);
      expect(`${RUBRA_PREFIX}${base.model}`).toBe(row.model);
      expect(base.family).toBe(row.family);
      expect(benchmarks.indexOf(base)).toBe(benchmarks.indexOf(row) - 1);
    }
    expect(benchmarks.filter((row) => row.kind === 'base')).toHaveLength(7);
  });

  it('ties rows to families exactly when they are Rubra or base models', () => {
    for (const row of benchmarks) {
      expect(row.family === null, row.model).toBe(row.kind === 'other' || row.kind === 'closed');
    }
    for (const info of families) {
      expect(benchmarksOf(info.family).length, info.family).toBeGreaterThanOrEqual(2);
    }
    expect(() => benchmarksOf('Falcon' as never)).toThrow(/no benchmark rows for the model family "Falcon"/);
  });

  it('refuses to find a base model for a model that is not Rubra', () => {
    expect(() => baseOf(benchmarks[0] as BenchmarkRow)).toThrow(/is not a Rubra model/);
  });

  it('flags exactly the models whose note says they do not accept tool observations', () => {
    const flagged = benchmarks.filter(lacksToolObservations).map((row) => row.model);
    const expected = benchmarkFacts
      .filter((fact) => fact.note?.startsWith('does not accept tool observations'))
      .map((fact) => fact.model);
    expect(flagged).toEqual(expected);
    expect(flagged).toEqual(['Nexusflow/NexusRaven-V2-13B', 'gorilla-llm/gorilla-openfunctions-v2']);
  });

  it('ranks the best third-party models on function calling', () => {
    const best = bestThirdParty(3);
    expect(best.map((row) => row.model)).toEqual(['Claude-3.5 Sonnet', 'GPT-4o', 'groq/Llama-3-Groq-70B-Tool-Use']);
    expect(best.every((row) => row.kind === 'other' || row.kind === 'closed')).toBe(true);
  });
});

describe('MT-bench pairwise data', () => {
  it('has one entry per row of src/data/facts/mtbench-pairwise.json, in the same order', () => {
    expect(pairwiseFacts).toHaveLength(14);
    expect(mtBenchPairwise).toHaveLength(pairwiseFacts.length);
    pairwiseFacts.forEach((fact, index) => {
      expect(mtBenchPairwise[index]).toEqual({
        model: fact.model,
        comparedWith: fact.compared_with,
        win: Number(fact.win),
        loss: Number(fact.loss),
        tie: Number(fact.tie),
        winRate: Number(fact.win_rate),
        lossRate: Number(fact.loss_rate),
        adjustedWinRate: Number(fact.adjusted_win_rate),
      });
    });
  });

  it('pairs every comparison with a benchmarked model and keeps rates within 0 to 1', () => {
    const names = new Set(benchmarks.map((row) => row.model));
    for (const row of mtBenchPairwise) {
      expect(names.has(row.model), row.model).toBe(true);
      expect(names.has(row.comparedWith), row.comparedWith).toBe(true);
      for (const rate of [row.winRate, row.lossRate, row.adjustedWinRate]) {
        expect(rate).toBeGreaterThanOrEqual(0);
        expect(rate).toBeLessThanOrEqual(1);
      }
      for (const count of [row.win, row.loss, row.tie]) {
        expect(Number.isInteger(count) && count >= 0).toBe(true);
      }
    }
  });

  it('counts a tie as half a win in the adjusted win rate, as the pages say', () => {
    for (const row of mtBenchPairwise) {
      const total = row.win + row.loss + row.tie;
      expect(row.winRate, row.model).toBeCloseTo(row.win / total, 10);
      expect(row.lossRate, row.model).toBeCloseTo(row.loss / total, 10);
      expect(row.adjustedWinRate, row.model).toBeCloseTo((row.win + row.tie / 2) / total, 10);
    }
  });

  it('gives every family both sides of each of its comparisons', () => {
    for (const info of families) {
      const rows = mtBenchPairwiseOf(info.family);
      expect(rows.length, info.family).toBeGreaterThanOrEqual(2);
      expect(rows.some((row) => row.model.startsWith(RUBRA_PREFIX))).toBe(true);
      expect(rows.some((row) => !row.model.startsWith(RUBRA_PREFIX))).toBe(true);
    }
  });
});
