/**
 * Benchmark figures, one entry per row of src/data/facts/benchmarks.json and of
 * src/data/facts/mtbench-pairwise.json. A `null` score means "not measured", never zero.
 * The benchmark page and the five model guides render from here only.
 */
import { MODEL_KINDS, readFacts, rowWhere } from './facts';
import benchmarksFile from './facts/benchmarks.json';
import pairwiseFile from './facts/mtbench-pairwise.json';
import { RUBRA_PREFIX, models, type ModelFamily } from './models';

export const benchmarkFacts = readFacts('benchmarks.json', benchmarksFile, {
  model: ['model', 'text'],
  kind: ['kind', MODEL_KINDS],
  /** Parameters in billions. */
  paramsBillion: ['params_billion', 'optional number'],
  /** Accuracy on Rubra's function-calling benchmark, in percent. */
  functionCalling: ['function_calling_pct', 'optional number'],
  mmlu: ['mmlu_5shot', 'optional number'],
  gpqa: ['gpqa_0shot', 'optional number'],
  gsm8k: ['gsm8k_8shot_cot', 'optional number'],
  math: ['math_4shot_cot', 'optional number'],
  /** MT-bench score out of 10, judged by GPT-4. */
  mtBench: ['mt_bench', 'optional number'],
  /** How the figures were obtained, when it differs from the common method. */
  note: ['note', 'optional text'],
});

/** One side of a pairwise MT-bench comparison judged by GPT-4; the rates are fractions between 0 and 1. */
export const mtBenchPairwise = readFacts('mtbench-pairwise.json', pairwiseFile, {
  model: ['model', 'text'],
  comparedWith: ['compared_with', 'text'],
  win: ['win', 'count'],
  loss: ['loss', 'count'],
  tie: ['tie', 'count'],
  winRate: ['win_rate', 'number'],
  lossRate: ['loss_rate', 'number'],
  adjustedWinRate: ['adjusted_win_rate', 'number'],
});

export type BenchmarkRow = (typeof benchmarks)[number];

/** The numeric columns of the benchmark table, in the order the page shows them. */
export const scoreColumns = [
  { key: 'paramsBillion', label: 'Params (B)' },
  { key: 'functionCalling', label: 'Function calling' },
  { key: 'mmlu', label: 'MMLU (5-shot)' },
  { key: 'gpqa', label: 'GPQA (0-shot)' },
  { key: 'gsm8k', label: 'GSM-8K (8-shot, CoT)' },
  { key: 'math', label: 'MATH (4-shot, CoT)' },
  { key: 'mtBench', label: 'MT-bench' },
] as const satisfies readonly { key: keyof BenchmarkRow; label: string }[];

export const kindLabels: Record<BenchmarkRow['kind'], string> = {
  rubra: 'Rubra',
  base: 'Base',
  other: 'Other open models',
  closed: 'Closed models',
};

/** Letters and digits only, lower case: "Qwen2 7B Instruct" and "Qwen2-7B-Instruct" agree. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The guide's family of a base or Rubra model, from the models' facts; null for the others. */
function familyOfRow({ kind, model: name }: (typeof benchmarkFacts)[number], index: number): ModelFamily | null {
  if (kind !== 'base' && kind !== 'rubra') {
    return null;
  }
  const base = kind === 'rubra' && name.startsWith(RUBRA_PREFIX) ? name.slice(RUBRA_PREFIX.length) : name;
  const model = models.find((candidate) => nameKey(candidate.model) === nameKey(base));
  if (!model) {
    throw new Error(
      `${rowWhere('benchmarks.json', index)}: the ${kind} model "${name}" has no row in src/data/facts/models.json`,
    );
  }
  return model.family;
}

export const benchmarks = benchmarkFacts.map((row, index) => ({
  ...row,
  /** The family of Rubra's guide this row belongs to; null for third-party models. */
  family: familyOfRow(row, index),
  note: row.note || null,
}));

export type MtBenchPairwiseRow = (typeof mtBenchPairwise)[number];

/** True for models that cannot take a tool's result back as an observation. */
export function lacksToolObservations(row: BenchmarkRow): boolean {
  return row.note?.startsWith('does not accept tool observations') ?? false;
}

/** The base model a Rubra row was built from. */
export function baseOf(row: BenchmarkRow): BenchmarkRow {
  const base = benchmarks.find((b) => b.kind === 'base' && `${RUBRA_PREFIX}${b.model}` === row.model);
  if (row.kind !== 'rubra' || !base) {
    throw new Error(`src/data/benchmarks.ts: "${row.model}" is not a Rubra model with a base model in the data`);
  }
  return base;
}

/** The base and Rubra rows of one family, each base row directly followed by its Rubra row. */
export function benchmarksOf(family: ModelFamily): BenchmarkRow[] {
  const rows = benchmarks.filter((row) => row.family === family);
  if (rows.length === 0) {
    throw new Error(`src/data/benchmarks.ts: no benchmark rows for the model family "${family}"`);
  }
  return rows;
}

/** Both sides of every pairwise comparison that involves one of the family's models. */
export function mtBenchPairwiseOf(family: ModelFamily): MtBenchPairwiseRow[] {
  const names = new Set(benchmarksOf(family).map((row) => row.model));
  return mtBenchPairwise.filter((row) => names.has(row.model));
}

/** The best third-party models on the function-calling benchmark, best first. */
export function bestThirdParty(count: number): BenchmarkRow[] {
  return [...benchmarks]
    .filter((row) => (row.kind === 'other' || row.kind === 'closed') && row.functionCalling !== null)
    .sort((a, b) => (b.functionCalling ?? 0) - (a.functionCalling ?? 0) || a.model.localeCompare(b.model))
    .slice(0, count);
}
