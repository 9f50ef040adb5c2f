import { familyInfo, huggingFaceUrl, models } from '../../data/models';
import { formatCount } from '../../shared/format';
import { markdownLink, markdownTable } from '../../shared/markdown';

/** The Markdown form of `<EnhancedModels />`: every Rubra model, its repositories and its guide. */
export function enhancedModelsMarkdown(): string {
  return markdownTable({
    caption: 'Rubra enhanced models and where to get them',
    header: ['Model', 'Parameters', 'Context (tokens)', 'Weights', 'Guide'],
    rows: models.map((model) => [
      `Rubra ${model.model}`,
      model.params,
      formatCount(model.contextLength),
      [model.hfRepo, model.ggufRepo, ...model.otherRepos]
        .map((repo) => markdownLink(repo.split('/')[1] ?? repo, huggingFaceUrl(repo)))
        .join(', '),
      markdownLink(model.family, familyInfo(model.family).route),
    ]),
  });
}
