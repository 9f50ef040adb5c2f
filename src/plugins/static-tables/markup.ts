/**
 * The markup of a page's static tables as a JavaScript module of its own: one React
 * component per table, which renders the elements of src/shared/tables/html.ts with
 * the tables' stylesheet's class names and the site's links. The page imports the
 * module; the bundler gives it a chunk of its own that loads with the page (see
 * `index.ts`), so the content chunk, which the site prefetches for every link in view,
 * stays as light as the page's text.
 */
import { isRouteLink, type HtmlNode } from '../../shared/tables/html';

/** The tables' stylesheet, whose class names the bundler gives the module. */
const STYLES_SOURCE = '@site/src/components/DataTable/styles.module.css';
/** The site's link, so a link to a route is followed by the client-side router. */
const LINK_SOURCE = '@docusaurus/Link';

/** The name under which the module's default export holds the component of the page's `index`-th table. */
export const tableName = (index: number): string => `table${index}`;

/** What the module's code reads besides React. */
type Needs = Record<'styles' | 'link', boolean>;

/** An element as a `createElement` call, its props and children written as literals. */
function elementCode(node: HtmlNode, needs: Needs): string {
  if (typeof node === 'string') {
    return JSON.stringify(node);
  }
  const children = node.children.map((child) => `, ${elementCode(child, needs)}`).join('');
  if (isRouteLink(node)) {
    needs.link = true;
    return `h(Link, { to: ${JSON.stringify(node.to)} }${children})`;
  }
  const classes = node.classes ?? [];
  needs.styles ||= classes.length > 0;
  const props = [
    ...(classes.length > 0 ? [`className: ${classes.map((key) => `styles.${key}`).join(' + " " + ')}`] : []),
    ...Object.entries(node.attributes ?? {}).map(
      ([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`,
    ),
  ];
  return `h(${JSON.stringify(node.tag)}, ${props.length > 0 ? `{ ${props.join(', ')} }` : 'null'}${children})`;
}

/** The module of a page's tables: its default export holds a component per table, `table0`, `table1`, … in the page's order. */
export function markupModule(tables: readonly HtmlNode[]): string {
  const needs: Needs = { styles: false, link: false };
  const components = tables.map(
    (table, index) => `function ${tableName(index)}() {\n  return ${elementCode(table, needs)};\n}\n`,
  );
  return [
    "import { createElement as h } from 'react';",
    ...(needs.link ? [`import Link from ${JSON.stringify(LINK_SOURCE)};`] : []),
    ...(needs.styles ? [`import styles from ${JSON.stringify(STYLES_SOURCE)};`] : []),
    '',
    ...components,
    `export default { ${tables.map((_, index) => tableName(index)).join(', ')} };`,
    '',
  ].join('\n');
}
