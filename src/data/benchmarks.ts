/**
 * Benchmark figures, one entry per row of facts/benchmarks.csv and of
 * facts/mtbench-pairwise.csv. A `null` score means "not measured", never zero.
 * The benchmark page and the five model guides render from here only.
 */
import type { ModelFamily } from './models';

export type BenchmarkKind = 'rubra' | 'base' | 'other' | 'closed';

export interface BenchmarkRow {
  model: string;
  kind: BenchmarkKind;
  /** The family of Rubra's guide this row belongs to; null for third-party models. */
  family: ModelFamily | null;
  /** Parameters in billions. */
  paramsBillion: number | null;
  /** Accuracy on Rubra's function-calling benchmark, in percent. */
  functionCalling: number | null;
  mmlu: number | null;
  gpqa: number | null;
  gsm8k: number | null;
  math: number | null;
  /** MT-bench score out of 10, judged by GPT-4. */
  mtBench: number | null;
  /** How the figures were obtained, when it differs from the common method. */
  note: string | null;
}

/** The numeric columns of the benchmark table, in the order the page shows them. */
export const scoreColumns = [
  { key: 'paramsBillion', label: 'Params (B)', unit: 'billions of parameters' },
  { key: 'functionCalling', label: 'Function calling', unit: 'percent' },
  { key: 'mmlu', label: 'MMLU (5-shot)', unit: 'percent' },
  { key: 'gpqa', label: 'GPQA (0-shot)', unit: 'percent' },
  { key: 'gsm8k', label: 'GSM-8K (8-shot, CoT)', unit: 'percent' },
  { key: 'math', label: 'MATH (4-shot, CoT)', unit: 'percent' },
  { key: 'mtBench', label: 'MT-bench', unit: 'score out of 10' },
] as const satisfies readonly { key: keyof BenchmarkRow; label: string; unit: string }[];

export type ScoreKey = (typeof scoreColumns)[number]['key'];

export const kindLabels: Record<BenchmarkKind, string> = {
  rubra: 'Rubra',
  base: 'Base',
  other: 'Other open models',
  closed: 'Closed models',
};

const NO_TOOL_OBSERVATIONS = 'does not accept tool observations';

export const benchmarks: readonly BenchmarkRow[] = [
  {
    model: 'Gemma-1.1 2B Instruct',
    kind: 'base',
    family: 'Gemma',
    paramsBillion: 2.51,
    functionCalling: null,
    mmlu: 37.84,
    gpqa: 22.99,
    gsm8k: 6.29,
    math: 6.14,
    mtBench: 5.82,
    note: null,
  },
  {
    model: 'Rubra Gemma-1.1 2B Instruct',
    kind: 'rubra',
    family: 'Gemma',
    paramsBillion: 2.84,
    functionCalling: 45.0,
    mmlu: 38.85,
    gpqa: 24.55,
    gsm8k: 6.14,
    math: 2.38,
    mtBench: 5.75,
    note: null,
  },
  {
    model: 'Llama-3 8B Instruct',
    kind: 'base',
    family: 'Llama 3',
    paramsBillion: 8.03,
    functionCalling: null,
    mmlu: 65.69,
    gpqa: 31.47,
    gsm8k: 77.41,
    math: 27.58,
    mtBench: 8.07,
    note: null,
  },
  {
    model: 'Rubra Llama-3 8B Instruct',
    kind: 'rubra',
    family: 'Llama 3',
    paramsBillion: 8.9,
    functionCalling: 89.28,
    mmlu: 64.39,
    gpqa: 31.7,
    gsm8k: 68.99,
    math: 23.76,
    mtBench: 8.03,
    note: null,
  },
  {
    model: 'Llama-3 70B Instruct',
    kind: 'base',
    family: 'Llama 3',
    paramsBillion: 70.6,
    functionCalling: null,
    mmlu: 79.9,
    gpqa: 38.17,
    gsm8k: 90.67,
    math: 44.24,
    mtBench: 8.88,
    note: null,
  },
  {
    model: 'Rubra Llama-3 70B Instruct',
    kind: 'rubra',
    family: 'Llama 3',
    paramsBillion: 70.6,
    functionCalling: 97.85,
    mmlu: 75.9,
    gpqa: 33.93,
    gsm8k: 82.26,
    math: 34.24,
    mtBench: 8.36,
    note: null,
  },
  {
    model: 'Mistral 7B Instruct v0.3',
    kind: 'base',
    family: 'Mistral',
    paramsBillion: 7.25,
    functionCalling: 22.5,
    mmlu: 62.1,
    gpqa: 30.58,
    gsm8k: 53.07,
    math: 12.98,
    mtBench: 7.5,
    note: 'tool calls extracted with the mistral-inference library',
  },
  {
    model: 'Rubra Mistral 7B Instruct v0.3',
    kind: 'rubra',
    family: 'Mistral',
    paramsBillion: 8.12,
    functionCalling: 73.57,
    mmlu: 59.12,
    gpqa: 29.91,
    gsm8k: 43.29,
    math: 11.14,
    mtBench: 7.69,
    note: null,
  },
  {
    model: 'Mistral 7B Instruct v0.2',
    kind: 'base',
    family: 'Mistral',
    paramsBillion: 7.24,
    functionCalling: null,
    mmlu: 59.27,
    gpqa: 27.68,
    gsm8k: 43.21,
    math: 10.3,
    mtBench: 7.5,
    note: null,
  },
  {
    model: 'Rubra Mistral 7B Instruct v0.2',
    kind: 'rubra',
    family: 'Mistral',
    paramsBillion: 8.11,
    functionCalling: 69.28,
    mmlu: 58.9,
    gpqa: 29.91,
    gsm8k: 34.12,
    math: 8.36,
    mtBench: 7.36,
    note: null,
  },
  {
    model: 'Phi-3 Mini 128k Instruct',
    kind: 'base',
    family: 'Phi 3',
    paramsBillion: 3.82,
    functionCalling: null,
    mmlu: 69.36,
    gpqa: 27.01,
    gsm8k: 83.7,
    math: 32.92,
    mtBench: 8.02,
    note: null,
  },
  {
    model: 'Rubra Phi-3 Mini 128k Instruct',
    kind: 'rubra',
    family: 'Phi 3',
    paramsBillion: 4.73,
    functionCalling: 70.0,
    mmlu: 67.87,
    gpqa: 29.69,
    gsm8k: 79.45,
    math: 30.8,
    mtBench: 8.21,
    note: null,
  },
  {
    model: 'Qwen2-7B-Instruct',
    kind: 'base',
    family: 'Qwen 2',
    paramsBillion: 7.62,
    functionCalling: null,
    mmlu: 70.78,
    gpqa: 32.14,
    gsm8k: 78.54,
    math: 30.1,
    mtBench: 8.29,
    note: null,
  },
  {
    model: 'Rubra Qwen2-7B-Instruct',
    kind: 'rubra',
    family: 'Qwen 2',
    paramsBillion: 8.55,
    functionCalling: 85.71,
    mmlu: 68.88,
    gpqa: 30.36,
    gsm8k: 75.82,
    math: 28.72,
    mtBench: 8.08,
    note: null,
  },
  {
    model: 'Nexusflow/NexusRaven-V2-13B',
    kind: 'other',
    family: null,
    paramsBillion: 13.0,
    functionCalling: 53.75,
    mmlu: 43.23,
    gpqa: 28.79,
    gsm8k: 22.67,
    math: 7.12,
    mtBench: 5.36,
    note: 'does not accept tool observations: the observation was appended to the prompt; tested with the nexusraven-pip library',
  },
  {
    model: 'NousResearch/Hermes-2-Pro-Llama-3-8B',
    kind: 'other',
    family: null,
    paramsBillion: 8.03,
    functionCalling: 41.25,
    mmlu: 64.16,
    gpqa: 31.92,
    gsm8k: 73.92,
    math: 21.58,
    mtBench: 7.83,
    note: 'tested with the hermes-function-calling library',
  },
  {
    model: 'gorilla-llm/gorilla-openfunctions-v2',
    kind: 'other',
    family: null,
    paramsBillion: 6.91,
    functionCalling: 41.25,
    mmlu: 49.14,
    gpqa: 23.66,
    gsm8k: 48.29,
    math: 17.54,
    mtBench: 5.13,
    note: 'does not accept tool observations: the observation was appended to the prompt; needs the special prompting from its repository',
  },
  {
    model: 'GPT-4o',
    kind: 'closed',
    family: null,
    paramsBillion: null,
    functionCalling: 98.57,
    mmlu: null,
    gpqa: 53.6,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: null,
  },
  {
    model: 'Claude-3.5 Sonnet',
    kind: 'closed',
    family: null,
    paramsBillion: null,
    functionCalling: 98.57,
    mmlu: 88.7,
    gpqa: 59.4,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: null,
  },
  {
    model: 'Mistral Large (closed-source)',
    kind: 'closed',
    family: null,
    paramsBillion: null,
    functionCalling: 48.6,
    mmlu: null,
    gpqa: null,
    gsm8k: 91.21,
    math: 45.0,
    mtBench: null,
    note: null,
  },
  {
    model: 'meetkai/functionary-medium-v3.0',
    kind: 'other',
    family: null,
    paramsBillion: 70.6,
    functionCalling: 46.43,
    mmlu: 79.85,
    gpqa: 38.39,
    gsm8k: 89.54,
    math: 43.02,
    mtBench: 5.49,
    note: "tested with MeetKai's functionary on vLLM; best of grammar sampling on and off; more hallucinations than the small model in advanced cases",
  },
  {
    model: 'meetkai/functionary-small-v2.5',
    kind: 'other',
    family: null,
    paramsBillion: 8.03,
    functionCalling: 57.14,
    mmlu: 63.92,
    gpqa: 32.14,
    gsm8k: 66.11,
    math: 20.54,
    mtBench: 7.09,
    note: "tested with MeetKai's functionary on vLLM; best of grammar sampling on and off",
  },
  {
    model: 'groq/Llama-3-Groq-8B-Tool-Use',
    kind: 'other',
    family: null,
    paramsBillion: 8.03,
    functionCalling: 45.7,
    mmlu: null,
    gpqa: null,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: "tested through Groq's API",
  },
  {
    model: 'groq/Llama-3-Groq-70B-Tool-Use',
    kind: 'other',
    family: null,
    paramsBillion: 70.6,
    functionCalling: 74.29,
    mmlu: null,
    gpqa: null,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: "tested through Groq's API",
  },
  {
    model: 'Meta/Llama-3.1-8B-Instruct',
    kind: 'other',
    family: null,
    paramsBillion: 8.03,
    functionCalling: 32.5,
    mmlu: null,
    gpqa: null,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: "tested with the user-defined custom tool calling prompt format from Meta's Llama 3.1 documentation",
  },
  {
    model: 'Meta/Llama-3.1-70B-Instruct',
    kind: 'other',
    family: null,
    paramsBillion: 70.6,
    functionCalling: 63.75,
    mmlu: null,
    gpqa: null,
    gsm8k: null,
    math: null,
    mtBench: null,
    note: "tested with the user-defined custom tool calling prompt format from Meta's Llama 3.1 documentation",
  },
];

/** One side of a pairwise MT-bench comparison judged by GPT-4. */
export interface MtBenchPairwiseRow {
  model: string;
  comparedWith: string;
  win: number;
  loss: number;
  tie: number;
  /** Fractions between 0 and 1. */
  winRate: number;
  lossRate: number;
  adjustedWinRate: number;
}

export const mtBenchPairwise: readonly MtBenchPairwiseRow[] = [
  {
    model: 'Llama-3 8B Instruct',
    comparedWith: 'Rubra Llama-3 8B Instruct',
    win: 41,
    loss: 42,
    tie: 77,
    winRate: 0.25625,
    lossRate: 0.2625,
    adjustedWinRate: 0.496875,
  },
  {
    model: 'Rubra Llama-3 8B Instruct',
    comparedWith: 'Llama-3 8B Instruct',
    win: 42,
    loss: 41,
    tie: 77,
    winRate: 0.2625,
    lossRate: 0.25625,
    adjustedWinRate: 0.503125,
  },
  {
    model: 'Llama-3 70B Instruct',
    comparedWith: 'Rubra Llama-3 70B Instruct',
    win: 58,
    loss: 28,
    tie: 74,
    winRate: 0.3625,
    lossRate: 0.175,
    adjustedWinRate: 0.59375,
  },
  {
    model: 'Rubra Llama-3 70B Instruct',
    comparedWith: 'Llama-3 70B Instruct',
    win: 28,
    loss: 58,
    tie: 74,
    winRate: 0.175,
    lossRate: 0.3625,
    adjustedWinRate: 0.40625,
  },
  {
    model: 'Gemma-1.1 2B Instruct',
    comparedWith: 'Rubra Gemma-1.1 2B Instruct',
    win: 33,
    loss: 56,
    tie: 71,
    winRate: 0.20625,
    lossRate: 0.35,
    adjustedWinRate: 0.428125,
  },
  {
    model: 'Rubra Gemma-1.1 2B Instruct',
    comparedWith: 'Gemma-1.1 2B Instruct',
    win: 56,
    loss: 33,
    tie: 71,
    winRate: 0.35,
    lossRate: 0.20625,
    adjustedWinRate: 0.571875,
  },
  {
    model: 'Mistral 7B Instruct v0.3',
    comparedWith: 'Rubra Mistral 7B Instruct v0.3',
    win: 34,
    loss: 54,
    tie: 72,
    winRate: 0.2125,
    lossRate: 0.3375,
    adjustedWinRate: 0.4375,
  },
  {
    model: 'Rubra Mistral 7B Instruct v0.3',
    comparedWith: 'Mistral 7B Instruct v0.3',
    win: 54,
    loss: 34,
    tie: 72,
    winRate: 0.3375,
    lossRate: 0.2125,
    adjustedWinRate: 0.5625,
  },
  {
    model: 'Mistral 7B Instruct v0.2',
    comparedWith: 'Rubra Mistral 7B Instruct v0.2',
    win: 34,
    loss: 54,
    tie: 72,
    winRate: 0.2125,
    lossRate: 0.3375,
    adjustedWinRate: 0.4375,
  },
  {
    model: 'Rubra Mistral 7B Instruct v0.2',
    comparedWith: 'Mistral 7B Instruct v0.2',
    win: 59,
    loss: 43,
    tie: 58,
    winRate: 0.36875,
    lossRate: 0.26875,
    adjustedWinRate: 0.55,
  },
  {
    model: 'Phi-3 Mini 128k Instruct',
    comparedWith: 'Rubra Phi-3 Mini 128k Instruct',
    win: 21,
    loss: 72,
    tie: 67,
    winRate: 0.13125,
    lossRate: 0.45,
    adjustedWinRate: 0.340625,
  },
  {
    model: 'Rubra Phi-3 Mini 128k Instruct',
    comparedWith: 'Phi-3 Mini 128k Instruct',
    win: 72,
    loss: 21,
    tie: 67,
    winRate: 0.45,
    lossRate: 0.13125,
    adjustedWinRate: 0.659375,
  },
  {
    model: 'Qwen2-7B-Instruct',
    comparedWith: 'Rubra Qwen2-7B-Instruct',
    win: 49,
    loss: 33,
    tie: 78,
    winRate: 0.30625,
    lossRate: 0.20625,
    adjustedWinRate: 0.55,
  },
  {
    model: 'Rubra Qwen2-7B-Instruct',
    comparedWith: 'Qwen2-7B-Instruct',
    win: 33,
    loss: 49,
    tie: 78,
    winRate: 0.20625,
    lossRate: 0.30625,
    adjustedWinRate: 0.45,
  },
];

/** True for models that cannot take a tool's result back as an observation. */
export function lacksToolObservations(row: BenchmarkRow): boolean {
  return row.note?.startsWith(NO_TOOL_OBSERVATIONS) ?? false;
}

/** The prefix every Rubra model's name adds to its base model's name. */
export const RUBRA_PREFIX = 'Rubra ';

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
