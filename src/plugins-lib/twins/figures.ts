/**
 * Checks the figures of a Markdown table, written by a component or typed into the MDX,
 * against src/data: a table that reads as a table model (its first heading and a figure
 * column) has each cell compared with the value the model reads for the row its key
 * columns name.
 */
import { NOT_MEASURED_MARK, NOT_MEASURED_TEXT } from '../../shared/tables/format';
import type { AnyTableModel, Column, Figure } from '../../shared/tables/model';
import type { TableText } from './mdx';

/** A cell matches a figure when it reads the same number (separators and trailing zeros aside). */
function matches(cell: string, expected: Figure): boolean {
  const text = cell.trim();
  if (expected === null) {
    return text === NOT_MEASURED_MARK || text === NOT_MEASURED_TEXT;
  }
  if (typeof expected === 'string') {
    return text === expected;
  }
  return text !== '' && Number(text.replace(/,/g, '')) === expected;
}

type AnyColumn = Column<unknown>;

/** Every difference between a table's figures and the data of the models it reads as, as readable problems. */
export function tableFigureProblems({ header, rows }: TableText, models: readonly AnyTableModel[]): string[] {
  const problems = new Set<string>();
  for (const model of models) {
    const columns = model.columns as AnyColumn[];
    // The key columns with their positions in the header. The table reads as the model
    // when it has the model's first heading, every key column and a figure column.
    const keys = columns.filter((column) => column.key).map((key) => [key, header.indexOf(key.label)] as const);
    const applies =
      header[0] === columns[0]?.label &&
      keys.every(([, index]) => index >= 0) &&
      columns.some((column) => !column.key && column.value && header.includes(column.label));
    if (!applies) {
      continue;
    }
    for (const cells of rows) {
      // The data row the table row describes, by its key cells.
      const row = (model.data as unknown[]).find((candidate) =>
        keys.every(([column, index]) => {
          const text = cells[index] ?? '';
          const name = typeof column.key === 'function' ? column.key(text) : text.trim();
          return String(column.value?.(candidate)) === name;
        }),
      );
      if (row === undefined) {
        problems.add(`the row "${cells[0]}" names no model of ${model.source}`);
        continue;
      }
      for (const column of columns) {
        const index = header.indexOf(column.label);
        if (column.key || !column.value || index < 0) {
          continue;
        }
        const figure = column.value(row);
        const cell = cells[index] ?? '';
        if (!matches(cell, figure)) {
          const wanted = figure === null ? NOT_MEASURED_MARK : String(figure);
          problems.add(`"${cells[0]}", ${column.label}: the table says "${cell}", ${model.source} says "${wanted}"`);
        }
      }
    }
  }
  return [...problems];
}
