/** Admonitions (`:::kind[Title]` … `:::`, paragraphs of their own) read in a twin as a blockquote titled by kind. */
import type { RootContent } from 'mdast';

import { labelParagraph, type Fail } from './jsx';
import { textOf } from './remark';

const ADMONITION_OPEN = /^:::(note|tip|info|warning|danger|caution)(?:\[(.*)\])?$/;

/** The nodes of one parent with each admonition grouped into its blockquote. */
export function groupAdmonitions(nodes: RootContent[], fail: Fail): RootContent[] {
  const result: RootContent[] = [];
  const open: { kind: string; title: string; body: RootContent[]; node: RootContent }[] = [];
  for (const node of nodes) {
    const text = node.type === 'paragraph' ? textOf(node).trim() : '';
    const opening = ADMONITION_OPEN.exec(text);
    if (opening) {
      open.push({ kind: opening[1] ?? 'note', title: opening[2] ?? '', body: [], node });
      continue;
    }
    const closed = text === ':::' ? open.pop() : undefined;
    const target = open.at(-1)?.body ?? result;
    if (closed) {
      const kind = closed.kind.charAt(0).toUpperCase() + closed.kind.slice(1);
      const heading = closed.title ? `${kind}: ${closed.title}` : kind;
      target.push({ type: 'blockquote', children: [labelParagraph(heading), ...(closed.body as never[])] });
      continue;
    }
    if (text.startsWith(':::')) {
      fail(`"${text.split('\n')[0]}" is not an admonition this converter knows; write it on its own line`, node);
    }
    target.push(node);
  }
  const unclosed = open.at(-1);
  if (unclosed) {
    fail(`the admonition ":::${unclosed.kind}" is never closed`, unclosed.node);
  }
  return result;
}
