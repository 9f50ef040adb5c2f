/**
 * The HTML form of the data tables: a table model laid out as a tree of elements, which
 * the build writes into the pages as markup (src/plugins/static-tables). Classes are named
 * by their key in the tables' stylesheet (src/components/DataTable/styles.module.css).
 */
import { NOT_MEASURED_MARK } from './format';
import { cellContent, shownTable, type AnyTableModel, type Column, type Inline, type TableClass } from './model';

/**
 * An HTML element; attributes by their React names (`tabIndex`, `aria-label`, `data-…`).
 * The tag `Link` is the site's link to a route (`to`), which the client-side router follows.
 */
export interface HtmlElement {
  readonly tag: string;
  readonly className?: TableClass;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly children: readonly HtmlNode[];
}

/** A text or an element; each string is a text node of its own. */
export type HtmlNode = string | HtmlElement;

const element = (
  tag: string,
  children: readonly HtmlNode[],
  className?: TableClass,
  attributes: Readonly<Record<string, string>> = {},
): HtmlElement => ({ tag, className, attributes, children });

function inlineNodes(inline: Inline): HtmlNode[] {
  if (typeof inline === 'string') {
    return [inline];
  }
  if (Array.isArray(inline)) {
    return (inline as readonly Inline[]).flatMap(inlineNodes);
  }
  const node = inline as Exclude<Inline, string | readonly Inline[]>;
  if ('code' in node) return [element('code', [node.code])];
  if ('href' in node) {
    const route = node.href.startsWith('/');
    return [element(route ? 'Link' : 'a', [node.text], undefined, { [route ? 'to' : 'href']: node.href })];
  }
  if ('missing' in node) {
    return [
      element('span', [NOT_MEASURED_MARK], undefined, { 'aria-hidden': 'true' }),
      element('span', [node.missing], 'srOnly'),
    ];
  }
  if ('items' in node) {
    const items = node.items.map((item) => element('li', inlineNodes(item)));
    return node.bulleted ? [element('ul', items, 'plainList')] : node.items.flatMap(inlineNodes);
  }
  return inlineNodes(node.html);
}

/** The text of inline content as the page's readers get it, for labels (a caption as a region's name). */
export function inlineText(inline: Inline): string {
  const text = (nodes: readonly HtmlNode[]): string =>
    nodes.map((node) => (typeof node === 'string' ? node : text(node.children))).join('');
  return text(inlineNodes(inline));
}

/** The class of a column's cells and heading: figures align to the end. */
const alignClass = (column: Column<unknown>) => (column.align ? 'numeric' : undefined);

/**
 * A table model as an HTML table for the rows of the MDX tag's props, with the marker
 * of its look: the caption, a heading per column, and a row per data row
 * whose first cell is its row heading.
 */
function modelTable(model: AnyTableModel, of: unknown): HtmlElement {
  const { rows, columns } = shownTable<unknown, unknown>(model, of);
  const cell = (column: Column<unknown>, row: unknown) => inlineNodes(cellContent(column, row));
  const heading = (column: Column<unknown>) =>
    element('th', inlineNodes(column.heading ?? column.label), alignClass(column), { scope: 'col' });
  const bodyRow = (row: unknown) =>
    element(
      'tr',
      columns.map((column, position) =>
        position === 0
          ? element('th', cell(column, row), undefined, { scope: 'row' })
          : element('td', cell(column, row), alignClass(column)),
      ),
      undefined,
      model.rowAttributes?.(row),
    );
  return element(
    'table',
    [
      element('caption', inlineNodes(model.caption(of)), 'caption'),
      element('thead', [element('tr', columns.map(heading))]),
      element('tbody', rows.map(bodyRow)),
    ],
    'table',
    model.look?.marker ? { [`data-${model.look.marker}`]: '' } : {},
  );
}

/**
 * The `<DataTable model={…} />` tag of the pages: a table model in a box that scrolls
 * sideways, with its notes under the box. The box is a region named `name` or as the
 * model's `look` asks (it takes keyboard focus so that it can be scrolled); it holds the
 * tables of `models` when given, each table's margin spacing them apart. The tag's other
 * props choose the rows, as in the twin.
 */
export function dataTable(model: AnyTableModel, of: unknown, name?: string, models = [model]): HtmlElement {
  const region = model.look?.region;
  const label = name ?? (region === true ? inlineText(model.caption(of)) : region);
  const tables = models.map((table) => modelTable(table, of));
  const scroller = element(
    'div',
    tables,
    'scroller',
    label ? { role: 'region', 'aria-label': label, tabIndex: '0' } : {},
  );
  const items = (model.notes?.(of) ?? []).map((note) => element('li', inlineNodes(note)));
  return items.length > 0 ? element('div', [scroller, element('ul', items, 'notes')]) : scroller;
}
