/// <reference types="remark-mdx" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
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

type MdxJsxElement = Extract<RootContent, { type: 'mdxJsxFlowElement' | 'mdxJsxTextElement' }>;

const isStaticTag = (name: string | null): name is string =>
  name === DATA_TABLE_TAG || (name !== null && dataComponents[name]?.html !== undefined);

/** Writes a file unless it holds the text already, so that a compilation reading it never finds it half-written. */
function writeChanged(file: string, text: string): void {
  let current: string | undefined;
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

interface Target {
  element: JsxElement;
  siblings: RootContent[];
  index: number;
}

export function remarkStaticTables() {
  return async (tree: Root, vfile: VFile): Promise<void> => {
    const targets: Target[] = [];
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
      let render: () => HtmlNode;
      if (tag === DATA_TABLE_TAG) {
        const name = dataTableModelName(element) ?? '';
        const model = models.get(name) as AnyTableModel;
        const props = propsOf(element, (problem) => fail(problem, element), 'model');
        consumed.add(name);
        render = () => dataTable(model, props);
      } else {
        const props = propsOf(element, (problem) => fail(problem, element));
        const html = dataComponents[tag]?.html;
        render = () => (html ? html(props) : fail(`<${tag}> has no HTML form`, element));
      }
      consumed.add(tag);
      const table = (() => {
        try {
          return render();
        } catch (error) {
          return fail(
            `<${tag}> cannot be rendered: ${error instanceof Error ? error.message : String(error)}`,
            element,
          );
        }
      })();
      const replacement: MdxJsxElement = {
        type: element.type,
        name: `${MODULE_NAME}.${tableName(position)}`,
        attributes: [],
        children: [],
      };
      siblings[index] = replacement;
      return table;
    });
    dropImports(tree, consumed);
    const moduleFile = path.join(MARKUP_DIR, `${file.replace(/[^\w.-]+/g, '_')}.js`);
    writeChanged(moduleFile, markupModule(tables));
    tree.children.unshift(importNode(MODULE_NAME, moduleFile));
  };
}
