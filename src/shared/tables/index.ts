/**
 * The MDX tags that render data beyond what one table model holds (several tables in
 * one box, a chart, sorting and filtering, a figure in running text), by the tag the
 * pages use: each one's table models, its Markdown form, written from those models,
 * and for a tag with no interaction its HTML form, which the build writes into the
 * page in place of the tag (src/plugins/static-tables), so a page imports nothing for
 * it. The twins read this registry, the twins' figure check reads every model in it,
 * and the content checks find the components' files through it. A plain table needs
 * no entry: the page writes `<DataTable model={…} />` for the model it imports.
 */
import { familyInfo, type FamilyInfo, type ModelFamily } from '../../data/models';
import { benchmarkChartTable, CHART_CAPTION } from './benchmark-chart';
import { benchmarkNotes, benchmarkTable, TOOL_OBSERVATION_MARK, TOOL_OBSERVATION_TEXT } from './benchmarks';
import { dataTable, type HtmlNode } from './html';
import { inlineCode, tableMarkdown } from './markdown';
import type { AnyTableModel } from './model';
import { modelRepos, modelSpecs } from './model-specs';

/** An MDX tag's props as the twins read them: strings, or `true` for a bare attribute. */
type MdxProps = Readonly<Record<string, string | true>>;

interface DataComponent {
  /** The tables the component renders; empty for one that writes a figure into running text. */
  tables: readonly AnyTableModel[];
  /** Markdown text, block or inline as the tag is used. */
  markdown: (props: MdxProps) => string;
  /** The markup of a tag with no interaction, which the build writes in its place; a tag without one is a component. */
  html?: (props: MdxProps) => HtmlNode;
}

/** The family the tag's `family` prop names, also its tables' props; throws, naming the known ones, for another. */
function familyOf(props: MdxProps): FamilyInfo {
  if (typeof props.family !== 'string') {
    throw new Error('the family prop is missing');
  }
  return familyInfo(props.family as ModelFamily);
}

const blocks = (...parts: string[]): string => parts.filter(Boolean).join('\n\n');

export const dataComponents: Readonly<Record<string, DataComponent>> = {
  BenchmarkChart: {
    tables: [benchmarkChartTable],
    markdown: () => blocks(tableMarkdown(benchmarkChartTable, {}), CHART_CAPTION),
  },
  BenchmarkTable: {
    tables: [benchmarkTable],
    markdown: () =>
      blocks(
        tableMarkdown(benchmarkTable, {}),
        `${TOOL_OBSERVATION_MARK} ${TOOL_OBSERVATION_TEXT}`,
        benchmarkNotes.map((note, index) => `${index + 1}. ${note}`).join('\n'),
      ),
  },
  // One family's llama.cpp chat template as inline code, for use in running text.
  ChatTemplateOf: {
    tables: [],
    markdown: (props) => inlineCode(familyOf(props).chatTemplate),
    html: (props) => ({ tag: 'code', children: [familyOf(props).chatTemplate] }),
  },
  // A family's specification table and the repositories of its Rubra models, in one box.
  ModelSpecs: {
    tables: [modelSpecs, modelRepos],
    markdown: (props) => blocks(tableMarkdown(modelSpecs, familyOf(props)), tableMarkdown(modelRepos, familyOf(props))),
    html: (props) =>
      dataTable(modelSpecs, familyOf(props), `${props.family} specifications and downloads`, [modelSpecs, modelRepos]),
  },
};

/** Every table model of the registry, once. */
export const tableModels: readonly AnyTableModel[] = [
  ...new Set(Object.values(dataComponents).flatMap((component) => component.tables)),
];
