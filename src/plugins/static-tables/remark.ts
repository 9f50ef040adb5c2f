/// <reference types="remark-mdx" />
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Root, RootContent } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

import { dataComponents } from '../../shared/tables';
import { dataTable, type HtmlNode } from '../../shared/tables/html';
import type { AnyTableModel } from '../../shared/tables/model';
import { importNode } from '../../plugins-lib/mdx-import';
import { DATA_TABLE_TAG, dataTableModelName, propsOf, type JsxElement } from '../../plugins-lib/twins/jsx';
import { importModule, pageTableModels } from '../../plugins-lib/twins/table-models';
import { TwinError } from '../../plugins-lib/twins/twin-error';
import { dropImports } from './imports';
import { markupModule, tableName } from './markup';

/**
 * Remark plugin: a table with no interaction becomes markup when its page is compiled.
 * `<DataTable model={name} …/>` (the model found through the page's import, as the
 * twins find it) and each registered tag with an HTML form (`<ModelSpecs family="…"/>`,
 * `<ChatTemplateOf family="…"/>`, src/shared/tables/index.ts) are laid out by
 * src/shared/tables/html.ts into a module of the page's own (`markup.ts`), and each tag
 * becomes that module's component for it; the imports that only those tags used leave
 * the page. The browser gets the tables' elements and text and no code: no table
 * model, no facts, no renderer. A tag the build cannot render stops it, naming the
 * page and the line.
 */

const SITE_DIR = path.resolve(__dirname, '../../..');

/** Where the pages' table modules are written: Docusaurus's folder of generated files. */
export const MARKUP_DIR = path.join(SITE_DIR, '.docusaurus', 'static-tables');

/** The name the page imports its table module under. */
const MODULE_NAME = 'StaticTables';

const isStaticTag = (name: string | null): name is string =>
  name === DATA_TABLE_TAG || (name !== null && dataComponents[name]?.html !== undefined);

/** Writes a file unless it holds the text already, so that a compilation reading it never finds it half-written. */
function writeChanged(file: string, text: string): void {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function remarkStaticTables() {
  return async (tree: Root, vfile: VFile): Promise<void> => {
    const targets: { element: JsxElement; siblings: RootContent[]; index: number }[] = [];
    visit(tree, (node, index, parent) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && isStaticTag(node.name)) {
        if (parent !== undefined && index !== undefined) {
          targets.push({ element: node as unknown as JsxElement, siblings: parent.children as RootContent[], index });
        }
      }
    });
    if (targets.length === 0) {
      return;
    }
    const file = path.relative(SITE_DIR, vfile.path);
    const failAt = (problem: string, line: number | undefined): never => {
      throw new Error(`${file}${line ? `:${line}` : ''}: ${problem}`);
    };
    const fail = (problem: string, at: JsxElement): never => failAt(problem, at.position?.start.line);
    const models = await pageTableModels(tree, { file, siteDir: SITE_DIR, load: importModule }).catch(
      (error: unknown) => {
        throw error instanceof TwinError ? failAt(error.problem, error.line) : error;
      },
    );
    const consumed = new Set<string>();
    const tables = targets.map(({ element, siblings, index }, position): HtmlNode => {
      const tag = element.name ?? '';
      const isDataTable = tag === DATA_TABLE_TAG;
      const props = propsOf(element, (problem) => fail(problem, element), isDataTable ? 'model' : undefined);
      const name = isDataTable ? (dataTableModelName(element) ?? '') : tag;
      consumed.add(name).add(tag);
      let table: HtmlNode;
      try {
        table = isDataTable
          ? dataTable(models.get(name) as AnyTableModel, props)
          : (dataComponents[tag]?.html?.(props) ?? fail(`<${tag}> has no HTML form`, element));
      } catch (error) {
        return fail(`<${tag}> cannot be rendered: ${error instanceof Error ? error.message : String(error)}`, element);
      }
      siblings[index] = {
        type: element.type,
        name: `${MODULE_NAME}.${tableName(position)}`,
        attributes: [],
        children: [],
      };
      return table;
    });
    dropImports(tree, consumed);
    const moduleFile = path.join(MARKUP_DIR, `${file.replace(/[^\w.-]+/g, '_')}.js`);
    writeChanged(moduleFile, markupModule(tables));
    tree.children.unshift(importNode(MODULE_NAME, moduleFile));
  };
}
