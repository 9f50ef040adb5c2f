/**
 * Rubra's enhanced models, one entry per row of src/data/facts/models.json.
 * The model pages, the home page table and the benchmark page all read from here.
 */
import { CHAT_TEMPLATES, MODEL_FAMILIES, readFacts, rowWhere } from './facts';
import modelsFile from './facts/models.json';

export const modelFacts = readFacts('models.json', modelsFile, {
  family: ['family', MODEL_FAMILIES],
  /** The route of the family's guide. */
  route: ['page_route', 'text'],
  /** The base (parent) model's name; the Rubra model is "Rubra " + this name. */
  model: ['model', 'text'],
  params: ['params', 'text'],
  /** Context length in tokens. */
  contextLength: ['context_length', 'count'],
  gqa: ['gqa', 'text'],
  trainingTokens: ['training_tokens', 'text'],
  knowledgeCutoff: ['knowledge_cutoff', 'text'],
  /** Hugging Face repository ids, owner/name. */
  hfRepo: ['hf_repo', 'text'],
  ggufRepo: ['gguf_repo', 'text'],
  otherRepos: ['other_repos', 'optional text'],
  /** The family's llama.cpp `--chat-template` value. */
  chatTemplate: ['llamacpp_chat_template', CHAT_TEMPLATES],
});

export type ModelFamily = (typeof MODEL_FAMILIES)[number];

export const models = modelFacts.map((row) => ({
  ...row,
  otherRepos: row.otherRepos.split(/[;\s]+/).filter(Boolean) as readonly string[],
}));

export type RubraModel = (typeof models)[number];

export type FamilyInfo = Pick<RubraModel, 'family' | 'route' | 'chatTemplate'>;

/** One entry per family, in the order the facts first name them; a family has one guide and one template. */
export const families: FamilyInfo[] = [];
models.forEach(({ family, route, chatTemplate }, index) => {
  const known = families.find((entry) => entry.family === family);
  if (!known) {
    families.push({ family, route, chatTemplate });
  } else if (known.route !== route || known.chatTemplate !== chatTemplate) {
    throw new Error(
      `${rowWhere('models.json', index)}: the ${family} family already has the guide ${known.route} and the template ${known.chatTemplate}`,
    );
  }
});

/** The prefix every Rubra model's name adds to its base model's name. */
export const RUBRA_PREFIX = 'Rubra ';

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
