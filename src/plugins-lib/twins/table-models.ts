/**
 * The table models of a page's `<DataTable model={name} />` tags, found through the
 * page's own `import` statements and loaded (in the build by Docusaurus's TypeScript
 * loader). A missing import or export, or one that is no table model, stops the build,
 * naming the file and the line.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';

import { isTableModel, type AnyTableModel } from '../../shared/tables/model';
import { DATA_TABLE_TAG, dataTableModelName, MODEL_PROP, type JsxElement } from './jsx';
import { TwinError } from './twin-error';

/** Every name the page's imports bind: the export it takes (a name, `default`, or `*`) and the module as written. */
export function pageImports(tree: Root): Map<string, { imported: string; specifier: string }> {
  const imports = new Map<string, { imported: string; specifier: string }>();
  visit(tree, 'mdxjsEsm', (node) => {
    for (const statement of node.data?.estree?.body ?? []) {
      if (statement.type !== 'ImportDeclaration' || typeof statement.source.value !== 'string') {
        continue;
      }
      const specifier = statement.source.value;
      for (const binding of statement.specifiers) {
        const imported =
          binding.type === 'ImportDefaultSpecifier'
            ? 'default'
            : binding.type === 'ImportNamespaceSpecifier'
              ? '*'
              : 'name' in binding.imported
                ? binding.imported.name
                : String(binding.imported.value);
        imports.set(binding.local.name, { imported, specifier });
      }
    }
  });
  return imports;
}

export function dataTableElements(tree: Root): JsxElement[] {
  const elements: JsxElement[] = [];
  visit(tree, (node) => {
    if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && node.name === DATA_TABLE_TAG) {
      elements.push(node);
    }
  });
  return elements;
}

const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs'];

/** The file an import resolves to, as the bundler resolves `@site/…` and `./…`; undefined for a package or none. */
export function moduleFile(siteDir: string, pageFile: string, specifier: string): string | undefined {
  if (!/^(@site\/|\.)/.test(specifier)) {
    return undefined;
  }
  const base = specifier.startsWith('.')
    ? path.resolve(path.dirname(path.join(siteDir, pageFile)), specifier)
    : path.join(siteDir, specifier.slice('@site/'.length));
  const candidates = [
    base,
    ...EXTENSIONS.map((extension) => base + extension),
    ...EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => path.extname(candidate) !== '' && existsSync(candidate));
}

/** Docusaurus runs the plugins through its TypeScript loader, which also loads what they import this way. */
export const importModule = async (file: string) => (await import(file)) as Readonly<Record<string, unknown>>;

/** The table model of each `<DataTable model={name}>` of a page, by `name`; `file` is relative to the site. */
export async function pageTableModels(
  tree: Root,
  { file, siteDir }: { file: string; siteDir: string },
): Promise<Map<string, AnyTableModel>> {
  const models = new Map<string, AnyTableModel>();
  const imports = pageImports(tree);
  for (const element of dataTableElements(tree)) {
    const line = element.position?.start.line;
    const fail = (problem: string): never => {
      throw new TwinError(file, `<${DATA_TABLE_TAG}> ${problem}`, line);
    };
    const name =
      dataTableModelName(element) ?? fail(`needs ${MODEL_PROP}={name}, naming a table model the page imports`);
    if (models.has(name)) {
      continue;
    }
    const found = imports.get(name) ?? fail(`names the model "${name}", which the page does not import`);
    const exports = await importModule(
      moduleFile(siteDir, file, found.specifier) ??
        fail(`imports "${name}" from "${found.specifier}", which resolves to no file of the site`),
    );
    const value = found.imported === '*' ? exports : exports[found.imported];
    if (value === undefined) {
      return fail(`imports "${found.imported}" from "${found.specifier}", which does not export it`);
    }
    if (!isTableModel(value)) {
      return fail(
        `names "${name}" from "${found.specifier}", which is not a table model (src/shared/tables/model.ts says what one holds)`,
      );
    }
    models.set(name, value);
  }
  return models;
}
