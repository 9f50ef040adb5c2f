import Link from '@docusaurus/Link';
import clsx from 'clsx';
import { Fragment, type ReactNode } from 'react';

import { alignClasses, type HtmlNode } from '@site/src/shared/tables/html';
import type { Column, TableClass } from '@site/src/shared/tables/model';
import table from './styles.module.css';

/**
 * The tables' markup (src/shared/tables/html.ts) as React elements, for the tables
 * that render in the browser; the static tables are written into the pages by the
 * build from the same markup and this stylesheet.
 */
const classNames = (classes: readonly TableClass[] = []): string | undefined =>
  clsx(classes.map((name) => table[name])) || undefined;

/** Markup of the tables as React elements, with the stylesheet's class names. */
export function HtmlContent({ nodes }: { nodes: readonly HtmlNode[] }): ReactNode {
  return nodes.map((node, index) => {
    if (typeof node === 'string') {
      return <Fragment key={index}>{node}</Fragment>;
    }
    const Tag = (node.tag === 'Link' ? Link : node.tag) as 'span';
    return (
      <Tag key={index} className={classNames(node.classes)} {...node.attributes}>
        <HtmlContent nodes={node.children} />
      </Tag>
    );
  });
}

/** The class of a column's cells, or of its heading: figures align to the end. */
export function alignClass<Row>(column: Column<Row>, heading = false): string | undefined {
  return classNames(alignClasses(column, heading));
}
