/**
 * What each table on the site must show, computed from the facts files alone, so a
 * test can compare a rendered table with the facts cell by cell.
 */
import { readFactRows } from './facts';

export const benchmarkFactColumns = [
  'params_billion',
  'function_calling_pct',
  'mmlu_5shot',
  'gpqa_0shot',
  'gsm8k_8shot_cot',
  'math_4shot_cot',
  'mt_bench',
] as const;

const kindLabel: Record<string, string> = {
  rubra: 'Rubra',
  base: 'Base',
  other: 'Other open models',
  closed: 'Closed models',
};

/** One benchmark row: model name, kind label, then each figure or null when not measured. */
export type ExpectedBenchmarkRow = [string, string, ...(number | null)[]];

export function expectedBenchmarkRows(filter: (row: Record<string, string>) => boolean = () => true) {
  return readFactRows('benchmarks')
    .filter(filter)
    .map((row): ExpectedBenchmarkRow => [
      row.model ?? '',
      kindLabel[row.kind ?? ''] ?? `unknown kind ${row.kind}`,
      ...benchmarkFactColumns.map((column) => (row[column] ? Number(row[column]) : null)),
    ]);
}

const pairwiseFactColumns = ['win', 'loss', 'tie', 'win_rate', 'loss_rate', 'adjusted_win_rate'] as const;

/** One pairwise row: model, compared with, then the six figures. */
export function expectedPairwiseRows(models?: ReadonlySet<string>) {
  return readFactRows('mtbench-pairwise')
    .filter((row) => !models || models.has(row.model ?? ''))
    .map((row) => [
      row.model ?? '',
      row.compared_with ?? '',
      ...pairwiseFactColumns.map((column) => Number(row[column])),
    ]);
}

/** One specification row of a model guide: model, parameters, context, GQA, training tokens, cutoff. */
export function expectedSpecRows(models: readonly Record<string, string>[]): string[][] {
  return models.map((row) => [
    row.model ?? '',
    row.params ?? '',
    Number(row.context_length).toLocaleString('en-US'),
    row.gqa ?? '',
    row.training_tokens ?? '',
    row.knowledge_cutoff ?? '',
  ]);
}
