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

function codeBlockNode(highlighted: unknown): MdxJsxFlowElement {
  return jsxElement(COMPONENT, 'highlighted', highlighted);
}

/** The remark step, with the site's `themeConfig.prism`, the settings the plugin reads too. */
export function remarkCodeHighlight(prism: PrismSettings) {
  const { highlight } = createCodeHighlighter(prism);
  return (tree: Root, file: VFile): void => {
    let blocks = 0;
    visit(tree, 'code', (node: Code, index, parent) => {
      if (parent === undefined || index === undefined) {
        return;
      }
      try {
        const highlighted = highlight(node.value, {
          language: node.lang ?? undefined,
          metastring: node.meta ?? undefined,
        });
        (parent.children as RootContent[])[index] = codeBlockNode(highlighted);
      } catch (error) {
        const line = node.position ? `:${node.position.start.line}` : '';
        throw new Error(`${file.path}${line}: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
      blocks += 1;
    });
    if (blocks > 0) {
      tree.children.unshift(importNode(COMPONENT, COMPONENT_SOURCE));
    }
  };
}
