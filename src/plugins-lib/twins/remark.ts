/**
 * The one remark pipeline that reads the docs, MDX pages and plain Markdown (twins,
 * components' Markdown forms), with heading ids by the rule of `@rubra/twin-reader`,
 * and the MDX nodes that the remark steps put into pages.
 */
import type { Heading, Root, RootContent } from 'mdast';
import remarkFrontmatter from 'remark-frontmatter';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';

import { takeHeadingIds } from '@rubra/twin-reader';

export interface ReadPage {
  tree: Root;
  /** The ids the source gives (`{#id}`), by heading. */
  givenIds: ReadonlyMap<Heading, string>;
}

const mdxReader = unified().use(remarkParse).use(remarkFrontmatter).use(remarkMdx).use(remarkGfm);
/** Plain Markdown (no MDX): the twins and the components' Markdown forms. */
export const markdownReader = unified().use(remarkParse).use(remarkGfm);
export const markdownWriter = unified()
  .use(remarkGfm)
  .use(remarkStringify, { bullet: '-', emphasis: '_', strong: '*', fence: '`', fences: true, rule: '-' });

/** The first node of an MDX text, with the compiled form of its JavaScript, as remark-mdx reads it. */
export function mdxNode(source: string): RootContent | undefined {
  return mdxReader.parse(source).children[0];
}

/** `import <name> from '<source>';` as an MDX node. */
export function importNode(name: string, source: string): Extract<RootContent, { type: 'mdxjsEsm' }> {
  return mdxNode(`import ${name} from ${JSON.stringify(source)};`) as Extract<RootContent, { type: 'mdxjsEsm' }>;
}

/**
 * Reads a page: MDX (a docs source) or plain Markdown (a twin), with the `{#id}`
 * of its headings taken out of their text. A source that does not parse throws.
 */
export function readPage(source: string, format: 'mdx' | 'markdown'): ReadPage {
  const { source: text, ids } = takeHeadingIds(source);
  const tree = (format === 'mdx' ? mdxReader : markdownReader).parse(text);
  const givenIds = new Map<Heading, string>();
  visit(tree, 'heading', (heading) => {
    const id = ids.get(heading.position?.start.line ?? 0);
    if (id !== undefined) {
      givenIds.set(heading, id);
    }
  });
  return { tree, givenIds };
}

/** The text of a node, as a reader would read it. */
export function textOf(node: RootContent | Root): string {
  if (node.type === 'text' || node.type === 'inlineCode') {
    return node.value;
  }
  return 'children' in node ? (node.children as RootContent[]).map(textOf).join('') : '';
}
