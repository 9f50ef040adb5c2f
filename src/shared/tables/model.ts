/**
 * What a data table is, written once for both of its forms: the HTML table of the
 * page (`html.ts`) and the Markdown table of the page's twin (`markdown.ts`). A table
 * model names its rows in src/data and its columns (label, value, format,
 * alignment); the renderers on either side only lay it out.
 */
import { NOT_MEASURED_TEXT } from './format';

/**
 * A cell's or caption's content, as data both renderers understand. An array is
 * a sequence (each string a text node of its own in the HTML).
 */
export type Inline =
  | string
  | readonly Inline[]
  /** Inline code. */
  | { readonly code: string }
  /** A link: off the site, or to a route of the site when `href` starts with a slash. */
  | { readonly href: string; readonly text: string }
  /** Nothing to show: a dash for the eye, these words for assistive technology. */
  | { readonly missing: string }
  /** Several items: a comma-separated list in Markdown; in the HTML, side by side or a plain bulleted list. */
  | { readonly items: readonly Inline[]; readonly bulleted?: true }
  /** Where the two forms differ by design: the page's marks and links against the twin's plain words. */
  | { readonly html: Inline; readonly markdown: Inline };

/** The classes of the tables' stylesheet (src/components/DataTable/styles.module.css). */
export type TableClass = 'scroller' | 'table' | 'caption' | 'numeric' | 'srOnly' | 'plainList' | 'notes';

/** A figure as src/data holds it: `null` is "not measured". */
export type Figure = number | string | null;

export interface Column<Row> {
  /** The heading, as a reader and the twins' figure check read it. */
  label: string;
  /** The heading's content when it has markup (inline code); its text must read as `label`. */
  heading?: Inline;
  /** The figure from src/data this column shows; the twins' check compares each cell with it. */
  value?: (row: Row) => Figure;
  /** A numeric figure as text; `String` when not given. Text figures show as they are. */
  format?: (value: number) => string;
  /** What the cell shows when it is more than the formatted figure (links, code, marks). */
  cell?: (row: Row) => Inline;
  /** `end`: figures and their heading, right-aligned. */
  align?: 'end';
  /**
   * The column names the row: the check finds the data row whose value equals the
   * cell's text, after this function takes the table's own marks off it.
   */
  key?: true | ((cellText: string) => string);
  /** The column is shown only when this holds for the rows of the table. */
  when?: (rows: readonly Row[]) => boolean;
}

export interface TableModel<Row, Props = Record<string, never>> {
  /** The file the figures come from, for the twins' messages. */
  source: string;
  /** Every row the figures may be checked against. */
  data: readonly Row[];
  /** The rows this table shows for the MDX tag's props; all of `data` when not given. */
  rows?: (props: Props) => readonly Row[];
  caption: (props: Props) => Inline;
  columns: readonly Column<Row>[];
  /**
   * Notes under the table, one list item each, for the rows of the MDX tag's props.
   * A model with notes keeps them outside the table's scrolling box.
   */
  notes?: (props: Props) => readonly Inline[];
  /** Attributes of each row on the page, for styles and tests. */
  rowAttributes?: (row: Row) => { [name: `data-${string}`]: string };
  /** How the page lays the table out in its box, which scrolls sideways; the twin has no use for it. */
  look?: {
    /** The box is a region with this name (`true`: the caption's text), which takes focus so it can be scrolled. */
    region?: string | true;
    /** An attribute `data-<marker>` on the table, for tests and styles. */
    marker?: string;
  };
}

/** A table model of any row type, as the registry and the figure check hold it. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each model is checked with its own row type where it is written
export type AnyTableModel = TableModel<any, any>;

/**
 * Whether a value (a module's export, as the twins load it) is a table model, so a
 * page's `<DataTable model={…}>` can be checked at build time; each model's own type
 * checks the rest of its shape where it is written.
 */
export function isTableModel(value: unknown): value is AnyTableModel {
  const model = value as Partial<Record<keyof AnyTableModel, unknown>> | null | undefined;
  return typeof model?.source === 'string' && typeof model.caption === 'function' && Array.isArray(model.columns);
}

/** The rows a table shows for the MDX tag's props, and the columns shown for those rows. */
export function shownTable<Row, Props>(model: TableModel<Row, Props>, props: Props) {
  const rows = model.rows?.(props) ?? model.data;
  return { rows, columns: model.columns.filter((column) => column.when?.(rows) ?? true) };
}

/** What a cell shows: its own content, the formatted figure, or the mark of a figure that was not measured. */
export function cellContent<Row>(column: Column<Row>, row: Row): Inline {
  if (column.cell) {
    return column.cell(row);
  }
  const value = column.value?.(row) ?? null;
  if (value === null) {
    return { missing: NOT_MEASURED_TEXT };
  }
  return typeof value === 'number' ? (column.format ?? String)(value) : value;
}
