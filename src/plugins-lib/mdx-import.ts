import type { RootContent } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';

type MdxjsEsm = Extract<RootContent, { type: 'mdxjsEsm' }>;

const mdxReader = unified().use(remarkParse).use(remarkMdx);

/** `import <name> from '<source>';` as an MDX node, with its compiled form, as remark-mdx reads it. */
export function importNode(name: string, source: string): MdxjsEsm {
  return mdxReader.parse(`import ${name} from ${JSON.stringify(source)};`).children[0] as MdxjsEsm;
}
