/**
 * The Markdown form of every MDX component the docs use, by the name the pages
 * give it. Each form lives beside its component and reads the same data.
 */
import { benchmarkChartMarkdown } from '../../components/BenchmarkChart/markdown';
import { benchmarkTableMarkdown } from '../../components/BenchmarkTable/markdown';
import { chatTemplateOfMarkdown, chatTemplatesMarkdown } from '../../components/ChatTemplates/markdown';
import { enhancedModelsMarkdown } from '../../components/EnhancedModels/markdown';
import { familyBenchmarksMarkdown } from '../../components/FamilyBenchmarks/markdown';
import { modelSpecsMarkdown } from '../../components/ModelSpecs/markdown';
import { mtBenchPairwiseMarkdown } from '../../components/MtBenchPairwise/markdown';
import { familyInfo, type ModelFamily } from '../../data/models';
import type { ComponentMarkdown, ComponentProps } from './jsx';

function family(props: ComponentProps): ModelFamily {
  const value = props.family;
  if (typeof value !== 'string') {
    throw new Error('the family prop is missing');
  }
  // Throws, naming the known families, when the value is not one of them.
  return familyInfo(value as ModelFamily).family;
}

export const componentMarkdown: Readonly<Record<string, ComponentMarkdown>> = {
  BenchmarkChart: () => benchmarkChartMarkdown(),
  BenchmarkTable: () => benchmarkTableMarkdown(),
  ChatTemplates: () => chatTemplatesMarkdown(),
  ChatTemplateOf: (props) => chatTemplateOfMarkdown({ family: family(props) }),
  EnhancedModels: () => enhancedModelsMarkdown(),
  FamilyBenchmarks: (props) => familyBenchmarksMarkdown({ family: family(props) }),
  ModelSpecs: (props) => modelSpecsMarkdown({ family: family(props) }),
  MtBenchPairwise: (props) => mtBenchPairwiseMarkdown(props.family === undefined ? {} : { family: family(props) }),
};
