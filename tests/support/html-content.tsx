import Link from '@docusaurus/Link';
import { Fragment, type ReactNode } from 'react';

import table from '@site/src/components/DataTable/styles.module.css';
import type { HtmlNode } from '@site/src/shared/tables/html';

/**
 * The tables' markup (src/shared/tables/html.ts) as React elements, with the stylesheet's
 * class names and the site's links: what the build's table modules render.
 */
export function HtmlContent({ nodes }: { nodes: readonly HtmlNode[] }): ReactNode {
  return nodes.map((node, index) => {
    if (typeof node === 'string') {
      return <Fragment key={index}>{node}</Fragment>;
    }
    const Tag = (node.tag === 'Link' ? Link : node.tag) as 'span';
    return (
      <Tag key={index} className={node.className && table[node.className]} {...node.attributes}>
        <HtmlContent nodes={node.children} />
      </Tag>
    );
  });
}
