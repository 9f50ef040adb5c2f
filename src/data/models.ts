/**
 * Rubra's enhanced models, one entry per row of src/data/facts/models.json.
 * The model pages, the home page table and the benchmark page all read from here.
 */
import { CHAT_TEMPLATES, FactError, MODEL_FAMILIES, readFacts } from './facts';
import modelsFile from './facts/models.json';

export const modelFacts = readFacts('models.json', modelsFile, {
  family: MODEL_FAMILIES,
  page_route: 'text',
  model: 'text',
  params: 'text',
  context_length: 'count',
  gqa: 'text',
  training_tokens: 'text',
  knowledge_cutoff: 'text',
  hf_repo: 'text',
  gguf_repo: 'text',
  other_repos: 'optional text',
  llamacpp_chat_template: CHAT_TEMPLATES,
});

export type ModelFamily = (typeof MODEL_FAMILIES)[number];

export type RubraModel = ReturnType<typeof rubraModel>;

const rubraModel = (row: (typeof modelFacts)[number]) => ({
  family: row.text('family'),
  /** The base (parent) model's name; the Rubra model is "Rubra " + this name. */
  model: row.text('model'),
  params: row.text('params'),
  /** Context length in tokens. */
  contextLength: row.number('context_length') ?? 0,
  gqa: row.text('gqa'),
  trainingTokens: row.text('training_tokens'),
  knowledgeCutoff: row.text('knowledge_cutoff'),
  /** Hugging Face repository ids, owner/name. */
  hfRepo: row.text('hf_repo'),
  ggufRepo: row.text('gguf_repo'),
  otherRepos: row
    .text('other_repos')
    .split(/[;\s]+/)
    .filter(Boolean) as readonly string[],
});

export const models: readonly RubraModel[] = modelFacts.map(rubraModel);

export type FamilyInfo = ReturnType<typeof familyInfoOf>;

const familyInfoOf = (row: (typeof modelFacts)[number]) => ({
  family: row.text('family'),
  /** The route of the family's guide. */
  route: row.text('page_route'),
  /** The family's llama.cpp `--chat-template` value. */
  chatTemplate: row.text('llamacpp_chat_template'),
});

/** One entry per family, in the order the facts first name them; a family has one guide and one template. */
export const families: readonly FamilyInfo[] = modelFacts.reduce<FamilyInfo[]>((found, row) => {
  const info = familyInfoOf(row);
  const known = found.find((entry) => entry.family === info.family);
  if (!known) {
    return [...found, info];
  }
  if (known.route !== info.route || known.chatTemplate !== info.chatTemplate) {
    throw new FactError(
      `${row.where}: the ${info.family} family already has the guide ${known.route} and the template ${known.chatTemplate}`,
    );
  }
  return found;
}, []);

/** The prefix every Rubra model's name adds to its base model's name. */
export const RUBRA_PREFIX = 'Rubra ';

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
