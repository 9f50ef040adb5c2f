/**
 * The files behind the MDX components that render data, found from their
 * registration (src/shared/tables/index.ts) and the pages' imports, so that the
 * content checks cover a new table without a list kept by hand.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

import { dataComponents } from '../../src/shared/tables';

/** The folder of the table models, relative to the site. */
const TABLE_MODELS_DIR = 'src/shared/tables';

/** Every table model file, relative to the site. */
export function tableModelFiles(root: string): string[] {
  return readdirSync(join(root, TABLE_MODELS_DIR))
    .filter((name) => name.endsWith('.ts'))
    .map((name) => `${TABLE_MODELS_DIR}/${name}`);
}

/** A module the pages import as `@site/…`, as the file it resolves to, relative to the site. */
function moduleFile(root: string, specifier: string): string | undefined {
  const path = specifier.replace(/^@site\//, '');
  return [`${path}.tsx`, `${path}.ts`, `${path}/index.tsx`, `${path}/index.ts`].find((file) =>
    existsSync(join(root, file)),
  );
}

/**
 * The source file of each registered data component that a page imports, by its
 * tag; throws when a page imports one from a module that does not resolve.
 */
export function dataComponentFiles(
  root: string,
  pages: readonly { file: string; body: string }[],
): Map<string, string> {
  const files = new Map<string, string>();
  for (const page of pages) {
    for (const [, names = '', specifier = ''] of page.body.matchAll(/^import\s+(.+?)\s+from\s+'([^']+)';/gm)) {
      const tags = names
        .replace(/[{}]/g, ' ')
        .split(/[\s,]+/)
        .filter(Boolean);
      for (const tag of tags.filter((name) => name in dataComponents)) {
        const file = moduleFile(root, specifier);
        if (!file) {
          throw new Error(`${page.file}: <${tag}> is imported from "${specifier}", which resolves to no file`);
        }
        files.set(tag, file);
      }
    }
  }
  return files;
}
