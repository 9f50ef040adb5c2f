/**
 * The dev server renders pages in the browser only: under `npm start`, each page's
 * Markdown twin (the build's `/x.md`) is rendered here into a plain page (title, headings
 * with the HTML page's ids, text, code, tables) with a built page's search metadata, so
 * the dev server indexes the build's text with the same indexer.
 */
import { escapeUTF8 } from 'entities';
import type { Heading, RootContent } from 'mdast';

import { headingIds, readPage, textOf } from '../../plugins-lib/twins/remark';
import type { Twin } from '../../plugins-lib/twins/twins';

function blockHtml(node: RootContent, ids: ReadonlyMap<Heading, string>): string {
  const inner = (nodes: readonly RootContent[]) => nodes.map((child) => blockHtml(child, ids)).join('');
  switch (node.type) {
    case 'heading':
      return `<h${node.depth} id="${escapeUTF8(ids.get(node) ?? '')}">${escapeUTF8(textOf(node))}</h${node.depth}>`;
    case 'paragraph':
      return `<p>${escapeUTF8(node.children.map((child) => (child.type === 'break' ? ' ' : textOf(child))).join(''))}</p>`;
    case 'code':
      return `<pre><code>${escapeUTF8(node.value)}</code></pre>`;
    case 'table':
      return `<table>${node.children
        .map((row) => `<tr>${row.children.map((cell) => `<td>${escapeUTF8(textOf(cell))}</td>`).join('')}</tr>`)
        .join('')}</table>`;
    case 'list':
      return `<ul>${node.children.map((item) => `<li>${inner(item.children)}</li>`).join('')}</ul>`;
    case 'blockquote':
      return `<blockquote>${inner(node.children)}</blockquote>`;
    default:
      return 'children' in node ? inner(node.children as RootContent[]) : '';
  }
}

export function twinPageHtml(twin: Pick<Twin, 'title' | 'body' | 'tag'>, locale: string): string {
  const page = readPage(twin.body, 'markdown');
  const ids = headingIds(page);
  return [
    `<!doctype html><html lang="${escapeUTF8(locale)}"><head><title>${escapeUTF8(twin.title)}</title>`,
    `<meta name="docusaurus_locale" content="${escapeUTF8(locale)}">`,
    `<meta name="docusaurus_tag" content="${escapeUTF8(twin.tag)}">`,
    `</head><body><main><article><h1>${escapeUTF8(twin.title)}</h1>`,
    page.tree.children.map((node) => blockHtml(node, ids)).join('\n'),
    '</article></main></body></html>',
  ].join('');
}
