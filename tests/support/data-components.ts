/**
 * The files behind the MDX components that render data, found from their
 * registration (src/shared/tables/index.ts), the models the pages' `<DataTable>`
 * tags name and the pages' imports, so that the content checks cover a new table
 * without a list kept by hand.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

import type { Root } from 'mdast';

import { dataTableModelName } from '../../src/plugins-lib/twins/jsx';
import { dataTableElements, moduleFile as importedFile, pageImports } from '../../src/plugins-lib/twins/table-models';
import { dataComponents } from '../../src/shared/tables';

/** The folder of the table models, relative to the site. */
const TABLE_MODELS_DIR = 'src/shared/tables';

/** Every table model file, relative to the site. */
export function tableModelFiles(root: string): string[] {
  return readdirSync(join(root, TABLE_MODELS_DIR))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${TABLE_MODELS_DIR}/${name}`);
}

/** The file a page's import resolves to, relative to the site, as the twins resolve it. */
function moduleFile(root: string, page: string, specifier: string): string | undefined {
  const file = importedFile(root, page, specifier);
  return file === undefined ? undefined : relative(root, file);
}

/** The registry, whose HTML forms the build writes into the pages in place of their tags. */
const REGISTRY_FILE = `${TABLE_MODELS_DIR}/index.ts`;

/**
 * The source file of each registered data component that a page uses, by its tag: the
 * registry for a tag with an HTML form, else the file the page imports it from; throws
 * when a page imports one from a module that does not resolve.
 */
export function dataComponentFiles(
  root: string,
  pages: readonly { file: string; body: string }[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of pages) {
    for (const [tag, component] of Object.entries(dataComponents)) {
      if (component.html && page.body.includes(`<${tag}`)) {
        files.set(tag, REGISTRY_FILE);
      }
    }
    for (const [, names = '', specifier = ''] of page.body.matchAll(/^import\s+(.+?)\s+from\s+'([^']+)';/gm)) {
      const tags = names
        .replace(/[{}]/g, ' ')
        .split(/[\s,]+/)
        .filter(Boolean);
      for (const tag of tags.filter((name) => name in dataComponents)) {
        const file = moduleFile(root, page.file, specifier);
        if (!file) {
          throw new Error(`${page.file}: <${tag}> is imported from "${specifier}", which resolves to no file`);
        }
        files.set(tag, file);
      }
    }
  }
  return files;
}

/**
 * The file of each table model a page's `<DataTable model={…}>` names, found
 * through the page's imports; throws, naming the page, when one resolves to no file.
 */
export function dataTableModelFiles(
  root: string,
  pages: readonly { file: string; read: { tree: Root } }[],
): Set<string> {
  const files = new Set<string>();
  for (const page of pages) {
    const imports = pageImports(page.read.tree);
    for (const element of dataTableElements(page.read.tree)) {
      const name = dataTableModelName(element) ?? '';
      const specifier = imports.get(name)?.specifier ?? '';
      const file = moduleFile(root, page.file, specifier);
      if (!file) {
        throw new Error(`${page.file}: <DataTable model={${name}}> names no model imported from a file of the site`);
      }
      files.add(file);
    }
  }
  return files;
}
