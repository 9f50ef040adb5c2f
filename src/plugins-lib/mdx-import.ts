/// <reference types="remark-mdx" />
import type { RootContent } from 'mdast';

type MdxjsEsm = Extract<RootContent, { type: 'mdxjsEsm' }>;

/** `import <name> from '<source>';` as an MDX node, with its compiled form. */
export function importNode(name: string, source: string): MdxjsEsm {
  const value = `import ${name} from ${JSON.stringify(source)};`;
  return {
    type: 'mdxjsEsm',
    value,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [{ type: 'ImportDefaultSpecifier', local: { type: 'Identifier', name } }],
            attributes: [],
            source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
          },
        ],
      },
    },
  };
}
