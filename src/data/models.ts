/**
 * Rubra's enhanced models, one entry per model of facts/models.csv.
 * The model pages, the home page table and the benchmark page all read from here.
 */

export type ModelFamily = 'Llama 3' | 'Gemma' | 'Mistral' | 'Phi 3' | 'Qwen 2';

export type ChatTemplate = 'llama3' | 'gemma' | 'llama2' | 'phi3' | 'chatml';

export interface FamilyInfo {
  family: ModelFamily;
  /** The route of the family's guide. */
  route: string;
  /** The family's llama.cpp `--chat-template` value. */
  chatTemplate: ChatTemplate;
}

export interface RubraModel {
  family: ModelFamily;
  /** The base (parent) model's name; the Rubra model is "Rubra " + this name. */
  model: string;
  params: string;
  /** Context length in tokens. */
  contextLength: number;
  gqa: string;
  trainingTokens: string;
  knowledgeCutoff: string;
  /** Hugging Face repository ids, owner/name. */
  hfRepo: string;
  ggufRepo: string;
  otherRepos: readonly string[];
}

export const families: readonly FamilyInfo[] = [
  { family: 'Llama 3', route: '/models/llama', chatTemplate: 'llama3' },
  { family: 'Gemma', route: '/models/gemma', chatTemplate: 'gemma' },
  { family: 'Mistral', route: '/models/Mistral', chatTemplate: 'llama2' },
  { family: 'Phi 3', route: '/models/Phi', chatTemplate: 'phi3' },
  { family: 'Qwen 2', route: '/models/Qwen', chatTemplate: 'chatml' },
];

export const models: readonly RubraModel[] = [
  {
    family: 'Llama 3',
    model: 'Llama-3 8B Instruct',
    params: '8B',
    contextLength: 8000,
    gqa: 'yes',
    trainingTokens: '15T+',
    knowledgeCutoff: 'March 2023',
    hfRepo: 'rubra-ai/Meta-Llama-3-8B-Instruct',
    ggufRepo: 'rubra-ai/Meta-Llama-3-8B-Instruct-GGUF',
    otherRepos: [],
  },
  {
    family: 'Llama 3',
    model: 'Llama-3 70B Instruct',
    params: '70B',
    contextLength: 8000,
    gqa: 'yes',
    trainingTokens: '15T+',
    knowledgeCutoff: 'December 2023',
    hfRepo: 'rubra-ai/Meta-Llama-3-70B-Instruct',
    ggufRepo: 'rubra-ai/Meta-Llama-3-70B-Instruct-GGUF',
    otherRepos: ['rubra-ai/Meta-Llama-3-70B-Instruct-AWQ'],
  },
  {
    family: 'Gemma',
    model: 'Gemma-1.1 2B Instruct',
    params: '2B',
    contextLength: 8192,
    gqa: 'no (multi-query attention)',
    trainingTokens: '6T',
    knowledgeCutoff: 'undisclosed',
    hfRepo: 'rubra-ai/gemma-1.1-2b-it',
    ggufRepo: 'rubra-ai/gemma-1.1-2b-it-GGUF',
    otherRepos: [],
  },
  {
    family: 'Mistral',
    model: 'Mistral 7B Instruct v0.3',
    params: '7B',
    contextLength: 32000,
    gqa: 'yes',
    trainingTokens: 'undisclosed',
    knowledgeCutoff: 'about February 2023',
    hfRepo: 'rubra-ai/Mistral-7B-Instruct-v0.3',
    ggufRepo: 'rubra-ai/Mistral-7B-Instruct-v0.3-GGUF',
    otherRepos: [],
  },
  {
    family: 'Mistral',
    model: 'Mistral 7B Instruct v0.2',
    params: '7B',
    contextLength: 32000,
    gqa: 'yes',
    trainingTokens: 'undisclosed',
    knowledgeCutoff: 'about February 2023',
    hfRepo: 'rubra-ai/Mistral-7B-Instruct-v0.2',
    ggufRepo: 'rubra-ai/Mistral-7B-Instruct-v0.2-GGUF',
    otherRepos: [],
  },
  {
    family: 'Phi 3',
    model: 'Phi-3 Mini 128k Instruct',
    params: '3.8B',
    contextLength: 128000,
    gqa: 'yes',
    trainingTokens: '3.3T',
    knowledgeCutoff: 'October 2023',
    hfRepo: 'rubra-ai/Phi-3-mini-128k-instruct',
    ggufRepo: 'rubra-ai/Phi-3-mini-128k-instruct-GGUF',
    otherRepos: [],
  },
  {
    family: 'Qwen 2',
    model: 'Qwen2 7B Instruct',
    params: '7.6B',
    contextLength: 131072,
    gqa: 'yes',
    trainingTokens: '3T',
    knowledgeCutoff: '2023',
    hfRepo: 'rubra-ai/Qwen2-7B-Instruct',
    ggufRepo: 'rubra-ai/Qwen2-7B-Instruct-GGUF',
    otherRepos: [],
  },
];

export const huggingFaceUrl = (repo: string): string => `https://huggingface.co/${repo}`;

export function familyInfo(family: ModelFamily): FamilyInfo {
  const info = families.find((f) => f.family === family);
  if (!info) {
    throw new Error(`Unknown model family "${family}" (expected one of: ${families.map((f) => f.family).join(', ')})`);
  }
  return info;
}

export function modelsOf(family: ModelFamily): RubraModel[] {
  return models.filter((m) => m.family === family);
}
