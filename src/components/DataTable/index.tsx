import Link from '@docusaurus/Link';
import clsx from 'clsx';
import { Fragment, type ReactNode } from 'react';

import { NOT_MEASURED_MARK } from '@site/src/shared/tables/format';
import {
  cellContent,
  inlineText,
  visibleColumns,
  type AnyTableModel,
  type Column,
  type Inline,
  type TableModel,
} from '@site/src/shared/tables/model';
import table from './styles.module.css';

interface InlineProps {
  inline: Inline;
  /** The class of a bulleted list of items. */
  listClassName?: string | undefined;
}

/** Inline content of a table model as the page shows it. */
export function InlineContent({ inline, listClassName }: InlineProps): ReactNode {
  const render = (child: Inline): ReactNode => <InlineContent inline={child} listClassName={listClassName} />;
  if (typeof inline === 'string') {
    return inline;
  }
  if (Array.isArray(inline)) {
    return (inline as readonly Inline[]).map((child, index) => <Fragment key={index}>{render(child)}</Fragment>);
  }
  const node = inline as Exclude<Inline, string | readonly Inline[]>;
  if ('code' in node) return <code>{node.code}</code>;
  if ('href' in node) return <a href={node.href}>{node.text}</a>;
  if ('to' in node) return <Link to={node.to}>{node.text}</Link>;
  if ('missing' in node) {
    return (
      <>
        <span aria-hidden="true">{NOT_MEASURED_MARK}</span>
        <span className={table.srOnly}>{node.missing}</span>
      </>
    );
  }
  if ('items' in node) {
    const items = node.items.map((item, index) =>
      node.bulleted ? <li key={index}>{render(item)}</li> : <Fragment key={index}>{render(item)}</Fragment>,
    );
    return node.bulleted ? <ul className={listClassName}>{items}</ul> : items;
  }
  return render(node.html);
}

/** The class of a column's cells, or of its heading: figures align to the end. */
export function alignClass<Row>(column: Column<Row>, heading = false): string | undefined {
  const end = column.align === 'end' && !(heading && column.headingAlign === 'start');
  return end ? table.numeric : undefined;
}

type DataAttributes = { [name: `data-${string}`]: string };

type ModelTableProps<Row, Props> = {
  model: TableModel<Row, Props>;
  /** The MDX tag's props, which choose the rows. */
  of: Props;
  className: string | undefined;
  listClassName?: string;
  /** Attributes of each row, for styles and tests. */
  rowAttributes?: (row: Row) => DataAttributes;
} & DataAttributes;

/**
 * A table model as an HTML table, rendered on the server: the caption, a heading per
 * column, and a row per data row whose first cell is its row heading.
 */
export function ModelTable<Row, Props>({
  model,
  of,
  className,
  listClassName,
  rowAttributes,
  ...attributes
}: ModelTableProps<Row, Props>): ReactNode {
  const rows = model.rows(of);
  const columns = visibleColumns(model.columns, rows);
  const cell = (column: Column<Row>, row: Row) => (
    <InlineContent inline={cellContent(column, row)} listClassName={listClassName} />
  );
  return (
    <table className={className} {...attributes}>
      <caption className={table.caption}>
        <InlineContent inline={model.caption(of)} />
      </caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.label} scope="col" className={alignClass(column, true)}>
              {column.heading ? <InlineContent inline={column.heading} /> : column.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={index} {...rowAttributes?.(row)}>
            {columns.map((column, position) =>
              position === 0 ? (
                <th key={column.label} scope="row">
                  {cell(column, row)}
                </th>
              ) : (
                <td key={column.label} className={alignClass(column)}>
                  {cell(column, row)}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type DataTableTagProps = {
  model: AnyTableModel;
} & Readonly<Record<string, unknown>>;

/**
 * The `<DataTable model={…} />` tag of the pages, which import it with the model
 * (so pages without a table load none of this): a table model in its scrolling box, laid out as the
 * model's `look` asks, with the model's notes under the box. The tag's other props
 * choose the rows, as in the twin.
 */
export default function DataTable({ model, ...of }: DataTableTagProps): ReactNode {
  const look = model.look ?? {};
  const name = look.region === true ? inlineText(model.caption(of)) : look.region;
  const region = name ? { role: 'region', 'aria-label': name, tabIndex: 0 } : {};
  const marker = look.marker ? { [`data-${look.marker}`]: '' } : {};
  const tableElement = (
    <ModelTable
      model={model}
      of={of}
      className={clsx(
        table.table,
        look.textSize === 'page' && table.pageText,
        look.rowHeadings === 'nowrap' && table.nowrapRowHeadings,
        look.margin === 'theme' && table.themeMargin,
      )}
      {...(look.lists === 'plain' ? { listClassName: table.plainList } : {})}
      {...(model.rowAttributes ? { rowAttributes: model.rowAttributes } : {})}
      {...marker}
    />
  );
  if (!model.notes) {
    return (
      <div className={clsx(table.wrapper, table.scroller)} {...region}>
        {tableElement}
      </div>
    );
  }
  const notes = model.notes(of);
  return (
    <div className={table.wrapper}>
      <div className={table.scroller} {...region}>
        {tableElement}
      </div>
      {notes.length > 0 && (
        <ul className={table.notes}>
          {notes.map((note, index) => (
            <li key={index}>
              <InlineContent inline={note} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
