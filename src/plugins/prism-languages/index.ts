/// <reference types="remark-mdx" />
import { createRequire } from 'node:module';

import type { Plugin } from '@docusaurus/types';
import type { Code, Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';

/**
 * Prism's extra language grammars, each on the pages that show such code only.
 *
 * The theme's `prism.additionalLanguages` puts every grammar it names into the bundle
 * that every page loads. Instead, the remark plugin below imports a grammar into the
 * page whose Markdown has a code block in that language (or one of its aliases), so
 * the grammar arrives with the page's own chunk, before the page renders or hydrates.
 * Prism's grammar files extend a global `Prism`; the Docusaurus plugin makes that name
 * mean the Prism instance the code blocks highlight with, in both bundles, so nothing is
 * put on the global object.
 */

const require = createRequire(import.meta.url);

interface PrismComponent {
  alias?: string | string[];
  require?: string | string[];
}

const prismComponents = (require('prismjs/components.json') as { languages: Record<string, PrismComponent> }).languages;

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** The grammar that highlights a code block's language: its own name or an alias of it. */
function grammarOf(lang: string, grammars: readonly string[]): string | undefined {
  return grammars.find((name) => name === lang || asList(prismComponents[name]?.alias).includes(lang));
}

/** A grammar's module, after the modules of the grammars it extends. */
function grammarModules(name: string): string[] {
  const component = prismComponents[name];
  if (!component) {
    throw new Error(`prism-languages: "${name}" is not one of Prism's language components (prismjs/components.json)`);
  }
  return [...asList(component.require).flatMap(grammarModules), `prismjs/components/prism-${name}`];
}

type MdxjsEsm = Extract<RootContent, { type: 'mdxjsEsm' }>;

function importNode(source: string): MdxjsEsm {
  return {
    type: 'mdxjsEsm',
    value: `import ${JSON.stringify(source)};`,
    data: {
      estree: {
        type: 'Program',
        sourceType: 'module',
        body: [
          {
            type: 'ImportDeclaration',
            specifiers: [],
            attributes: [],
            source: { type: 'Literal', value: source, raw: JSON.stringify(source) },
          },
        ],
      },
    },
  };
}

export interface PrismLanguagesOptions {
  /** Prism component names (`prismjs/components.json`) to highlight beyond the theme's own set. */
  grammars: readonly string[];
}

/** Remark plugin: imports into a page the grammars its code blocks need. */
export function remarkPrismLanguages({ grammars }: PrismLanguagesOptions) {
  // Fails at startup on a name that is not a Prism language.
  const modulesOf = new Map(grammars.map((name) => [name, grammarModules(name)]));
  return (tree: Root): void => {
    const modules = new Set<string>();
    visit(tree, 'code', (node: Code) => {
      const grammar = node.lang ? grammarOf(node.lang, grammars) : undefined;
      for (const module of grammar ? (modulesOf.get(grammar) ?? []) : []) {
        modules.add(module);
      }
    });
    tree.children.unshift(...[...modules].map(importNode));
  };
}

export default function prismLanguagesPlugin(): Plugin {
  return {
    name: 'prism-languages',
    configureWebpack(_config, _isServer, { currentBundler }) {
      return {
        plugins: [
          new currentBundler.instance.ProvidePlugin({
            Prism: ['prism-react-renderer', 'Prism'],
          }),
        ],
      };
    },
  };
}
