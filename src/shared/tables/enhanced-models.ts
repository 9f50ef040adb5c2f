/** Every Rubra model, with its repositories and its guide, on the home page. */
import { familyInfo, models, type RubraModel } from '../../data/models';
import { formatCount } from './format';
import type { TableModel } from './model';
import { SOURCE, baseName, repoLink } from './model-specs';

export const enhancedModels = {
  source: SOURCE,
  data: models,
  caption: () => 'Rubra enhanced models and where to get them',
  columns: [
    { label: 'Model', value: (model) => model.model, cell: (model) => ['Rubra ', model.model], key: baseName },
    { label: 'Parameters', value: (model) => model.params },
    { label: 'Context (tokens)', value: (model) => model.contextLength, format: formatCount },
    {
      label: 'Weights',
      cell: (model) => ({
        items: [model.hfRepo, model.ggufRepo, ...model.otherRepos].map((repo) =>
          repoLink(repo, repo.split('/')[1] ?? repo),
        ),
        bulleted: true,
      }),
    },
    {
      label: 'Guide',
      value: (model) => model.family,
      cell: (model) => ({ href: familyInfo(model.family).route, text: model.family }),
    },
  ],
} satisfies TableModel<RubraModel>;
