import { describe, expect, it } from 'vitest';

import { filterRows, nextSort, sortRows } from '@site/src/components/BenchmarkTable/logic';
import { benchmarks, kindLabels, mtBenchPairwise, type BenchmarkRow } from '@site/src/data/benchmarks';
import { figureColumns } from '@site/src/shared/tables/benchmarks';
import { NOT_MEASURED_MARK, formatScore } from '@site/src/shared/tables/format';
import { cellContent } from '@site/src/shared/tables/model';
import { mtBenchPairwiseTable } from '@site/src/shared/tables/mtbench-pairwise';

const allKinds = new Set(Object.keys(kindLabels) as BenchmarkRow['kind'][]);

describe('benchmark formatting', () => {
  it('shows figures with two decimals and "not measured" as an em dash', () => {
    expect(formatScore(45)).toBe('45.00');
    expect(formatScore(22.5)).toBe('22.50');
    expect(formatScore(89.28)).toBe('89.28');
    expect(NOT_MEASURED_MARK).toBe('\u2014');
    const params = figureColumns.find((column) => column.id === 'paramsBillion');
    const [row] = benchmarks;
    expect(params && row && cellContent(params, { ...row, paramsBillion: 8.9 })).toBe('8.9');
    expect(params && row && cellContent(params, { ...row, paramsBillion: null })).toEqual({ missing: 'not measured' });
    const rate = mtBenchPairwiseTable.columns.find((column) => column.label === 'Adjusted win rate');
    const [pair] = mtBenchPairwise;
    expect(rate && pair && cellContent(rate, { ...pair, adjustedWinRate: 0.496875 })).toBe('0.496875');
  });

  it('loses no precision on any figure of the data', () => {
    for (const row of benchmarks) {
      for (const value of [row.functionCalling, row.mmlu, row.gpqa, row.gsm8k, row.math, row.mtBench]) {
        if (value !== null) {
          expect(Number(formatScore(value))).toBe(value);
        }
      }
    }
  });
});

describe('benchmark sorting', () => {
  it('sorts scores best first on the first activation, then toggles', () => {
    expect(nextSort(null, 'functionCalling').direction).toBe('descending');
    expect(nextSort(null, 'model').direction).toBe('ascending');
    const first = nextSort(null, 'mmlu');
    expect(first).toEqual({ key: 'mmlu', direction: 'descending' });
    expect(nextSort(first, 'mmlu')).toEqual({ key: 'mmlu', direction: 'ascending' });
    expect(nextSort(first, 'model')).toEqual({ key: 'model', direction: 'ascending' });
  });

  it('puts figures that were not measured last in both directions', () => {
    for (const direction of ['ascending', 'descending'] as const) {
      const sorted = sortRows(benchmarks, { key: 'functionCalling', direction });
      const values = sorted.map((row) => row.functionCalling);
      const firstNull = values.indexOf(null);
      expect(firstNull).toBeGreaterThan(0);
      expect(values.slice(firstNull).every((value) => value === null)).toBe(true);
      const measured = values.slice(0, firstNull) as number[];
      const ordered = [...measured].sort((a, b) => (direction === 'ascending' ? a - b : b - a));
      expect(measured).toEqual(ordered);
    }
  });

  it('sorts by name and by kind, and keeps the data order without a sort', () => {
    const byName = sortRows(benchmarks, { key: 'model', direction: 'ascending' }).map((row) => row.model);
    expect(byName[0]).toBe('Claude-3.5 Sonnet');
    expect(byName).toHaveLength(benchmarks.length);
    const byKind = sortRows(benchmarks, { key: 'kind', direction: 'ascending' }).map((row) => row.kind);
    expect(byKind.indexOf('base')).toBe(7);
    expect(sortRows(benchmarks, null)).toEqual([...benchmarks]);
  });

  it('never changes the rows, only their order', () => {
    const sorted = sortRows(benchmarks, { key: 'gpqa', direction: 'descending' });
    expect([...sorted].sort((a, b) => a.model.localeCompare(b.model))).toEqual(
      [...benchmarks].sort((a, b) => a.model.localeCompare(b.model)),
    );
  });
});

describe('benchmark filtering', () => {
  it('keeps only the chosen kinds', () => {
    const rubra = filterRows(benchmarks, { kinds: new Set(['rubra']), text: '' });
    expect(rubra).toHaveLength(7);
    expect(rubra.every((row) => row.kind === 'rubra')).toBe(true);
    expect(filterRows(benchmarks, { kinds: new Set(), text: '' })).toEqual([]);
    expect(filterRows(benchmarks, { kinds: allKinds, text: '' })).toHaveLength(benchmarks.length);
  });

  it('matches the name text without regard to case or surrounding spaces', () => {
    const qwen = filterRows(benchmarks, { kinds: allKinds, text: '  QWEN ' }).map((row) => row.model);
    expect(qwen).toEqual(['Qwen2-7B-Instruct', 'Rubra Qwen2-7B-Instruct']);
    const closedLlama = filterRows(benchmarks, { kinds: new Set(['closed']), text: 'llama' });
    expect(closedLlama).toEqual([]);
  });
});
