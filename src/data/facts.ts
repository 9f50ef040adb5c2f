/**
 * The facts the site is built from, in src/data/facts/: one JSON file per table, one
 * record per row, every cell the text of the source table (an empty text is an empty
 * cell). This module is the schema: it checks each file's columns and cells when it is
 * loaded, so a bad fact fails the build, the dev server and the tests alike, with the
 * file, the row and the column in the message. models.ts and benchmarks.ts each read
 * their own files with it (so a page that shows models does not download the
 * benchmark figures) and type the rows; nothing else reads the files.
 */
type CellRule = 'text' | 'optional text' | 'number' | 'optional number' | 'count' | readonly string[];

/** Each field of a row: the file's column it is read from and how that column's cells must read. */
export type Schema = Record<string, readonly [column: string, rule: CellRule]>;

/** A cell's value: its text (one of the listed values), or its number; null for an empty optional number. */
type CellValue<R> = R extends readonly (infer V)[]
  ? V
  : R extends 'optional number'
    ? number | null
    : R extends 'number' | 'count'
      ? number
      : string;

/** A row whose cells have been checked against its file's schema, as the schema's fields. */
export type FactRow<S extends Schema> = { -readonly [F in keyof S]: CellValue<S[F][1]> };

/** Where a row is, for messages: `src/data/facts/models.json, row 3`. */
export const rowWhere = (file: string, index: number): string => `src/data/facts/${file}, row ${index + 1}`;

function checkCell(rule: CellRule, value: string): string | null {
  if (Array.isArray(rule)) {
    return rule.includes(value) ? null : `must be one of ${rule.join(', ')}`;
  }
  if (value === '') {
    return rule === 'optional text' || rule === 'optional number' ? null : 'must not be empty';
  }
  if (value !== value.trim()) {
    return 'has spaces around its text';
  }
  if ((rule === 'number' || rule === 'optional number') && !/^-?\d+(\.\d+)?$/.test(value)) {
    return 'must be a decimal number';
  }
  if (rule === 'count' && !/^\d+$/.test(value)) {
    return 'must be a whole number';
  }
  return null;
}

/**
 * Checks a file's rows against its schema: exactly the schema's columns, each cell as
 * its rule says; returns the rows as the schema's fields, numbers read.
 */
export function readFacts<const S extends Schema>(file: string, rows: unknown, schema: S): FactRow<S>[] {
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new Error(`src/data/facts/${file}: expected a non-empty array of rows`);
  }
  const fields = Object.entries(schema);
  const columns = fields.map(([, [column]]) => column);
  return rows.map((row: unknown, index) => {
    const where = rowWhere(file, index);
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new Error(`${where}: expected an object of cells`);
    }
    const cells = row as Record<string, unknown>;
    const extra = Object.keys(cells).filter((column) => !columns.includes(column));
    if (extra.length > 0) {
      throw new Error(`${where}: unknown column ${extra.join(', ')} (the columns are ${columns.join(', ')})`);
    }
    const values = fields.map(([field, [column, rule]]) => {
      const value = cells[column];
      if (typeof value !== 'string') {
        throw new Error(`${where}: column "${column}" is missing or not text`);
      }
      const problem = checkCell(rule, value);
      if (problem) {
        throw new Error(`${where}: column "${column}" ${problem}, found "${value}"`);
      }
      const numeric = rule === 'number' || rule === 'optional number' || rule === 'count';
      return [field, !numeric ? value : value === '' ? null : Number(value)];
    });
    return Object.fromEntries(values) as FactRow<S>;
  });
}

export const MODEL_KINDS = ['rubra', 'base', 'other', 'closed'] as const;
/** The families of Rubra's models, each with its guide. */
export const MODEL_FAMILIES = ['Llama 3', 'Gemma', 'Mistral', 'Phi 3', 'Qwen 2'] as const;
/** The values of llama.cpp's `--chat-template` the families use. */
export const CHAT_TEMPLATES = ['llama3', 'gemma', 'llama2', 'phi3', 'chatml'] as const;
