/**
 * The Markdown form of the data tables: the same models the HTML tables are laid
 * out from (`html.ts`), written as GFM tables for the pages' Markdown twins.
 */
import { NOT_MEASURED_MARK } from './format';
import { cellContent, shownTable, type Inline, type TableModel } from './model';

interface TableData {
  /** Shown in bold above the table, as the caption is above the HTML table. */
  caption?: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

export function markdownTable({ caption, header, rows }: TableData): string {
  // A cell may hold inline Markdown; only what would break the table is escaped.
  const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const table = [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
  return caption ? `**${caption}**\n\n${table}` : table;
}

/** Inline code, fenced with enough backticks for its content. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}

function inlineMarkdown(inline: Inline): string {
  if (typeof inline === 'string') {
    return inline;
  }
  if (Array.isArray(inline)) {
    return (inline as readonly Inline[]).map(inlineMarkdown).join('');
  }
  const node = inline as Exclude<Inline, string | readonly Inline[]>;
  if ('code' in node) return inlineCode(node.code);
  // A link's brackets in its text are escaped.
  if ('href' in node) return `[${node.text.replace(/([[\]])/g, '\\$1')}](${node.href})`;
  if ('missing' in node) return NOT_MEASURED_MARK;
  if ('items' in node) return node.items.map(inlineMarkdown).join(', ');
  return inlineMarkdown(node.markdown);
}

/** A table model as a GFM table, for the rows of the MDX tag's props, with its notes as a list under it. */
export function tableMarkdown<Row, Props>(model: TableModel<Row, Props>, props: Props): string {
  const { rows, columns } = shownTable(model, props);
  const table = markdownTable({
    caption: inlineMarkdown(model.caption(props)),
    header: columns.map((column) => inlineMarkdown(column.heading ?? column.label)),
    rows: rows.map((row) => columns.map((column) => inlineMarkdown(cellContent(column, row)))),
  });
  const list = (model.notes?.(props) ?? []).map((note) => `- ${inlineMarkdown(note)}`).join('\n');
  return list ? `${table}\n\n${list}` : table;
}
