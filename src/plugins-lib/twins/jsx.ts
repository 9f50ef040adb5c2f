/**
 * JSX and expressions in the twins: the elements a page writes by hand (tabs,
 * details, inline HTML) become their Markdown reading, a registered component
 * becomes its own Markdown form, and `{a.b}` becomes the text it reads.
 */
import type { Paragraph, Parent, PhrasingContent, Root, RootContent, Text } from 'mdast';

import { tableMarkdown } from '../../shared/tables/markdown';
import type { AnyTableModel } from '../../shared/tables/model';
import { parseMarkdown, textOf } from './remark';

/** Where in the source a node starts, for messages. */
export interface At {
  position?: { start: { line: number } };
}

/** Stops the conversion with a problem, at a node's line. */
export type Fail = (problem: string, node?: At) => never;

type ComponentProps = Readonly<Record<string, string | true>>;

/** A component's Markdown form: Markdown text, block or inline as the component is used. */
export type ComponentMarkdown = (props: ComponentProps) => string;

/** A JSX element of a page, as remark-mdx reads it: in flow (a block) or in text (inline). */
export type JsxElement = Extract<RootContent, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

/** The MDX tag of a plain data table, which a page imports from src/components/DataTable with its model. */
export const DATA_TABLE_TAG = 'DataTable';

/** The prop of the tag that names the model. */
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

type ExpressionNode = Extract<RootContent, { type: 'mdxFlowExpression' | 'mdxTextExpression' }>;

/** What converting JSX needs of the page's conversion. */
export interface JsxConversion {
  /** The Markdown form of each MDX component, by the name the page uses. */
  components: Readonly<Record<string, ComponentMarkdown>>;
  /** The table model of each `<DataTable model={name}>` of the page, by `name` (`table-models.ts` finds them). */
  tableModels: ReadonlyMap<string, AnyTableModel>;
  /** Values that `{a.b}` expressions may read. */
  scope: Readonly<Record<string, unknown>>;
  fail: Fail;
  /** Converts a parent's children in place. */
  convert: (parent: Parent) => void;
  /** Checks the figures of the tables a component wrote; `what` names the component. */
  checkTables: (tree: Root, what: string, at: At) => void;
}

/** Inline HTML elements whose text is kept as it is. */
const TEXT_ELEMENTS = new Set(['kbd', 'span', 'abbr', 'sub', 'sup', 'small', 'mark']);

function strong(label: string): PhrasingContent {
  return { type: 'strong', children: [{ type: 'text', value: label }] };
}

/** A paragraph of one bold label: how tabs, details blocks and admonitions are titled in the twins. */
export function labelParagraph(label: string): Paragraph {
  return { type: 'paragraph', children: [strong(label)] };
}

function describeProps(props: ComponentProps): string {
  return Object.entries(props)
    .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${value}"`))
    .join('');
}

/** An expression as the text of the scope value it reads; nothing for a comment. */
export function expressionNodes(node: ExpressionNode, { scope, fail }: JsxConversion): RootContent[] {
  const code = node.value.trim();
  if (code === '' || /^\/\*[\s\S]*\*\/$/.test(code)) {
    return [];
  }
  const path = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(code) ? code.split('.') : null;
  let value: unknown = path ? scope : undefined;
  for (const key of path ?? []) {
    value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
  }
  if (typeof value !== 'string' && typeof value !== 'number') {
    return fail(`the expression {${code}} has no Markdown rendering (only text values of the scope can be read)`, node);
  }
  const text: Text = { type: 'text', value: String(value) };
  return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [text] }] : [text];
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

function childrenOf(node: JsxElement, conversion: JsxConversion): RootContent[] {
  const wrapper = { type: 'root', children: node.children } as Root;
  conversion.convert(wrapper);
  return wrapper.children;
}

/** An element as the Markdown nodes that read as it does. */
export function elementNodes(node: JsxElement, conversion: JsxConversion): RootContent[] {
  const { fail } = conversion;
  const name = node.name;
  const isInline = node.type === 'mdxJsxTextElement';
  if (name === null || name === 'Tabs' || name === 'details' || TEXT_ELEMENTS.has(name)) {
    return childrenOf(node, conversion);
  }
  if (name === 'TOCCollapsible') {
    // The theme's contents list is navigation: a twin's own headings are its contents.
    return [];
  }
  if (name === 'TabItem') {
    const { label, value } = propsOf(node, fail);
    const title = typeof label === 'string' ? label : typeof value === 'string' ? value : null;
    return [labelParagraph(title ?? fail('<TabItem> needs a label', node)), ...childrenOf(node, conversion)];
  }
  if (name === 'summary') {
    // A details block reads as a section under its summary, in bold.
    const label = textOf({ type: 'root', children: node.children }).trim();
    return [isInline ? strong(label) : labelParagraph(label)];
  }
  if (name === 'p') {
    const content = childrenOf(node, conversion);
    return isInline ? content : [{ type: 'paragraph', children: content as PhrasingContent[] }];
  }
  if (name === 'code') {
    return [{ type: 'inlineCode', value: textOf({ type: 'root', children: node.children }) }];
  }
  if (name === DATA_TABLE_TAG) {
    return dataTableNodes(node, conversion);
  }
  const render = conversion.components[name];
  if (!render) {
    return fail(
      `<${name}> has no Markdown rendering: write a plain table as <${DATA_TABLE_TAG} model={…} /> for a model of src/shared/tables, or register the component with its Markdown form in src/shared/tables/index.ts`,
      node,
    );
  }
  return componentNodes(node, name, render, propsOf(node, fail), conversion);
}

/** A `<DataTable model={name} …>` as its model's Markdown table, for the rows the other props choose. */
function dataTableNodes(node: JsxElement, conversion: JsxConversion): RootContent[] {
  const { fail } = conversion;
  const name = dataTableModelName(node) ?? fail(`<${DATA_TABLE_TAG}> needs model={name}`, node);
  const model =
    conversion.tableModels.get(name) ??
    fail(`<${DATA_TABLE_TAG}> names the model "${name}", which was not loaded`, node);
  const props = propsOf(node, fail, MODEL_PROP);
  return componentNodes(node, DATA_TABLE_TAG, (of) => tableMarkdown(model, of), props, conversion);
}

/** A component as its own Markdown form, with the figures of its tables checked. */
function componentNodes(
  node: JsxElement,
  name: string,
  render: ComponentMarkdown,
  props: ComponentProps,
  conversion: JsxConversion,
): RootContent[] {
  const { fail } = conversion;
  let markdown: string;
  try {
    markdown = render(props);
  } catch (error) {
    return fail(
      `<${name}> could not be rendered as Markdown: ${error instanceof Error ? error.message : String(error)}`,
      node,
    );
  }
  const rendered = parseMarkdown(markdown);
  conversion.convert(rendered);
  conversion.checkTables(rendered, `the Markdown table of <${name}${describeProps(props)}>`, node);
  if (node.type === 'mdxJsxFlowElement') {
    return rendered.children;
  }
  const [first, ...rest] = rendered.children;
  if (!first || rest.length > 0 || first.type !== 'paragraph') {
    return fail(`<${name}> is used inline, but its Markdown form is not a single line of text`, node);
  }
  return first.children;
}
