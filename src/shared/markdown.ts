/**
 * The Markdown form of the data tables: the same rows the React tables render,
 * written as GFM tables for the pages' Markdown twins.
 */

export interface TableData {
  /** Shown in bold above the table, as the caption is above the HTML table. */
  caption?: string;
  header: readonly string[];
  rows: readonly (readonly string[])[];
}

/** A cell may hold inline Markdown; only what would break the table is escaped. */
function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ');
}

export function markdownTable({ caption, header, rows }: TableData): string {
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const table = [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
  return caption ? `**${caption}**\n\n${table}` : table;
}

/** A Markdown link. */
export function markdownLink(text: string, href: string): string {
  return `[${text.replace(/([[\]])/g, '\\$1')}](${href})`;
}

/** Inline code, fenced with enough backticks for its content. */
export function inlineCode(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return longest > 0 ? `${fence} ${text} ${fence}` : `${fence}${text}${fence}`;
}
