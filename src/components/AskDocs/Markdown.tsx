/**
 * A model's answer as Markdown (CommonMark with GitHub's tables, read by mdast-util-from-markdown),
 * rendered to React elements only: raw HTML stays text (a `<script>` in an answer is shown,
 * never run), and a link becomes a link only when it goes to a page of this site; any
 * other link, and an image, shows as its text with its address.
 */
import Link from '@docusaurus/Link';
import type { Nodes, Parents, PhrasingContent, Table } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTable } from 'micromark-extension-gfm-table';
import { Fragment, type ReactNode } from 'react';

import { siteHref } from './links';

function children(node: Parents, siteUrl: string): ReactNode[] {
  return node.children.map((child, index) => render(child as Nodes, siteUrl, index));
}

function table(node: Table, siteUrl: string, key: number): ReactNode {
  const [head, ...body] = node.children;
  const cells = (row: Table['children'][number], Cell: 'th' | 'td') =>
    row.children.map((cell, index) => (
      <Cell key={index} style={node.align?.[index] ? { textAlign: node.align[index] } : undefined}>
        {children(cell, siteUrl)}
      </Cell>
    ));
  return (
    <table key={key}>
      {head ? (
        <thead>
          <tr>{cells(head, 'th')}</tr>
        </thead>
      ) : null}
      <tbody>
        {body.map((row, index) => (
          <tr key={index}>{cells(row, 'td')}</tr>
        ))}
      </tbody>
    </table>
  );
}

function plainText(nodes: PhrasingContent[]): string {
  return nodes
    .map((node) => ('value' in node ? node.value : 'children' in node ? plainText(node.children) : ''))
    .join('');
}

function render(node: Nodes, siteUrl: string, key: number): ReactNode {
  switch (node.type) {
    case 'paragraph':
      return <p key={key}>{children(node, siteUrl)}</p>;
    case 'heading':
      // The dialog has its own headings: an answer's are bold lines within it.
      return (
        <p key={key}>
          <strong>{children(node, siteUrl)}</strong>
        </p>
      );
    case 'blockquote':
      return <blockquote key={key}>{children(node, siteUrl)}</blockquote>;
    case 'list':
      return node.ordered ? (
        <ol key={key} start={node.start ?? undefined}>
          {children(node, siteUrl)}
        </ol>
      ) : (
        <ul key={key}>{children(node, siteUrl)}</ul>
      );
    case 'listItem':
      // A tight list's paragraphs are its items' text, without a paragraph's margins.
      return (
        <li key={key}>
          {node.spread
            ? children(node, siteUrl)
            : node.children.flatMap((child, index) =>
                child.type === 'paragraph' ? children(child, siteUrl) : [render(child, siteUrl, index)],
              )}
        </li>
      );
    case 'code':
      return (
        <pre key={key}>
          <code>{node.value}</code>
        </pre>
      );
    case 'table':
      return table(node, siteUrl, key);
    case 'thematicBreak':
      return <hr key={key} />;
    case 'emphasis':
      return <em key={key}>{children(node, siteUrl)}</em>;
    case 'strong':
      return <strong key={key}>{children(node, siteUrl)}</strong>;
    case 'inlineCode':
      return <code key={key}>{node.value}</code>;
    case 'break':
      return <br key={key} />;
    case 'link': {
      const target = siteHref(node.url, siteUrl);
      return target ? (
        <Link key={key} to={target}>
          {children(node, siteUrl)}
        </Link>
      ) : (
        `${plainText(node.children)} (${node.url})`
      );
    }
    case 'image':
      return `${node.alt ?? ''} (${node.url})`;
    case 'text':
    case 'html':
      return node.value;
    default:
      return 'children' in node ? <Fragment key={key}>{children(node, siteUrl)}</Fragment> : null;
  }
}

export default function Markdown({ text, siteUrl }: { text: string; siteUrl: string }): ReactNode {
  const tree = fromMarkdown(text, { extensions: [gfmTable()], mdastExtensions: [gfmTableFromMarkdown()] });
  return children(tree, siteUrl);
}
