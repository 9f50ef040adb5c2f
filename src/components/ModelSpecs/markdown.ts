import { RUBRA_PREFIX } from '../../data/benchmarks';
import { huggingFaceUrl, modelsOf, type ModelFamily } from '../../data/models';
import { formatCount } from '../../shared/format';
import { markdownLink, markdownTable } from '../../shared/markdown';

const repoLink = (repo: string): string => markdownLink(repo, huggingFaceUrl(repo));

/** The Markdown form of `<ModelSpecs family>`: the specification table and the repositories table. */
export function modelSpecsMarkdown({ family }: { family: ModelFamily }): string {
  const models = modelsOf(family);
  if (models.length === 0) {
    throw new Error(`ModelSpecs: no models of the family "${family}" in src/data/models.ts`);
  }
  const hasOtherRepos = models.some((model) => model.otherRepos.length > 0);
  const specs = markdownTable({
    caption: `${family}: specifications of the base models`,
    header: [
      'Model',
      'Parameters',
      'Context length (tokens)',
      'Grouped-query attention',
      'Training tokens',
      'Knowledge cutoff',
    ],
    rows: models.map((model) => [
      model.model,
      model.params,
      formatCount(model.contextLength),
      model.gqa,
      model.trainingTokens,
      model.knowledgeCutoff,
    ]),
  });
  const repos = markdownTable({
    caption: `${family}: Rubra models on Hugging Face`,
    header: ['Rubra model', 'Full weights', 'GGUF (llama.cpp)', ...(hasOtherRepos ? ['AWQ'] : [])],
    rows: models.map((model) => [
      `${RUBRA_PREFIX}${model.model}`,
      repoLink(model.hfRepo),
      repoLink(model.ggufRepo),
      ...(hasOtherRepos ? [model.otherRepos.map(repoLink).join(', ') || 'none'] : []),
    ]),
  });
  return `${specs}\n\n${repos}`;
}
