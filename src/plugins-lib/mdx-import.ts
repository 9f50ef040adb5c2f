import type { RootContent } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

type MdxjsEsm = Extract<RootContent, { type: 'mdxjsEsm' }>;

const mdxReader = unified().use(remarkParse).use(remarkMdx);

/** The first node of an MDX text, with the compiled form of its JavaScript, as remark-mdx reads it. */
export function mdxNode(source: string): RootContent | undefined {
  return mdxReader.parse(source).children[0];
}

/** `import <name> from '<source>';` as an MDX node. */
export function importNode(name: string, source: string): MdxjsEsm {
  return mdxNode(`import ${name} from ${JSON.stringify(source)};`) as MdxjsEsm;
}
