/** A family's specifications and the repositories of its Rubra models, on its guide (`<ModelSpecs family />`). */
import { RUBRA_PREFIX, familyInfo, models, modelsOf, type ModelFamily, type RubraModel } from '../../data/models';
import { formatCount } from './format';
import type { Inline, TableModel } from './model';

export const SOURCE = 'src/data/models.ts';

/** A model's cell names it with or without the Rubra prefix; the data holds the base model's name. */
export const baseName = (cell: string): string => cell.trim().replace(new RegExp(`^${RUBRA_PREFIX}`), '');

/** A repository on Hugging Face, owner/name. */
export const repoLink = (repo: string, text = repo): Inline => ({ href: `https://huggingface.co/${repo}`, text });

type FamilyProps = { family: ModelFamily };

/** A guide's rows: the family's models; a family the data does not know stops the build, naming the known ones. */
const familyModels = ({ family }: FamilyProps) => modelsOf(familyInfo(family).family);

export const modelSpecs = {
  source: SOURCE,
  data: models,
  rows: familyModels,
  caption: ({ family }) => [family, ': specifications of the base models'],
  columns: [
    { label: 'Model', value: (model) => model.model, key: baseName },
    { label: 'Parameters', value: (model) => model.params },
    { label: 'Context length (tokens)', value: (model) => model.contextLength, format: formatCount, align: 'end' },
    { label: 'Grouped-query attention', value: (model) => model.gqa },
    { label: 'Training tokens', value: (model) => model.trainingTokens },
    { label: 'Knowledge cutoff', value: (model) => model.knowledgeCutoff },
  ],
  look: { marker: 'model-specs' },
} satisfies TableModel<RubraModel, FamilyProps>;

export const modelRepos = {
  source: SOURCE,
  data: models,
  rows: familyModels,
  caption: ({ family }) => [family, ': Rubra models on Hugging Face'],
  columns: [
    {
      label: 'Rubra model',
      value: (model) => model.model,
      cell: (model) => [RUBRA_PREFIX, model.model],
      key: baseName,
    },
    { label: 'Full weights', value: (model) => model.hfRepo, cell: (model) => repoLink(model.hfRepo) },
    { label: 'GGUF (llama.cpp)', value: (model) => model.ggufRepo, cell: (model) => repoLink(model.ggufRepo) },
    {
      label: 'AWQ',
      cell: (model) =>
        model.otherRepos.length === 0
          ? { html: { missing: 'none' }, markdown: 'none' }
          : { items: model.otherRepos.map((repo) => repoLink(repo)) },
      when: (rows) => rows.some((model) => model.otherRepos.length > 0),
    },
  ],
  look: { marker: 'model-repos' },
} satisfies TableModel<RubraModel, FamilyProps>;
