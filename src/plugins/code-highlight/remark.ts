/// <reference types="remark-mdx" />
import type { Expression, Property } from 'estree';
import type { Code, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

import { createCodeHighlighter } from '../../plugins-lib/highlight';
import { importNode } from '../../plugins-lib/mdx-import';
import type { PrismSettings } from '../../plugins-lib/prism-settings';

/**
 * Remark plugin: every fenced code block of a page becomes the theme's code block with
 * its code already highlighted, so the page's HTML carries the colours and the browser
 * needs no highlighter.
 */

/** The name the page imports the theme's code block under; MDX's own names start with `_`. */
const COMPONENT = 'HighlightedCodeBlock';
const COMPONENT_SOURCE = '@theme/CodeBlock';

type MdxJsxFlowElement = Extract<RootContent, { type: 'mdxJsxFlowElement' }>;

/** A JSON-like value as an ESTree expression, for an MDX attribute's compiled form. */
function valueToEstree(value: unknown): Expression {
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return { type: 'Literal', value, raw: JSON.stringify(value) };
  }
  if (Array.isArray(value)) {
    return { type: 'ArrayExpression', elements: value.map(valueToEstree) };
  }
  if (typeof value === 'object') {
    return {
      type: 'ObjectExpression',
      properties: Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .map(([key, entry]): Property => ({
          type: 'Property',
          key: { type: 'Literal', value: key, raw: JSON.stringify(key) },
          value: valueToEstree(entry),
          kind: 'init',
          method: false,
          shorthand: false,
          computed: false,
        })),
    };
  }
  throw new Error(`code-highlight: ${typeof value} cannot be written into a page`);
}

/** `<name attribute={value} />` as an MDX node, the value written as a literal. */
export function jsxElement(
  name: string,
  attribute: string,
  value: unknown,
  children: MdxJsxFlowElement['children'] = [],
): MdxJsxFlowElement {
  return {
    type: 'mdxJsxFlowElement',
    name,
    attributes: [
      {
        type: 'mdxJsxAttribute',
        name: attribute,
        value: {
          type: 'mdxJsxAttributeValueExpression',
          value: JSON.stringify(value),
          data: {
            estree: {
              type: 'Program',
              sourceType: 'module',
              body: [{ type: 'ExpressionStatement', expression: valueToEstree(value) }],
            },
          },
        },
      },
    ],
    children,
  };
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
