/// <reference types="remark-mdx" />
import type { Code, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

import { createCodeHighlighter } from '../../plugins-lib/highlight';
import { importNode, mdxNode } from '../../plugins-lib/twins/remark';
import type { PrismSettings } from '../../plugins-lib/prism-settings';

/** Remark plugin: every fenced code block becomes the theme's code block, highlighted already. */

/** The name the page imports the theme's code block under; MDX's own names start with `_`. */
const COMPONENT = 'HighlightedCodeBlock';
const COMPONENT_SOURCE = '@theme/CodeBlock';

type MdxJsxFlowElement = Extract<RootContent, { type: 'mdxJsxFlowElement' }>;

/** `<name attribute={value} />` as an MDX node, the value written as a JSON literal (without its `undefined` entries). */
export function jsxElement(
  name: string,
  attribute: string,
  value: unknown,
  children: MdxJsxFlowElement['children'] = [],
): MdxJsxFlowElement {
  const element = mdxNode(`<${name} ${attribute}={${JSON.stringify(value)}} />`) as MdxJsxFlowElement;
  return { ...element, children };
}

/** Puts the element `replace` gives, if any, in place of each code block, and imports its component when one was. */
export function replaceCodeBlocks(
  tree: Root,
  file: VFile,
  component: string,
  source: string,
  replace: (node: Code) => MdxJsxFlowElement | undefined,
): void {
  let replaced = false;
  visit(tree, 'code', (node: Code, index, parent) => {
    if (parent === undefined || index === undefined) {
      return;
    }
    try {
      const element = replace(node);
      if (element) {
        (parent.children as RootContent[])[index] = element;
        replaced = true;
      }
    } catch (error) {
      const where = `${file.path}${node.position ? `:${node.position.start.line}` : ''}`;
      throw new Error(`${where}: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  });
  if (replaced) {
    tree.children.unshift(importNode(component, source));
  }
}

/** The remark step, with the site's `themeConfig.prism`, the settings the plugin reads too. */
export function remarkCodeHighlight(prism: PrismSettings) {
  const { highlight } = createCodeHighlighter(prism);
  return (tree: Root, file: VFile): void =>
    replaceCodeBlocks(tree, file, COMPONENT, COMPONENT_SOURCE, (node) =>
      jsxElement(
        COMPONENT,
        'highlighted',
        highlight(node.value, { language: node.lang ?? undefined, metastring: node.meta ?? undefined }),
      ),
    );
}
