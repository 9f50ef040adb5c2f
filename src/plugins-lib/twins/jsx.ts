/** A page's JSX as the twins and the static tables read it, and the bold labels of the twins. */
import type { Paragraph, PhrasingContent, RootContent } from 'mdast';

/** Where in the source a node starts, for messages. */
export type At = Pick<RootContent, 'position'>;

/** Stops the conversion with a problem, at a node's line. */
export type Fail = (problem: string, node?: At) => never;

/** A component's Markdown form: Markdown text, block or inline as the component is used. */
export type ComponentMarkdown = (props: Readonly<Record<string, string | true>>) => string;

/** A JSX element of a page, as remark-mdx reads it: in flow (a block) or in text (inline). */
export type JsxElement = Extract<RootContent, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

/** The MDX tag of a plain data table, which a page imports from src/components/DataTable with its model. */
export const DATA_TABLE_TAG = 'DataTable';

export const MODEL_PROP = 'model';

/** The name a `<DataTable>` element gives its model (`model={name}`), or undefined when it gives none. */
export function dataTableModelName(element: JsxElement): string | undefined {
  const attribute = element.attributes.find((candidate) => 'name' in candidate && candidate.name === MODEL_PROP);
  const value = attribute?.value;
  if (typeof value !== 'object' || value === null || value.type !== 'mdxJsxAttributeValueExpression') {
    return undefined;
  }
  const name = value.value.trim();
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : undefined;
}

export function strong(label: string): PhrasingContent {
  return { type: 'strong', children: [{ type: 'text', value: label }] };
}

/** A paragraph of one bold label: how tabs, details blocks and admonitions are titled in the twins. */
export function labelParagraph(label: string): Paragraph {
  return { type: 'paragraph', children: [strong(label)] };
}

/** An element's props as text values (`true` for a bare attribute), all but `skip`; an expression stops with `fail`. */
export function propsOf(node: JsxElement, fail: Fail, skip?: string): Record<string, string | true> {
  const props: Record<string, string | true> = {};
  for (const attribute of node.attributes.filter((candidate) => !('name' in candidate) || candidate.name !== skip)) {
    if (attribute.type !== 'mdxJsxAttribute' || !attribute.name) {
      return fail(`<${node.name}> spreads an expression into its props; write each prop out`, node);
    }
    if (attribute.value === null || attribute.value === undefined) {
      props[attribute.name] = true;
    } else if (typeof attribute.value === 'string') {
      props[attribute.name] = attribute.value;
    } else {
      return fail(
        `<${node.name} ${attribute.name}={…}> takes an expression; the Markdown twin needs a text value`,
        node,
      );
    }
  }
  return props;
}
