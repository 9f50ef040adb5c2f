/**
 * The table models against the twins' figure check: every figure a model reads from
 * src/data is checked in the Markdown it writes, so a wrong cell in any column fails.
 */
import { describe, expect, it } from 'vitest';

import { families } from '@site/src/data/models';
import { tableFigureProblems } from '@site/src/plugins-lib/twins/figures';
import { dataComponents } from '@site/src/shared/tables';
import { tableMarkdown } from '@site/src/shared/tables/markdown';
import { inlineText } from '@site/src/shared/tables/html';
import type { AnyTableModel, Column } from '@site/src/shared/tables/model';
import { tableText } from '@site/src/plugins-lib/twins/mdx';
import { markdownReader } from '@site/src/plugins-lib/twins/remark';
import type { Table } from 'mdast';
import { allTableModels } from '../support/table-models';

/** The props each model is rendered with here: a family for the guides' tables. */
const family = families[0]?.family;

/** Every table model of src/shared/tables: the registry's and those pages name in <DataTable>. */
const models = await allTableModels(process.cwd());

function markdownTables(markdown: string): { header: string[]; rows: string[][] }[] {
  return markdownReader
    .parse(markdown)
    .children.filter((node): node is Table => node.type === 'table')
    .map(tableText);
}

describe.each(models.map((model) => [inlineText(model.caption({ family })), model] as const))(
  'the table model "%s"',
  (_name, model: AnyTableModel) => {
    const [table] = markdownTables(tableMarkdown(model, { family }));
    const checked = (model.columns as Column<unknown>[]).filter(
      (column) => !column.key && column.value && table?.header.includes(column.label),
    );

    it('writes a Markdown table the figure check reads as its own, and agrees with the data', () => {
      expect(table?.rows.length).toBeGreaterThan(0);
      expect(checked.length).toBeGreaterThan(0);
      expect(tableFigureProblems(table as { header: string[]; rows: string[][] }, models)).toEqual([]);
    });

    it('fails the figure check on a wrong figure in any column that reads src/data', () => {
      const { header, rows } = table as { header: string[]; rows: string[][] };
      for (const column of checked) {
        const index = header.indexOf(column.label);
        const wrong = rows.map((cells, row) =>
          row === 0 ? cells.map((cell, position) => (position === index ? `${cell}9` : cell)) : cells,
        );
        const problems = tableFigureProblems({ header, rows: wrong }, models);
        expect(problems, column.label).toHaveLength(1);
        expect(problems[0]).toContain(`, ${column.label}: the table says`);
        expect(problems[0]).toContain(model.source);
      }
    });
  },
);

describe('the registry', () => {
  it('names every table model under the tag whose Markdown writes it', () => {
    for (const [tag, component] of Object.entries(dataComponents)) {
      const props = { family: family ?? '' };
      const tables = markdownTables(component.markdown(props));
      expect(tables, tag).toHaveLength(component.tables.length);
    }
  });
});
