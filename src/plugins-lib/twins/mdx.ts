/**
 * MDX to plain Markdown for the pages' twins: imports, exports and comments go; tabs,
 * details and inline HTML read as Markdown; a registered component becomes its Markdown
 * form and `{a.b}` the text it reads; admonitions become blockquotes, links absolute,
 * and headings keep the page's anchors.
 */
import type { Heading, Parent, PhrasingContent, RootContent, Table, Text } from 'mdast';
import { visit } from 'unist-util-visit';

import { tableMarkdown } from '../../shared/tables/markdown';
import type { AnyTableModel } from '../../shared/tables/model';
import { groupAdmonitions } from './admonitions';
import { HeadingIds } from '@rubra/twin-reader';
import {
  DATA_TABLE_TAG,
  dataTableModelName,
  labelParagraph,
  MODEL_PROP,
  propsOf,
  strong,
  type At,
  type ComponentMarkdown,
  type JsxElement,
} from './jsx';
import { pageLinkUrl, type LinkBase } from './links';
import { markdownReader, markdownWriter, readPage, textOf, type ReadPage } from './remark';
import { TwinError } from './twin-error';

export interface MdxToMarkdownOptions extends LinkBase {
  /** The source file, relative to the site, for error messages. */
  file: string;
  /** The route of a relative link to a `.md`/`.mdx` source, or undefined when no page has that source. */
  resolveSourceLink: (target: string) => string | undefined;
  /** The Markdown form of each MDX component, by the name the page uses. */
  components: Readonly<Record<string, ComponentMarkdown>>;
  /** The table model of each `<DataTable model={name}>` of the page, by `name` (`table-models.ts` finds them). */
  tableModels?: ReadonlyMap<string, AnyTableModel>;
  /** Values that `{a.b}` expressions may read. */
  scope: Readonly<Record<string, unknown>>;
  /** Returns the problems of a table's figures; each one fails the twin. */
  checkTable?: (table: TableText) => string[];
}

/** Inline HTML elements whose text is kept as it is. */
const TEXT_ELEMENTS = new Set(['kbd', 'span', 'abbr', 'sub', 'sup', 'small', 'mark']);

/** A table's cells as text: its header row and its other rows. */
export function tableText(table: Table) {
  const [head, ...body] = table.children.map((row) => row.children.map((cell) => textOf(cell).trim()));
  return { header: head ?? [], rows: body };
}

export type TableText = ReturnType<typeof tableText>;

/** Reads a docs source; a source that does not parse throws, naming the file. */
export function readMdx(source: string, file: string): ReadPage {
  try {
    return readPage(source, 'mdx');
  } catch (error) {
    throw new TwinError(file, `the MDX does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Converts one MDX page, as its source or as `readMdx` read it, to Markdown,
 * without its title (the caller adds `# Title`). The tree read is converted in place.
 */
export function mdxToMarkdown(source: string | ReadPage, options: MdxToMarkdownOptions): string {
  const fail = (problem: string, node?: At): never => {
    throw new TwinError(options.file, problem, node?.position?.start.line);
  };
  const { tree, givenIds } = typeof source === 'string' ? readMdx(source, options.file) : source;

  /** Tables that components wrote: their figures are checked under the component's name, at its line. */
  const written = new Map<Table, { what: string; at: At }>();

  const converted = (nodes: RootContent[]): RootContent[] => groupAdmonitions(nodes.flatMap(convertNode), fail);

  const convertNode = (node: RootContent): RootContent[] => {
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return expressionNodes(node);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return elementNodes(node);
      case 'heading':
        if (node.depth === 1) {
          // The page title is added by the caller, from the page's metadata.
          return [];
        }
        break;
      case 'link':
      case 'image':
      case 'definition':
        node.url =
          pageLinkUrl(node.url, options) ?? fail(`the link "${node.url}" names no page among the docs sources`, node);
        break;
    }
    if ('children' in node) {
      (node as Parent).children = converted(node.children);
    }
    return [node];
  };

  /** An expression as the text of the scope value it reads; nothing for a comment. */
  const expressionNodes = (
    node: Extract<RootContent, { type: 'mdxFlowExpression' | 'mdxTextExpression' }>,
  ): RootContent[] => {
    const code = node.value.trim();
    if (code === '' || /^\/\*[\s\S]*\*\/$/.test(code)) {
      return [];
    }
    let value: unknown = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(code) ? options.scope : undefined;
    for (const key of code.split('.')) {
      value = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;
    }
    if (typeof value !== 'string' && typeof value !== 'number') {
      return fail(
        `the expression {${code}} has no Markdown rendering (only text values of the scope can be read)`,
        node,
      );
    }
    const text: Text = { type: 'text', value: String(value) };
    return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [text] }] : [text];
  };

  /** An element as the Markdown nodes that read as it does. */
  const elementNodes = (node: JsxElement): RootContent[] => {
    const name = node.name;
    const isInline = node.type === 'mdxJsxTextElement';
    if (name === null || name === 'Tabs' || name === 'details' || TEXT_ELEMENTS.has(name)) {
      return converted(node.children);
    }
    if (name === 'TOCCollapsible') {
      // The theme's contents list is navigation: a twin's own headings are its contents.
      return [];
    }
    if (name === 'TabItem') {
      const { label, value } = propsOf(node, fail);
      const title = typeof label === 'string' ? label : typeof value === 'string' ? value : null;
      return [labelParagraph(title ?? fail('<TabItem> needs a label', node)), ...converted(node.children)];
    }
    if (name === 'summary') {
      // A details block reads as a section under its summary, in bold.
      const label = textOf(node).trim();
      return [isInline ? strong(label) : labelParagraph(label)];
    }
    if (name === 'p') {
      const content = converted(node.children);
      return isInline ? content : [{ type: 'paragraph', children: content as PhrasingContent[] }];
    }
    if (name === 'code') {
      return [{ type: 'inlineCode', value: textOf(node) }];
    }
    if (name === DATA_TABLE_TAG) {
      // A `<DataTable model={name} …>` is its model's Markdown table, for the rows the other props choose.
      const modelName = dataTableModelName(node) ?? fail(`<${DATA_TABLE_TAG}> needs model={name}`, node);
      const model =
        options.tableModels?.get(modelName) ??
        fail(`<${DATA_TABLE_TAG}> names the model "${modelName}", which was not loaded`, node);
      return componentNodes(node, (props) => tableMarkdown(model, props), propsOf(node, fail, MODEL_PROP));
    }
    const render = options.components[name];
    if (!render) {
      return fail(
        `<${name}> has no Markdown rendering: write a plain table as <${DATA_TABLE_TAG} model={…} /> for a model of src/shared/tables, or register the component with its Markdown form in src/shared/tables/index.ts`,
        node,
      );
    }
    return componentNodes(node, render, propsOf(node, fail));
  };

  /** A component as its own Markdown form. */
  const componentNodes = (
    node: JsxElement,
    render: ComponentMarkdown,
    props: Parameters<ComponentMarkdown>[0],
  ): RootContent[] => {
    const name = node.name ?? '';
    let markdown: string;
    try {
      markdown = render(props);
    } catch (error) {
      return fail(
        `<${name}> could not be rendered as Markdown: ${error instanceof Error ? error.message : String(error)}`,
        node,
      );
    }
    const rendered = markdownReader.parse(markdown);
    rendered.children = converted(rendered.children);
    const described = Object.entries(props)
      .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${value}"`))
      .join('');
    visit(rendered, 'table', (table) => {
      written.set(table, { what: `the Markdown table of <${name}${described}>`, at: node });
    });
    if (node.type === 'mdxJsxFlowElement') {
      return rendered.children;
    }
    const [first, ...rest] = rendered.children;
    if (!first || rest.length > 0 || first.type !== 'paragraph') {
      return fail(`<${name}> is used inline, but its Markdown form is not a single line of text`, node);
    }
    return first.children;
  };

  tree.children = converted(tree.children);
  const anchors = new HeadingIds();
  visit(tree, (node) => {
    if (node.type.startsWith('mdx')) {
      fail(`a ${node.type} node is left after the conversion`, node);
    }
    if (node.type === 'table') {
      const { what, at } = written.get(node) ?? { what: 'a Markdown table in the page', at: node };
      const problems = options.checkTable?.(tableText(node)) ?? [];
      if (problems.length > 0) {
        fail(`${what} differs from the data: ${problems.join('; ')}`, at);
      }
    }
    // ` {#id}` after each heading whose page anchor a reader of the twin would not compute.
    const suffix = node.type === 'heading' ? anchors.twinSuffix(textOf(node), givenIds.get(node)) : '';
    if (suffix) {
      (node as Heading).children.push({ type: 'text', value: suffix });
    }
  });
  return markdownWriter.stringify(tree).trim();
}
