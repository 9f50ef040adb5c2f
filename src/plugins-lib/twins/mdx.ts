/**
 * MDX to plain Markdown for the pages' twins: the page is read by the one remark
 * pipeline (`remark.ts`), our components are replaced by their own Markdown forms
 * and JSX by its reading (`jsx.ts`), imports, exports and comments are dropped,
 * admonitions become blockquotes (`admonitions.ts`), links are made absolute
 * (`links.ts`) and headings keep the page's anchors (`@rubra/twin-reader`).
 */
import type { Heading, Parent, Root, RootContent, Table } from 'mdast';
import { visit } from 'unist-util-visit';

import { groupAdmonitions } from './admonitions';
import { TwinHeadingIds } from '@rubra/twin-reader';
import { elementNodes, expressionNodes, type At, type JsxConversion } from './jsx';
import { pageLinkUrl, type LinkBase } from './links';
import { readPage, stringifyMarkdown, textOf, type ReadPage } from './remark';
import { TwinError } from './twin-error';

export interface TableText {
  header: string[];
  rows: string[][];
}

export interface MdxToMarkdownOptions
  extends LinkBase, Pick<JsxConversion, 'components' | 'scope'>, Partial<Pick<JsxConversion, 'tableModels'>> {
  /** The source file, relative to the site, for error messages. */
  file: string;
  /** The route of a relative link to a `.md`/`.mdx` source, or undefined when no page has that source. */
  resolveSourceLink: (target: string) => string | undefined;
  /** Returns the problems of a table's figures; each one fails the twin. */
  checkTable?: (table: TableText) => string[];
}

export function tableText(table: Table): TableText {
  const [head, ...body] = table.children.map((row) => row.children.map((cell) => textOf(cell).trim()));
  return { header: head ?? [], rows: body };
}

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

  /** Tables that components wrote, already checked under the component's name. */
  const checked = new WeakSet<Table>();
  const checkFigures = (table: Table, what: string, at: At): void => {
    const problems = options.checkTable?.(tableText(table)) ?? [];
    if (problems.length > 0) {
      fail(`${what} differs from the data: ${problems.join('; ')}`, at);
    }
  };

  const conversion: JsxConversion = {
    components: options.components,
    tableModels: options.tableModels ?? new Map(),
    scope: options.scope,
    fail,
    convert: (parent: Parent): void => {
      parent.children = groupAdmonitions(parent.children.flatMap(convertNode), fail);
    },
    checkTables: (rendered, what, at) => {
      visit(rendered, 'table', (table) => {
        checked.add(table);
        checkFigures(table, what, at);
      });
    },
  };

  const convertNode = (node: RootContent): RootContent[] => {
    switch (node.type) {
      case 'yaml':
      case 'mdxjsEsm':
        return [];
      case 'mdxFlowExpression':
      case 'mdxTextExpression':
        return expressionNodes(node, conversion);
      case 'mdxJsxFlowElement':
      case 'mdxJsxTextElement':
        return elementNodes(node, conversion);
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
      conversion.convert(node as Parent);
    }
    return [node];
  };

  conversion.convert(tree);
  keepAnchors(tree, givenIds);
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

/** Writes ` {#id}` after each heading whose page anchor a reader of the twin would not compute. */
function keepAnchors(tree: Root, givenIds: ReadonlyMap<Heading, string>): void {
  const anchors = new TwinHeadingIds();
  visit(tree, 'heading', (heading) => {
    const suffix = anchors.suffix(textOf(heading), givenIds.get(heading));
    if (suffix) {
      heading.children.push({ type: 'text', value: suffix });
    }
  });
}
