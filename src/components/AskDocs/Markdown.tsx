/**
 * A model's answer as Markdown, rendered to React elements only: raw HTML stays text (a
 * `<script>` in an answer is shown, never run), and a link becomes a link only when it
 * goes to a page of this site; any other link shows as its text with its address.
 */
import Link from '@docusaurus/Link';
import { Fragment, type ReactNode } from 'react';

import { siteHref } from './links';

const INLINE = /(`[^`\n]+`)|\*\*([^*\n]+)\*\*|\*([^*\n]+)\*|\[([^\]\n]+)\]\(([^)\s]+)\)/g;

function inline(text: string, siteUrl: string): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(INLINE)) {
    const [whole, code, strong, em, label, href] = match;
    if (match.index > last) {
      nodes.push(text.slice(last, match.index));
    }
    const key = match.index;
    if (code) {
      nodes.push(<code key={key}>{code.slice(1, -1)}</code>);
    } else if (strong) {
      nodes.push(<strong key={key}>{strong}</strong>);
    } else if (em) {
      nodes.push(<em key={key}>{em}</em>);
    } else if (label && href) {
      const target = siteHref(href, siteUrl);
      nodes.push(
        target ? (
          <Link key={key} to={target}>
            {label}
          </Link>
        ) : (
          <Fragment key={key}>
            {label} ({href})
          </Fragment>
        ),
      );
    } else {
      nodes.push(whole);
    }
    last = match.index + whole.length;
  }
  nodes.push(text.slice(last));
  return nodes;
}

type Block =
  | { kind: 'code'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; text: string };

function blocks(markdown: string): Block[] {
  const lines = markdown.replace(/\r\n?/g, '\n').split('\n');
  const result: Block[] = [];
  let index = 0;
  while (index < lines.length) {
    const line = lines[index] ?? '';
    if (line.trim() === '') {
      index += 1;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').startsWith('```')) {
        body.push(lines[index] ?? '');
        index += 1;
      }
      index += 1;
      result.push({ kind: 'code', text: body.join('\n') });
    } else if (/^#{1,6}\s/.test(line)) {
      result.push({ kind: 'heading', text: line.replace(/^#+\s+/, '') });
      index += 1;
    } else if (/^\s*([-*+]|\d+[.)])\s/.test(line)) {
      const ordered = /^\s*\d/.test(line);
      const items: string[] = [];
      while (index < lines.length && /^\s*([-*+]|\d+[.)])\s/.test(lines[index] ?? '')) {
        items.push((lines[index] ?? '').replace(/^\s*([-*+]|\d+[.)])\s+/, ''));
        index += 1;
      }
      result.push({ kind: 'list', ordered, items });
    } else {
      const text: string[] = [];
      while (
        index < lines.length &&
        (lines[index] ?? '').trim() !== '' &&
        !/^(```|#{1,6}\s|\s*([-*+]|\d+[.)])\s)/.test(lines[index] ?? '')
      ) {
        text.push(lines[index] ?? '');
        index += 1;
      }
      result.push({ kind: 'paragraph', text: text.join('\n') });
    }
  }
  return result;
}

export default function Markdown({ text, siteUrl }: { text: string; siteUrl: string }): ReactNode {
  return blocks(text).map((block, index) => {
    if (block.kind === 'code') {
      return <pre key={index}>{block.text}</pre>;
    }
    if (block.kind === 'heading') {
      return (
        <p key={index}>
          <strong>{inline(block.text, siteUrl)}</strong>
        </p>
      );
    }
    if (block.kind === 'list') {
      const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{inline(item, siteUrl)}</li>);
      return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
    return <p key={index}>{inline(block.text, siteUrl)}</p>;
  });
}
