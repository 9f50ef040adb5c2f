/**
 * The build's static tables (src/plugins/static-tables): a page's table tags become
 * markup when the page is compiled, in a module of the page's own, and a tag that cannot
 * be rendered stops the build, naming the page and the line.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import remarkStringify from 'remark-stringify';
import { unified } from 'unified';
import { VFile } from 'vfile';
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import { HtmlContent } from '../support/html-content';
import { familyInfo, families } from '@site/src/data/models';
import staticTablesPlugin, { MARKUP_DIR, remarkStaticTables } from '@site/src/plugins/static-tables';
import { dataComponents } from '@site/src/shared/tables';
import { chatTemplates } from '@site/src/shared/tables/chat-templates';
import { dataTable } from '@site/src/shared/tables/html';

// Vitest compiles JSX with the classic runtime, whose output calls a global React.
Object.assign(globalThis, { React });

vi.mock('@docusaurus/Link', () => ({
  default: ({ to, children }: { to: string; children: React.ReactNode }) =>
    React.createElement('a', { href: to }, children),
}));

const ROOT = path.resolve(__dirname, '../..');
const FILE = 'docs/guide/tables.mdx';

/**
 * The page's MDX (its front matter already taken off, as the docs plugin does) after the
 * step, as remark writes it, on one line: each element's children unindented.
 */
async function compile(body: string, page = FILE): Promise<string> {
  const file = new VFile({ path: path.join(ROOT, page), value: body });
  const result = await unified()
    .use(remarkParse)
    .use(remarkMdx)
    .use(remarkStaticTables)
    .use(remarkStringify)
    .process(file);
  return String(result).replace(/\n\s*/g, '');
}

/** The table module the step wrote for a page. */
const markupFile = (page: string) => path.join(MARKUP_DIR, `${page.replace(/\//g, '_')}.js`);

/** The components of a page's table module, as the bundler loads it. */
async function tableComponents(page: string): Promise<Record<string, () => React.ReactNode>> {
  return ((await import(markupFile(page))) as { default: Record<string, () => React.ReactNode> }).default;
}

const CHAT_TEMPLATES = "import { chatTemplates } from '@site/src/shared/tables/chat-templates';";

describe('a <DataTable model={…}> tag', () => {
  it('becomes a component of the page’s table module, which imports no model', async () => {
    const mdx = await compile(
      `import Tabs from '@theme/Tabs';\n${CHAT_TEMPLATES}\n\n<DataTable model={chatTemplates} />\n`,
    );
    expect(mdx).toBe(
      `import StaticTables from ${JSON.stringify(markupFile(FILE))};import Tabs from '@theme/Tabs';${CHAT_TEMPLATES}<StaticTables.table0 />`,
    );
    const markup = readFileSync(markupFile(FILE), 'utf8');
    expect(markup).toContain('import styles from "@site/src/components/DataTable/styles.module.css";');
    expect(markup).toContain('import Link from "@docusaurus/Link";');
    expect(markup).not.toMatch(/src\/data|shared\/tables/);
  });

  it('renders the markup the browser’s renderer renders, with the stylesheet’s classes and the site’s links', async () => {
    const page = 'docs/guide/chat-templates.mdx';
    await compile(`${CHAT_TEMPLATES}\n\nText.\n\n<DataTable model={chatTemplates} />\n`, page);
    const { table0: Table = () => null } = await tableComponents(page);
    const html = renderToStaticMarkup(<Table />);
    expect(html).toBe(renderToStaticMarkup(<HtmlContent nodes={[dataTable(chatTemplates, {})]} />));
    for (const info of families) {
      expect(html).toContain(`<a href="${info.route}">${info.family}</a>`);
      expect(html).toContain(`<code>${info.chatTemplate}</code>`);
    }
  });

  it('fails on a model the page does not import, naming the page and the line', async () => {
    await expect(compile('Text.\n\n<DataTable model={chatTemplates} />\n')).rejects.toThrow(
      /^docs\/guide\/tables\.mdx:3: <DataTable> names the model "chatTemplates", which the page does not import/,
    );
  });

  it('fails on props that choose no rows, naming the page and the line', async () => {
    const mdx =
      'import { familyBenchmarks } from \'@site/src/shared/tables/benchmarks\';\n\n<DataTable model={familyBenchmarks} family="Falcon" />\n';
    await expect(compile(mdx)).rejects.toThrow(
      /^docs\/guide\/tables\.mdx:3: <DataTable> cannot be rendered: Unknown model family "Falcon"/,
    );
  });

  it('fails on a prop given as an expression, naming the page and the line', async () => {
    const mdx = `${CHAT_TEMPLATES}\n\n<DataTable model={chatTemplates} family={'Gemma'} />\n`;
    await expect(compile(mdx)).rejects.toThrow(
      /^docs\/guide\/tables\.mdx:3: <DataTable family=\{…\}> takes an expression/,
    );
  });
});

describe('a registered tag with an HTML form', () => {
  it('<ModelSpecs family="…"/> and <ChatTemplateOf family="…"/> become the markup of their HTML form, in their place', async () => {
    const page = 'docs/guide/gemma.mdx';
    const mdx = await compile(
      '<ModelSpecs family="Gemma" />\n\nPass <ChatTemplateOf family="Phi 3" /> as the template.\n',
      page,
    );
    expect(mdx).toContain('<StaticTables.table0 />Pass <StaticTables.table1 /> as the template.');
    const { table0: Specs = () => null, table1: Template = () => null } = await tableComponents(page);
    const specs = renderToStaticMarkup(<Specs />);
    const form = dataComponents.ModelSpecs?.html?.({ family: 'Gemma' });
    expect(specs).toBe(renderToStaticMarkup(<HtmlContent nodes={form ? [form] : []} />));
    expect(specs).toContain('aria-label="Gemma specifications and downloads"');
    expect(specs).toContain('data-model-specs=""');
    expect(specs).toContain('data-model-repos=""');
    expect(renderToStaticMarkup(<Template />)).toBe(`<code>${familyInfo('Phi 3').chatTemplate}</code>`);
  });

  it('fails on an unknown family, naming the page and the line', async () => {
    await expect(compile('Text.\n\n<ModelSpecs family="Falcon" />\n')).rejects.toThrow(
      /^docs\/guide\/tables\.mdx:3: <ModelSpecs> cannot be rendered: Unknown model family "Falcon"/,
    );
  });

  it('leaves a component with interaction to the browser', async () => {
    const mdx = await compile(
      "import BenchmarkTable from '@site/src/components/BenchmarkTable';\n\n<BenchmarkTable />\n",
    );
    expect(mdx).toContain('<BenchmarkTable />');
    expect(mdx).toContain("import BenchmarkTable from '@site/src/components/BenchmarkTable';");
  });
});

describe('the browser bundle', () => {
  it('takes the tables’ code and facts as free of side effects, so a page’s imports that only its table tags read leave it', () => {
    type Config = { module?: { rules: { test: RegExp; sideEffects: boolean }[] } };
    const configure = staticTablesPlugin().configureWebpack as unknown as (config: object, isServer: boolean) => Config;
    const [rule] = configure({}, false).module?.rules ?? [];
    expect(rule?.sideEffects).toBe(false);
    for (const file of ['src/shared/tables/chat-templates.ts', 'src/data/models.ts', 'src/data/facts/models.json']) {
      expect(rule?.test.test(path.join(ROOT, file))).toBe(true);
    }
    expect(rule?.test.test(path.join(ROOT, 'src/components/AskDocs/index.tsx'))).toBe(false);
    expect(configure({}, true)).toEqual({});
  });
});
