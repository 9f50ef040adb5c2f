/// <reference types="remark-mdx" />
/**
 * The page's imports once its static tables are markup: the bindings that only the
 * tables' tags read leave the page, in the compiled form (the ESTree) and in the text,
 * so the page's chunk holds no table model, no facts and no component for them.
 */
import type { ImportDeclaration, Program } from 'estree';
import type { Root } from 'mdast';

/** Every name an expression, an export or an element of the page reads, beyond its imports. */
function namesRead(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) {
    for (const item of value) namesRead(item, found);
    return found;
  }
  if (typeof value !== 'object' || value === null) {
    return found;
  }
  const node = value as Record<string, unknown>;
  if (node.type === 'ImportDeclaration') {
    return found;
  }
  if ((node.type === 'Identifier' || node.type === 'JSXIdentifier') && typeof node.name === 'string') {
    found.add(node.name);
  }
  if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && typeof node.name === 'string') {
    found.add(node.name.split('.')[0] ?? node.name);
  }
  for (const [key, child] of Object.entries(node)) {
    if (key !== 'position') namesRead(child, found);
  }
  return found;
}

/** An import as the page would write it, for a declaration that keeps some of its bindings. */
function importText({ specifiers, source }: ImportDeclaration): string {
  const named = specifiers.flatMap((specifier) => {
    if (specifier.type !== 'ImportSpecifier') return [];
    const imported =
      specifier.imported.type === 'Identifier' ? specifier.imported.name : String(specifier.imported.value);
    return [imported === specifier.local.name ? imported : `${imported} as ${specifier.local.name}`];
  });
  const parts = specifiers.flatMap((specifier) =>
    specifier.type === 'ImportDefaultSpecifier'
      ? [specifier.local.name]
      : specifier.type === 'ImportNamespaceSpecifier'
        ? [`* as ${specifier.local.name}`]
        : [],
  );
  const bindings = [...parts, ...(named.length > 0 ? [`{ ${named.join(', ')} }`] : [])].join(', ');
  return `import ${bindings} from ${JSON.stringify(source.value)};`;
}

/**
 * Takes the bindings of `names` that nothing on the page reads any more out of its
 * imports, in the compiled form (the ESTree) and in the text.
 */
export function dropImports(tree: Root, names: ReadonlySet<string>): void {
  const read = namesRead(tree.children);
  const drop = new Set([...names].filter((name) => !read.has(name)));
  tree.children = tree.children.filter((node) => {
    const program = node.type === 'mdxjsEsm' ? node.data?.estree : undefined;
    if (!program || node.type !== 'mdxjsEsm') {
      return true;
    }
    const offset = node.position?.start.offset ?? 0;
    const texts: string[] = [];
    program.body = program.body.flatMap((statement): Program['body'] => {
      const [start, end] = statement.range ?? [offset, offset + node.value.length];
      const text = () => node.value.slice(start - offset, end - offset);
      if (statement.type !== 'ImportDeclaration') {
        texts.push(text());
        return [statement];
      }
      const specifiers = statement.specifiers.filter((specifier) => !drop.has(specifier.local.name));
      if (specifiers.length === statement.specifiers.length) {
        texts.push(text());
        return [statement];
      }
      if (specifiers.length === 0) return [];
      const kept = { ...statement, specifiers };
      texts.push(importText(kept));
      return [kept];
    });
    node.value = texts.join('\n');
    return program.body.length > 0;
  });
}
