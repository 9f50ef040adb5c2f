/// <reference types="remark-mdx" />
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

import type { Plugin } from '@docusaurus/types';
import { escapeRegexp } from '@docusaurus/utils';
import type { Root } from 'mdast';
import { visit } from 'unist-util-visit';
import type { VFile } from 'vfile';

import { dataComponents } from '../../shared/tables';
import { dataTable, type HtmlNode } from '../../shared/tables/html';
import type { AnyTableModel } from '../../shared/tables/model';
import { noOptions } from '../../plugins-lib/plugin-options';
import { DATA_TABLE_TAG, dataTableModelName, propsOf, type Fail, type JsxElement } from '../../plugins-lib/twins/jsx';
import { pageTableModels } from '../../plugins-lib/twins/table-models';
import { TwinError } from '../../plugins-lib/twins/twin-error';
import { importNode } from '../../plugins-lib/twins/remark';

/**
 * Remark plugin: each table tag with no interaction (`<DataTable model={name} …/>`, its
 * model found through the page's import as the twins find it, and each registered tag
 * with an HTML form, src/shared/tables/index.ts) becomes a component of a module of the
 * page's own, which writes the table's elements (src/shared/tables/html.ts) with the
 * stylesheet's class names and the site's links. The tables' code is marked free of side
 * effects, so the bundler leaves out the page's imports only those tags read: the browser
 * gets the tables' elements and text, and no table model, facts or renderer. A tag the
 * build cannot render stops it, naming the page and the line.
 */

const SITE_DIR = path.resolve(__dirname, '../../..');

/** Where the pages' table modules are written: Docusaurus's folder of generated files. */
export const MARKUP_DIR = path.join(SITE_DIR, '.docusaurus', 'static-tables');

const MODULE_NAME = 'StaticTables';

const isStaticTag = (name: string | null) => name === DATA_TABLE_TAG || !!dataComponents[name ?? '']?.html;

/** Writes a file unless it holds the text already, so that a compilation reading it never finds it half-written. */
function writeChanged(file: string, text: string): void {
  if (!existsSync(file) || readFileSync(file, 'utf8') !== text) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

export function remarkStaticTables() {
  return async (tree: Root, vfile: VFile): Promise<void> => {
    const targets: JsxElement[] = [];
    visit(tree, (node) => {
      if ((node.type === 'mdxJsxFlowElement' || node.type === 'mdxJsxTextElement') && isStaticTag(node.name)) {
        targets.push(node);
      }
    });
    if (targets.length === 0) {
      return;
    }
    const file = path.relative(SITE_DIR, vfile.path);
    const failAt = (problem: string, line: number | undefined): never => {
      throw new Error(`${file}${line ? `:${line}` : ''}: ${problem}`);
    };
    const fail: Fail = (problem, at) => failAt(problem, at?.position?.start.line);
    const models = await pageTableModels(tree, { file, siteDir: SITE_DIR }).catch((error: unknown) => {
      throw error instanceof TwinError ? failAt(error.problem, error.line) : error;
    });
    const tables = targets.map((element, position): HtmlNode => {
      const tag = element.name ?? '';
      const form = dataComponents[tag]?.html;
      const props = propsOf(element, fail, form ? undefined : 'model');
      let table: HtmlNode;
      try {
        table = form ? form(props) : dataTable(models.get(dataTableModelName(element) ?? '') as AnyTableModel, props);
      } catch (error) {
        return fail(`<${tag}> cannot be rendered: ${error instanceof Error ? error.message : String(error)}`, element);
      }
      // The tag becomes the module's component for its table.
      Object.assign(element, { name: `${MODULE_NAME}.table${position}`, attributes: [], children: [] });
      return table;
    });
    const moduleFile = path.join(MARKUP_DIR, `${file.replace(/[^\w.-]+/g, '_')}.js`);
    writeChanged(moduleFile, markupModule(tables));
    tree.children.unshift(importNode(MODULE_NAME, moduleFile));
  };
}

/** An element as a `createElement` call, its props and children written as literals. */
function elementCode(node: HtmlNode): string {
  if (typeof node === 'string') {
    return JSON.stringify(node);
  }
  const children = node.children.map((child) => `, ${elementCode(child)}`).join('');
  const props = [
    ...(node.className ? [`className: styles.${node.className}`] : []),
    ...Object.entries(node.attributes ?? {}).map(
      ([name, value]) => `${JSON.stringify(name)}: ${JSON.stringify(value)}`,
    ),
  ];
  const type = node.tag === 'Link' ? 'Link' : JSON.stringify(node.tag);
  return `h(${type}, ${props.length > 0 ? `{ ${props.join(', ')} }` : 'null'}${children})`;
}

/**
 * The module of a page's tables: its default export holds a component per table, `table0`,
 * `table1`, … in the page's order; it imports the site's link, which the client-side router
 * follows, and the tables' stylesheet, whose class names the bundler gives it, when it uses them.
 */
function markupModule(tables: readonly HtmlNode[]): string {
  const code = tables.map((table, index) => `function table${index}() {\n  return ${elementCode(table)};\n}\n`);
  const link = code.some((text) => text.includes('h(Link,')) ? 'import Link from "@docusaurus/Link";\n' : '';
  const styles = code.some((text) => text.includes('className: styles.'))
    ? 'import styles from "@site/src/components/DataTable/styles.module.css";\n'
    : '';
  const names = tables.map((_, index) => `table${index}`).join(', ');
  return `import { createElement as h } from 'react';\n${link}${styles}\n${code.join('\n')}\nexport default { ${names} };\n`;
}

/** The sortable benchmark table's code and facts: its component, the table models and renderer, src/data. */
const TABLE_CODE = /[\\/]src[\\/](data|shared[\\/]tables|components[\\/](DataTable|Benchmark\w*))[\\/]/;

/**
 * What one page's tables are made of in a chunk of that page's own beside its content
 * chunk: the page's table module (written by the remark step, `remark.ts`) and, for
 * the sortable benchmark table, its component, the facts and the table models. Both
 * chunks load with the page, and a client-side navigation loads both before it
 * renders; the site prefetches only the content chunk of each link in view, so the
 * tables are fetched when their page is, not for every link to it. What several pages
 * share goes to the shared chunks (src/plugins/shared-chunks), which rank higher.
 */
export const pageTables = {
  test: new RegExp(`^${escapeRegexp(MARKUP_DIR + path.sep)}|${TABLE_CODE.source}`),
  chunks: 'async',
  minChunks: 1,
  minSize: 0,
  enforce: true,
  priority: 40,
} as const;

/** The plugin takes no options: one given by mistake stops the build, naming the plugin. */
export const validateOptions = noOptions('static-tables');

export default function staticTablesPlugin(): Plugin {
  return {
    name: 'static-tables',
    configureWebpack(_config, isServer) {
      if (isServer) {
        return {};
      }
      return {
        module: { rules: [{ test: TABLE_CODE, sideEffects: false }] },
        optimization: { splitChunks: { cacheGroups: { pageTables } } },
      };
    },
  };
}
