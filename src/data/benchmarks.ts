/**
 * Benchmark figures, one entry per row of src/data/facts/benchmarks.json and of
 * src/data/facts/mtbench-pairwise.json. A `null` score means "not measured", never zero.
 * The benchmark page and the five model guides render from here only.
 */
import { FactError, MODEL_KINDS, readFacts } from './facts';
import benchmarksFile from './facts/benchmarks.json';
import pairwiseFile from './facts/mtbench-pairwise.json';
import { RUBRA_PREFIX, models, type ModelFamily } from './models';

export const benchmarkFacts = readFacts('benchmarks.json', benchmarksFile, {
  model: 'text',
  kind: MODEL_KINDS,
  params_billion: 'optional number',
  function_calling_pct: 'optional number',
  mmlu_5shot: 'optional number',
  gpqa_0shot: 'optional number',
  gsm8k_8shot_cot: 'optional number',
  math_4shot_cot: 'optional number',
  mt_bench: 'optional number',
  note: 'optional text',
});

export const pairwiseFacts = readFacts('mtbench-pairwise.json', pairwiseFile, {
  model: 'text',
  compared_with: 'text',
  win: 'count',
  loss: 'count',
  tie: 'count',
  win_rate: 'number',
  loss_rate: 'number',
  adjusted_win_rate: 'number',
});

export type BenchmarkKind = (typeof MODEL_KINDS)[number];

export type BenchmarkRow = ReturnType<typeof benchmarkRow>;

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

export type ScoreKey = (typeof scoreColumns)[number]['key'];

export const kindLabels: Record<BenchmarkKind, string> = {
  rubra: 'Rubra',
  base: 'Base',
  other: 'Other open models',
  closed: 'Closed models',
};

/** Letters and digits only, lower case: "Qwen2 7B Instruct" and "Qwen2-7B-Instruct" agree. */
const nameKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The guide's family of a base or Rubra model, from the models' facts; null for the others. */
function familyOfRow(row: (typeof benchmarkFacts)[number]): ModelFamily | null {
  const kind = row.text('kind');
  if (kind !== 'base' && kind !== 'rubra') {
    return null;
  }
  const name = row.text('model');
  const base = kind === 'rubra' && name.startsWith(RUBRA_PREFIX) ? name.slice(RUBRA_PREFIX.length) : name;
  const model = models.find((candidate) => nameKey(candidate.model) === nameKey(base));
  if (!model) {
    throw new FactError(`${row.where}: the ${kind} model "${name}" has no row in src/data/facts/models.json`);
  }
  return model.family;
}

const benchmarkRow = (row: (typeof benchmarkFacts)[number]) => ({
  model: row.text('model'),
  kind: row.text('kind'),
  /** The family of Rubra's guide this row belongs to; null for third-party models. */
  family: familyOfRow(row),
  /** Parameters in billions. */
  paramsBillion: row.number('params_billion'),
  /** Accuracy on Rubra's function-calling benchmark, in percent. */
  functionCalling: row.number('function_calling_pct'),
  mmlu: row.number('mmlu_5shot'),
  gpqa: row.number('gpqa_0shot'),
  gsm8k: row.number('gsm8k_8shot_cot'),
  math: row.number('math_4shot_cot'),
  /** MT-bench score out of 10, judged by GPT-4. */
  mtBench: row.number('mt_bench'),
  /** How the figures were obtained, when it differs from the common method. */
  note: row.text('note') || null,
});

export const benchmarks: readonly BenchmarkRow[] = benchmarkFacts.map(benchmarkRow);

/** One side of a pairwise MT-bench comparison judged by GPT-4. */
export type MtBenchPairwiseRow = ReturnType<typeof pairwiseRow>;

const pairwiseRow = (row: (typeof pairwiseFacts)[number]) => ({
  model: row.text('model'),
  comparedWith: row.text('compared_with'),
  win: row.number('win') ?? 0,
  loss: row.number('loss') ?? 0,
  tie: row.number('tie') ?? 0,
  /** Fractions between 0 and 1. */
  winRate: row.number('win_rate') ?? 0,
  lossRate: row.number('loss_rate') ?? 0,
  adjustedWinRate: row.number('adjusted_win_rate') ?? 0,
});

export const mtBenchPairwise: readonly MtBenchPairwiseRow[] = pairwiseFacts.map(pairwiseRow);

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
