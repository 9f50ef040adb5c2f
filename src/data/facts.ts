/**
 * The facts the site is built from, in src/data/facts/: one JSON file per table, one
 * record per row, every cell the text of the source table (an empty text is an empty
 * cell). This module is the schema: it checks each file's columns and cells when it is
 * loaded, so a bad fact fails the build, the dev server and the tests alike, with the
 * file, the row and the column in the message. models.ts and benchmarks.ts each read
 * their own files with it (so a page that shows models does not download the
 * benchmark figures) and type the rows; nothing else reads the files.
 */
export class FactError extends Error {
  override name = 'FactError';
}

/** How a cell must read. */
type CellRule = 'text' | 'optional text' | 'number' | 'optional number' | 'count' | readonly string[];

export type Schema = Record<string, CellRule>;

/** A row whose cells have been checked against its file's schema. */
export interface FactRow<S extends Schema> {
  /** Where the row is, for messages: `src/data/facts/models.json, row 3`. */
  where: string;
  /** The cell's text; a column of listed values gives one of them. */
  text<C extends keyof S & string>(column: C): S[C] extends readonly (infer V)[] ? V : string;
  /** The cell as a number; null for an empty cell of an optional column. */
  number(column: keyof S & string): number | null;
}

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
 * its rule says; returns the rows with typed accessors.
 */
export function readFacts<S extends Schema>(file: string, rows: unknown, schema: S): FactRow<S>[] {
  const path = `src/data/facts/${file}`;
  if (!Array.isArray(rows) || rows.length === 0) {
    throw new FactError(`${path}: expected a non-empty array of rows`);
  }
  const columns = Object.keys(schema);
  return rows.map((row: unknown, index) => {
    const where = `${path}, row ${index + 1}`;
    if (typeof row !== 'object' || row === null || Array.isArray(row)) {
      throw new FactError(`${where}: expected an object of cells`);
    }
    const cells = row as Record<string, unknown>;
    const extra = Object.keys(cells).filter((column) => !(column in schema));
    if (extra.length > 0) {
      throw new FactError(`${where}: unknown column ${extra.join(', ')} (the columns are ${columns.join(', ')})`);
    }
    for (const column of columns) {
      const value = cells[column];
      if (typeof value !== 'string') {
        throw new FactError(`${where}: column "${column}" is missing or not text`);
      }
      const problem = checkCell(schema[column] as CellRule, value);
      if (problem) {
        throw new FactError(`${where}: column "${column}" ${problem}, found "${value}"`);
      }
    }
    const text = (column: string) => cells[column] as string;
    return {
      where,
      text: text as FactRow<S>['text'],
      number: (column: string) => (text(column) === '' ? null : Number(text(column))),
    };
  });
}

export const MODEL_KINDS = ['rubra', 'base', 'other', 'closed'] as const;
/** The families of Rubra's models, each with its guide. */
export const MODEL_FAMILIES = ['Llama 3', 'Gemma', 'Mistral', 'Phi 3', 'Qwen 2'] as const;
/** The values of llama.cpp's `--chat-template` the families use. */
export const CHAT_TEMPLATES = ['llama3', 'gemma', 'llama2', 'phi3', 'chatml'] as const;
