/**
 * A model's answer as Markdown (CommonMark with GitHub's tables, read by mdast-util-from-markdown),
 * rendered to React elements only: raw HTML stays text (a `<script>` in an answer is shown,
 * never run), and a link becomes a link only when it goes to a page of this site; any
 * other link, and an image, shows as its text with its address.
 */
import Link from '@docusaurus/Link';
import type { Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { createElement, Fragment, type ReactNode } from 'react';

import { siteHref } from './links';

function children(node: Parents, siteUrl: string): ReactNode[] {
  return node.children.map((child, index) => render(child as Nodes, siteUrl, index));
}

/** The nodes that are elements, outermost first, around their children or text (none for a void element). */
const ELEMENTS: Partial<Record<Nodes['type'], string[]>> = {
  paragraph: ['p'],
  blockquote: ['blockquote'],
  emphasis: ['em'],
  strong: ['strong'],
  inlineCode: ['code'],
  thematicBreak: ['hr'],
  break: ['br'],
  // The dialog has its own headings: an answer's are bold lines within it.
  heading: ['p', 'strong'],
  code: ['pre', 'code'],
};

function render(node: Nodes, siteUrl: string, key: number): ReactNode {
  // Raw HTML is text, as text is.
  const content = 'children' in node ? children(node, siteUrl) : 'value' in node ? node.value : undefined;
  const tags = ELEMENTS[node.type];
  if (tags) {
    return tags.reduceRight<ReactNode>(
      (inner, tag, depth) => createElement(tag, depth ? null : { key }, inner),
      content,
    );
  }
  switch (node.type) {
    case 'list':
      return createElement(node.ordered ? 'ol' : 'ul', { key, start: node.start ?? undefined }, content);
    case 'listItem':
      // A tight list's paragraphs are its items' text, without a paragraph's margins.
      return (
        <li key={key}>
          {node.spread
            ? content
            : node.children.flatMap((child, index) =>
                child.type === 'paragraph' ? children(child, siteUrl) : [render(child, siteUrl, index)],
              )}
        </li>
      );
    case 'table': {
      // The first row is the head.
      const [head, ...body] = node.children.map((row, index) => (
        <tr key={index}>
          {row.children.map((cell, column) =>
            createElement(
              index === 0 ? 'th' : 'td',
              { key: column, style: node.align?.[column] ? { textAlign: node.align[column] } : undefined },
              children(cell, siteUrl),
            ),
          )}
        </tr>
      ));
      return (
        <table key={key}>
          {head ? <thead>{head}</thead> : null}
          <tbody>{body}</tbody>
        </table>
      );
    }
    case 'link': {
      const target = siteHref(node.url, siteUrl);
      return target ? (
        <Link key={key} to={target}>
          {content}
        </Link>
      ) : (
        <Fragment key={key}>
          {content} ({node.url})
        </Fragment>
      );
    }
    case 'image':
      return `${node.alt ?? ''} (${node.url})`;
    default:
      return 'children' in node ? <Fragment key={key}>{content}</Fragment> : content;
  }
}

export default function Markdown({ text, siteUrl }: { text: string; siteUrl: string }): ReactNode {
  const tree = fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  return children(tree, siteUrl);
}
