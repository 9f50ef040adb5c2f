/**
 * MDX to plain Markdown for the pages' twins, through the remark toolchain: the
 * MDX is parsed, our components are replaced by their own Markdown forms, JSX,
 * imports, exports and comments are dropped, and links are made absolute.
 */
import type { Heading, Parent, PhrasingContent, Root, RootContent, Table, Text } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { TwinHeadingIds } from './heading-ids';

/** Raised when a page cannot be turned into Markdown; the message names the file and the problem. */
export class TwinError extends Error {
  constructor(
    readonly file: string,
    problem: string,
    line?: number,
  ) {
    super(`Markdown twin of ${file}${line ? ` (line ${line})` : ''}: ${problem}`);
    this.name = 'TwinError';
  }
}

export type ComponentProps = Readonly<Record<string, string | true>>;

/** A component's Markdown form: Markdown text, block or inline as the component is used. */
export type ComponentMarkdown = (props: ComponentProps) => string;

export interface TableText {
  header: string[];
  rows: string[][];
}

export interface MdxToMarkdownOptions {
  /** The source file, relative to the site, for error messages. */
  file: string;
  /** The page's absolute URL: in-page anchors are resolved against it. */
  pageUrl: string;
  /** The site's origin and base path, with no trailing slash: `https://docs.rubra.ai`. */
  siteRoot: string;
  /** The route of a relative link to a `.md`/`.mdx` source, or undefined when no page has that source. */
  resolveSourceLink: (target: string) => string | undefined;
  /** The Markdown form of each MDX component, by the name the page uses. */
  components: Readonly<Record<string, ComponentMarkdown>>;
  /** Values that `{a.b}` expressions in the MDX may read. */
  scope: Readonly<Record<string, unknown>>;
  /** Returns the problems of a table's figures; each one fails the twin. */
  checkTable?: (table: TableText) => string[];
}

interface JsxAttribute {
  type: string;
  name?: string;
  value?: string | null | { type: string; value: string };
}

interface JsxElement {
  type: 'mdxJsxFlowElement' | 'mdxJsxTextElement';
  name: string | null;
  attributes: JsxAttribute[];
  children: RootContent[];
  position?: { start: { line: number } };
}

interface ExpressionNode {
  type: 'mdxFlowExpression' | 'mdxTextExpression';
  value: string;
  position?: { start: { line: number } };
}

const ADMONITION_OPEN = /^:::(note|tip|info|warning|danger|caution)(?:\[(.*)\])?$/;
const ADMONITION_CLOSE = ':::';

/** Inline HTML elements whose text is kept as it is. */
const TEXT_ELEMENTS = new Set(['kbd', 'span', 'abbr', 'sub', 'sup', 'small', 'mark']);

/** A paragraph of one bold label: how tabs and details blocks are titled in the twins. */
function labelParagraph(label: string): RootContent {
  return { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: label }] }] };
}

function describeProps(props: ComponentProps): string {
  return Object.entries(props)
    .map(([key, value]) => (value === true ? ` ${key}` : ` ${key}="${value}"`))
    .join('');
}

function parser() {
  return unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm);
}

function markdownWriter() {
  return unified()
    .use(remarkGfm)
    .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, rule: '-' });
}

/** Plain Markdown (no MDX) to its tree, as the components' Markdown forms are parsed. */
export function parseMarkdown(markdown: string): Root {
  return unified().use(remarkParse).use(remarkGfm).parse(markdown);
}

function stringifyMarkdown(tree: Root): string {
  return markdownWriter().stringify(tree);
}

/**
 * Takes the `{#id}` heading ids out of the source, as Docusaurus does before MDX
 * sees them (to MDX they would be expressions), and returns them by line number,
 * counted from 1. Fenced code is left alone.
 */
function takeHeadingIds(source: string): { source: string; ids: Map<number, string> } {
  let fence: string | null = null;
  const ids = new Map<number, string>();
  const lines = source.split('\n').map((line, index) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || marker.startsWith(fence))) {
      fence = fence === null ? marker : null;
      return line;
    }
    const id = fence === null && /^#{1,6}\s/.test(line) ? /\s*\{#([^}\s]+)\}\s*$/.exec(line) : null;
    if (!id?.[1]) {
      return line;
    }
    ids.set(index + 1, id[1]);
    return line.slice(0, id.index);
  });
  return { source: lines.join('\n'), ids };
}

/** The text of a node, as a reader would read it. */
function textOf(node: RootContent | Root): string {
  if ('value' in node && typeof node.value === 'string' && (node.type === 'text' || node.type === 'inlineCode')) {
    return node.value;
  }
  return 'children' in node ? (node.children as RootContent[]).map(textOf).join('') : '';
}

export function tableText(table: Table): TableText {
  const [head, ...body] = table.children.map((row) => row.children.map((cell) => textOf(cell).trim()));
  return { header: head ?? [], rows: body };
}

/** A link made absolute: site paths on the site's origin, anchors on the page's URL. */
function siteUrl(url: string, { pageUrl, siteRoot }: { pageUrl: string; siteRoot: string }): string {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) {
    return url;
  }
  if (url.startsWith('#')) {
    return `${pageUrl}${url}`;
  }
  if (url.startsWith('/')) {
    return `${siteRoot}${url}`;
  }
  // As a browser resolves it on the page, whose URL has no trailing slash.
  return new URL(url, pageUrl).href;
}

/** Plain Markdown with every link and image made absolute to the site. */
export function absoluteLinks(markdown: string, where: { pageUrl: string; siteRoot: string }): string {
  const tree = parseMarkdown(markdown);
  visit(tree, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      node.url = siteUrl(node.url, where);
    }
  });
  return stringifyMarkdown(tree).trim();
}

/** Converts one MDX page to Markdown, without its title (the caller adds `# Title`). */
export function mdxToMarkdown(source: string, options: MdxToMarkdownOptions): string {
  const fail = (problem: string, node?: { position?: { start: { line: number } } }): never => {
    throw new TwinError(options.file, problem, node?.position?.start.line);
  };
  const { source: mdx, ids } = takeHeadingIds(source);
  let tree: Root;
  try {
    tree = parser().parse(mdx);
  } catch (error) {
    return fail(`the MDX does not parse: ${error instanceof Error ? error.message : String(error)}`);
  }
  // By node, as the headings of components' Markdown forms have lines of their own.
  const headingIds = new Map<Heading, string>();
  visit(tree, 'heading', (heading) => {
    const id = ids.get(heading.position?.start.line ?? 0);
    if (id !== undefined) {
      headingIds.set(heading, id);
    }
  });

  /** Tables that components wrote, already checked under the component's name. */
  const checked = new WeakSet<Table>();
  const checkFigures = (table: Table, what: string, at: { position?: { start: { line: number } } }): void => {
    const problems = options.checkTable?.(tableText(table)) ?? [];
    if (problems.length > 0) {
      fail(`${what} differs from the data: ${problems.join('; ')}`, at);
    }
  };

  const convert = (parent: Parent): void => {
    const result: RootContent[] = [];
    for (const child of parent.children) {
      result.push(...convertNode(child));
    }
    parent.children = groupAdmonitions(result, fail);
  };

  const convertNode = (node: RootContent): RootContent[] => {
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return expression(node as unknown as ExpressionNode);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return element(node as unknown as JsxElement);
      case 'heading':
        if (node.depth === 1) {
          // The page title is added by the caller, from the page's metadata.
          return [];
        }
        break;
      case 'link':
      case 'image':
      case 'definition':
        node.url = absoluteUrl(node.url, node);
        break;
      default:
        break;
    }
    if ('children' in node) {
      convert(node as Parent);
    }
    return [node];
  };

  const expression = (node: ExpressionNode): RootContent[] => {
    const code = node.value.trim();
    if (code === '' || /^\/\*[\s\S]*\*\/$/.test(code)) {
      return [];
    }
    const path = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*$/.test(code) ? code.split('.') : null;
    let value: unknown = path ? options.scope : undefined;
    for (const key of path ?? []) {
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

  const propsOf = (node: JsxElement): Record<string, string | true> => {
    const props: Record<string, string | true> = {};
    for (const attribute of node.attributes) {
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
  };

  const children = (node: JsxElement): RootContent[] => {
    const wrapper = { type: 'root', children: node.children } as Root;
    convert(wrapper);
    return wrapper.children;
  };

  const element = (node: JsxElement): RootContent[] => {
    const name = node.name;
    if (name === null) {
      return children(node);
    }
    const isInline = node.type === 'mdxJsxTextElement';
    if (name === 'Tabs') {
      return children(node);
    }
    if (name === 'TOCCollapsible') {
      // The theme's contents list is navigation: a twin's own headings are its contents.
      return [];
    }
    if (name === 'TabItem') {
      const { label, value } = propsOf(node);
      const title = typeof label === 'string' ? label : typeof value === 'string' ? value : null;
      return [labelParagraph(title ?? fail('<TabItem> needs a label', node)), ...children(node)];
    }
    if (name === 'details') {
      return children(node);
    }
    if (name === 'summary') {
      // A details block reads as a section under its summary, in bold.
      const label = textOf({ type: 'root', children: node.children }).trim();
      return isInline ? [{ type: 'strong', children: [{ type: 'text', value: label }] }] : [labelParagraph(label)];
    }
    if (name === 'p') {
      const content = children(node);
      return isInline ? content : [{ type: 'paragraph', children: content as PhrasingContent[] }];
    }
    if (name === 'code') {
      return [{ type: 'inlineCode', value: textOf({ type: 'root', children: node.children }) }];
    }
    if (TEXT_ELEMENTS.has(name)) {
      return children(node);
    }
    const render = options.components[name];
    if (!render) {
      return fail(
        `<${name}> has no Markdown rendering; give the component a markdown.ts beside its index.tsx and register it in src/plugins/markdown-twins/components.ts`,
        node,
      );
    }
    let markdown: string;
    try {
      markdown = render(propsOf(node));
    } catch (error) {
      return fail(
        `<${name}> could not be rendered as Markdown: ${error instanceof Error ? error.message : String(error)}`,
        node,
      );
    }
    const rendered = parseMarkdown(markdown);
    convert(rendered);
    visit(rendered, 'table', (table) => {
      checked.add(table);
      checkFigures(table, `the Markdown table of <${name}${describeProps(propsOf(node))}>`, node);
    });
    if (!isInline) {
      return rendered.children;
    }
    const [first, ...rest] = rendered.children;
    if (!first || rest.length > 0 || first.type !== 'paragraph') {
      return fail(`<${name}> is used inline, but its Markdown form is not a single line of text`, node);
    }
    return first.children;
  };

  const absoluteUrl = (url: string, node: RootContent): string => {
    const [target = '', hash] = url.split('#');
    if (!/^[a-z][a-z0-9+.-]*:/i.test(url) && /\.mdx?$/.test(target)) {
      const route = options.resolveSourceLink(target);
      if (route === undefined) {
        return fail(`the link "${url}" names no page among the docs sources`, node);
      }
      return `${options.siteRoot}${route}${hash ? `#${hash}` : ''}`;
    }
    return siteUrl(url, options);
  };

  convert(tree);

  const anchors = new TwinHeadingIds();
  visit(tree, 'heading', (heading) => {
    const suffix = anchors.suffix(textOf(heading), headingIds.get(heading));
    if (suffix) {
      heading.children.push({ type: 'text', value: suffix });
    }
  });
  visit(tree, (node) => {
    if (node.type.startsWith('mdx')) {
      fail(`a ${node.type} node is left after the conversion`, node);
    }
    if (node.type === 'table' && !checked.has(node)) {
      checkFigures(node, 'a Markdown table in the page', node);
    }
  });
  return stringifyMarkdown(tree).trim();
}

/**
 * Turns `:::kind[Title]` … `:::` (paragraphs of their own, as Docusaurus writes
 * admonitions) into a blockquote that starts with the kind and the title.
 */
function groupAdmonitions(
  nodes: RootContent[],
  fail: (problem: string, node?: { position?: { start: { line: number } } }) => never,
): RootContent[] {
  const result: RootContent[] = [];
  const open: { kind: string; title: string; body: RootContent[]; node: RootContent }[] = [];
  for (const node of nodes) {
    const text = node.type === 'paragraph' ? textOf(node).trim() : '';
    const opening = ADMONITION_OPEN.exec(text);
    if (opening) {
      open.push({ kind: opening[1] ?? 'note', title: opening[2] ?? '', body: [], node });
      continue;
    }
    const target = open.at(-1)?.body ?? result;
    if (text === ADMONITION_CLOSE && open.length > 0) {
      const block = open.pop();
      if (block) {
        const kind = block.kind.charAt(0).toUpperCase() + block.kind.slice(1);
        const heading = block.title ? `${kind}: ${block.title}` : kind;
        (open.at(-1)?.body ?? result).push({
          type: 'blockquote',
          children: [
            { type: 'paragraph', children: [{ type: 'strong', children: [{ type: 'text', value: heading }] }] },
            ...(block.body as never[]),
          ],
        });
      }
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
