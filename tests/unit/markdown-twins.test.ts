import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import type { Code, Root, Table } from 'mdast';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

import { identity } from '@site/src/site/identity';
import { families, modelsOf } from '@site/src/data/models';
import { componentMarkdown } from '@site/src/plugins-lib/twins/components';
import { tableFigureProblems } from '@site/src/plugins-lib/twins/figures';
import { mdxToMarkdown, readMdx, tableText } from '@site/src/plugins-lib/twins/mdx';
import { pageTableModels } from '@site/src/plugins-lib/twins/table-models';
import { TwinError } from '@site/src/plugins-lib/twins/twin-error';
import { markdownReader, readPage, textOf } from '@site/src/plugins-lib/twins/remark';
import { headingIds } from '../support/heading-ids';
import type { AnyTableModel } from '@site/src/shared/tables/model';
import { readFactRows } from '../support/facts';
import { allTableModels } from '../support/table-models';
import { expectedBenchmarkRows, expectedPairwiseRows, expectedSpecRows } from '../support/facts-tables';

const FIXTURES = path.join('tests', 'unit', 'fixtures', 'markdown-twins');
const SITE = 'https://docs.example';
const ROOT = process.cwd();

/** The models the figure check knows in these tests: every one the table folder exports. */
const models = await allTableModels(ROOT);
const checkTable = (table: { header: string[]; rows: string[][] }) => tableFigureProblems(table, models);

/** The <DataTable> models of each fixture, loaded through its imports as the plugin loads a page's. */
const fixtureModels = new Map(
  await Promise.all(
    readdirSync(FIXTURES)
      .filter((name) => name.endsWith('.mdx'))
      .map(async (fixture) => {
        const file = path.join(FIXTURES, fixture);
        const { tree } = readMdx(readFileSync(file, 'utf8'), file);
        return [fixture, await pageTableModels(tree, { file, siteDir: ROOT })] as const;
      }),
  ),
);

function convert(fixture: string): string {
  const file = path.join(FIXTURES, fixture);
  return mdxToMarkdown(readFileSync(file, 'utf8'), {
    file,
    pageUrl: `${SITE}/guide`,
    siteRoot: SITE,
    resolveSourceLink: (target) => (target === './other.mdx' ? '/other' : undefined),
    components: componentMarkdown,
    tableModels: fixtureModels.get(fixture) ?? new Map(),
    scope: { identity },
    checkTable,
  });
}

/** A page's MDX as one string, converted with no links to resolve. */
function inline(source: string): string {
  return mdxToMarkdown(source, {
    file: 'docs/page.mdx',
    pageUrl: `${SITE}/page`,
    siteRoot: SITE,
    resolveSourceLink: () => undefined,
    components: componentMarkdown,
    scope: { identity },
    checkTable,
  });
}

/** The tables of a Markdown text, each under the bold caption just above it. */
function tablesByCaption(markdown: string): Map<string, Table> {
  const tree: Root = markdownReader.parse(markdown);
  const tables = new Map<string, Table>();
  tree.children.forEach((node, index) => {
    const before = tree.children[index - 1];
    if (node.type === 'table' && before?.type === 'paragraph' && before.children[0]?.type === 'strong') {
      const caption = before.children[0].children.map((child) => ('value' in child ? child.value : '')).join('');
      tables.set(caption, node);
    }
  });
  return tables;
}

/** Figures as numbers and "not measured" as null, like the facts helpers. */
function asFacts(rows: string[][], textColumns: number): (string | number | null)[][] {
  return rows.map((cells) =>
    cells.map((cell, index) => {
      if (index < textColumns) {
        return cell.replace(/\s*\(note \d+\)|\s*∔/g, '');
      }
      return cell === '—' || cell === 'not measured' ? null : Number(cell.replace(/,/g, ''));
    }),
  );
}

describe('MDX to Markdown, each component kind', () => {
  const markdown = convert('components.mdx');
  const tables = tablesByCaption(markdown);
  const table = (caption: string) => {
    const found = tables.get(caption);
    if (!found) {
      throw new Error(`no table captioned "${caption}" in:\n${markdown}`);
    }
    return tableText(found);
  };

  it('drops the front matter, imports, exports and comments, and reads identity expressions', () => {
    expect(markdown).not.toMatch(/^---|^import |^export |unused|A comment that/m);
    expect(markdown.startsWith(identity.tagline)).toBe(true);
    expect(markdown).not.toMatch(/<[A-Za-z]/);
  });

  it('keeps the headings, with an id only where it is not the slug of the text', () => {
    expect(markdown).toMatch(/^## Specifications \{#specs\}$/m);
    expect(markdown).toMatch(/^## Benchmarks$/m);
    expect(markdown).toMatch(/^### MT-bench pairwise$/m);
  });

  it('writes ModelSpecs as the specification and repository tables of the facts', () => {
    const facts = readFactRows('models').filter((row) => row.family === 'Llama 3');
    expect(table('Llama 3: specifications of the base models').rows).toEqual(expectedSpecRows(facts));
    const repos = table('Llama 3: Rubra models on Hugging Face');
    expect(repos.header).toEqual(['Rubra model', 'Full weights', 'GGUF (llama.cpp)', 'AWQ']);
    expect(repos.rows.map((row) => row[1])).toEqual(modelsOf('Llama 3').map((model) => model.hfRepo));
    expect(markdown).toContain(`(https://huggingface.co/${modelsOf('Llama 3')[0]?.ggufRepo})`);
  });

  it('writes the family benchmark tables, BenchmarkTable and the MT-bench pairwise tables with the figures of the facts', () => {
    const gemma = table('Gemma: base and Rubra models on each benchmark');
    expect(asFacts(gemma.rows, 2)).toEqual(expectedBenchmarkRows((row) => row.model?.includes('Gemma') ?? false));
    const all = table('Benchmark results of Rubra models, their base models and third-party models.');
    expect(asFacts(all.rows, 2)).toEqual(expectedBenchmarkRows());
    const names = new Set(gemma.rows.map((row) => row[0] ?? ''));
    expect(asFacts(table('Gemma: MT-bench pairwise comparisons').rows, 2)).toEqual(expectedPairwiseRows(names));
    expect(asFacts(table('MT-bench pairwise comparisons').rows, 2)).toEqual(expectedPairwiseRows());
  });

  it('writes the benchmark table’s markers and numbered notes', () => {
    expect(markdown).toMatch(/^∔ The model does not accept tool observations/m);
    expect(markdown).toMatch(/^1\. /m);
    expect(markdown).toMatch(/∔ \(note \d+\) \|/);
  });

  it('writes the chart as its data table', () => {
    const chart = table('Function-calling accuracy in percent');
    expect(chart.header).toEqual(['Model', 'Series', 'Function calling (%)']);
    const facts = new Map(readFactRows('benchmarks').map((row) => [row.model, row.function_calling_pct]));
    for (const [model = '', , value] of chart.rows) {
      const fact = facts.get(model);
      expect(value === 'not measured' ? '' : Number(value)).toEqual(fact ? Number(fact) : '');
    }
    expect(chart.rows.filter((row) => row[1] === 'Rubra model')).toHaveLength(
      readFactRows('benchmarks').filter((row) => row.kind === 'rubra').length,
    );
  });

  it('writes the chat templates, inline and as a table, and the enhanced models table', () => {
    expect(markdown).toContain('Pass `chatml` to the server; press Tab, then run `make`.');
    const templates = table('The --chat-template value for each model family');
    expect(templates.rows.map((row) => row[2])).toEqual(families.map((info) => info.chatTemplate));
    expect(markdown).toContain(`[Llama 3](${SITE}/models/llama)`);
    const enhanced = table('Rubra enhanced models and where to get them');
    expect(enhanced.rows.map((row) => row[0])).toEqual(readFactRows('models').map((row) => `Rubra ${row.model}`));
  });

  it('writes tabs, details blocks and admonitions as labelled sections', () => {
    expect(markdown).toMatch(/\*\*macOS\*\*\n\nBuild with Metal\.\n\n\*\*NVIDIA CUDA\*\*\n\nBuild with CUDA\./);
    expect(markdown).toContain('> **Warning: Quantization hurts**\n>\n> Serve at full precision.');
    expect(markdown).toContain('> **Note**\n>\n> No title here.');
    expect(markdown).toContain('**The tool definitions**\n\n```json title="tools.json"\n{ "name": "find" }\n```');
  });

  it('makes every link absolute, resolving links to sources to their routes', () => {
    expect(markdown).toContain(
      `[the other page](${SITE}/other#section), [the FAQ](${SITE}/faq), [this section](${SITE}/guide#specs), ` +
        `[Hugging Face](https://huggingface.co) and [the logo](${SITE}/img/logo.svg)`,
    );
  });
});

describe('heading ids in the twin', () => {
  const markdown = convert('heading-ids.mdx');
  const lines = markdown.split('\n');
  const headings: string[] = [];
  visit(markdownReader.parse(markdown), 'heading', (heading) => {
    headings.push(lines[(heading.position?.start.line ?? 0) - 1] ?? '');
  });

  it('writes `{#id}` where the id is not the slug a reader computes, and only there', () => {
    expect(headings).toEqual([
      '## 1. Install {#install}',
      '## Configure',
      '## Setup',
      // The numbered slug of a repeated heading is its id already.
      '## Setup',
      '### Run {#start}',
      // A heading that keeps its id takes no slug, so this one is `run`, as on the page.
      '### Run',
      '### The `--port` flag {#port}',
      '#### Inside a tab {#in-docker}',
    ]);
  });

  it('leaves a heading-like line in fenced code as it is', () => {
    expect(markdown).toContain('```bash\n## Not a heading {#kept-as-is}\n```');
  });

  it('gives a reader of the twin the anchors the page has', () => {
    const ids = [...headingIds(readPage(markdown, 'markdown'))].filter(([heading]) => heading.depth <= 3);
    expect(ids.map(([heading, id]) => [textOf(heading), id])).toEqual([
      ['1. Install', 'install'],
      ['Configure', 'configure'],
      ['Setup', 'setup'],
      ['Setup', 'setup-1'],
      ['Run', 'start'],
      ['Run', 'run'],
      ['The --port flag', 'port'],
    ]);
  });
});

describe('MDX to Markdown, failures', () => {
  const failure = (fixture: string): TwinError => {
    try {
      convert(fixture);
    } catch (error) {
      if (error instanceof TwinError) {
        return error;
      }
      throw error;
    }
    throw new Error(`${fixture} converted without an error`);
  };

  it('fails on a component with no Markdown rendering, naming the file, the line and the component', () => {
    const error = failure('unknown-component.mdx');
    expect(error.message).toContain(path.join(FIXTURES, 'unknown-component.mdx'));
    expect(error.message).toContain('(line 5)');
    expect(error.message).toContain('<FancyWidget> has no Markdown rendering');
  });

  it('fails on a typed table whose figures contradict src/data', () => {
    const error = failure('wrong-figure.mdx');
    expect(error.message).toContain(path.join(FIXTURES, 'wrong-figure.mdx'));
    expect(error.message).toContain(
      '"Rubra Llama-3 8B Instruct", MMLU (5-shot): the table says "99.99", src/data/benchmarks.ts says "64.39"',
    );
  });

  it('fails on a component whose props its Markdown form rejects, naming the component', () => {
    expect(() => inline('<ModelSpecs family="Falcon" />')).toThrow(
      /docs\/page\.mdx \(line 1\): <ModelSpecs> could not be rendered as Markdown: Unknown model family "Falcon"/,
    );
  });

  it('fails on an expression outside the scope, an unclosed admonition and a link to no source', () => {
    expect(() => inline('{Math.random()}')).toThrow(/docs\/page\.mdx.*\{Math\.random\(\)\} has no Markdown rendering/);
    expect(() => inline(':::note[Open]\n\nText.')).toThrow(/docs\/page\.mdx.*":::note" is never closed/);
    expect(() => inline('[gone](./gone.mdx)')).toThrow(/docs\/page\.mdx.*"\.\/gone\.mdx" names no page/);
  });

  it('fails when a table a component writes differs from the data, naming the component', () => {
    const broken = {
      ...componentMarkdown,
      FamilyScores: () =>
        '| Model | Kind | MT-bench |\n| --- | --- | --- |\n| Rubra Llama-3 8B Instruct | Rubra | 9.99 |',
    };
    expect(() =>
      mdxToMarkdown('<FamilyScores family="Llama 3" />', {
        file: 'docs/models/llama.mdx',
        pageUrl: `${SITE}/models/llama`,
        siteRoot: SITE,
        resolveSourceLink: () => undefined,
        components: broken,
        scope: {},
        checkTable,
      }),
    ).toThrow(
      /docs\/models\/llama\.mdx \(line 1\): the Markdown table of <FamilyScores family="Llama 3"> differs from the data: "Rubra Llama-3 8B Instruct", MT-bench: the table says "9\.99"/,
    );
  });
});

describe('table figures against src/data', () => {
  it('accepts tables that agree with the data, whatever their number formatting', () => {
    expect(
      checkTable({
        header: ['Model', 'Params (B)', 'MMLU (5-shot)', 'Context (tokens)'],
        rows: [['Rubra Llama-3 8B Instruct', '8.9', '64.390', '8000']],
      }),
    ).toEqual([]);
  });

  it('leaves tables with other columns alone and flags rows that name no model', () => {
    expect(checkTable({ header: ['Step', 'Call', 'Result'], rows: [['1', 'find', '43']] })).toEqual([]);
    expect(checkTable({ header: ['Model', 'MT-bench'], rows: [['Nobody 1B', '5']] })).toEqual([
      'the row "Nobody 1B" names no model of src/data/benchmarks.ts',
    ]);
  });

  it('reads a dash or "not measured" as a figure that was not measured', () => {
    const row = (value: string) => ({ header: ['Model', 'Function calling'], rows: [['Llama-3 8B Instruct', value]] });
    expect(checkTable(row('—'))).toEqual([]);
    expect(checkTable(row('not measured'))).toEqual([]);
    expect(checkTable(row('0'))).toHaveLength(1);
  });
});

describe('code blocks keep their language and title', () => {
  it('in the details fixture', () => {
    const tree = markdownReader.parse(convert('components.mdx'));
    const blocks: Code[] = [];
    visit(tree, 'code', (node) => {
      blocks.push(node);
    });
    expect(blocks.map((block) => [block.lang, block.meta])).toEqual([['json', 'title="tools.json"']]);
  });
});

describe('the theme’s contents list', () => {
  it('leaves <TOCCollapsible toc={toc} /> out of the twin, keeping the headings', () => {
    const markdown = inline(
      "import TOCCollapsible from '@theme/TOCCollapsible';\n\n<TOCCollapsible toc={toc} />\n\n## Results\n\nText.\n",
    );
    expect(markdown).not.toMatch(/TOCCollapsible|toc/);
    expect(markdown).toContain('## Results');
  });
});

describe('a widget a reader presses', () => {
  it('names <ServerCheck> in a sentence: a twin cannot press it', () => {
    const markdown = inline(
      'import ServerCheck from \'@site/src/components/ServerCheck\';\n\n## Check the server\n\n<ServerCheck guide="vllm" />\n\nText.\n',
    );
    expect(markdown).toMatch(/^On the web page, \*\*Check your server\*\* runs these checks from the browser/m);
    expect(markdown).not.toMatch(/<ServerCheck|import /);
  });
});

describe('<DataTable model={…}> in the twins, through the page’s imports', () => {
  const FILE = 'docs/guide/tables.mdx';
  const load = (mdx: string) => pageTableModels(readMdx(mdx, FILE).tree, { file: FILE, siteDir: ROOT });
  const twin = (mdx: string, tableModels: Map<string, AnyTableModel>) =>
    mdxToMarkdown(mdx, {
      file: FILE,
      pageUrl: `${SITE}/guide/tables`,
      siteRoot: SITE,
      resolveSourceLink: () => undefined,
      components: componentMarkdown,
      tableModels,
      scope: {},
      checkTable,
    });
  const page = (imports: string, tag = '<DataTable model={chatTemplates} />') =>
    `---\ntitle: Tables\n---\n\n${imports}\n\nText.\n\n${tag}\n`;

  it('loads the named export of the module the page imports, and writes its Markdown table', async () => {
    const mdx = page(
      "import { chatTemplates } from '@site/src/shared/tables/chat-templates';\nimport { enhancedModels as all } from '../../src/shared/tables/enhanced-models';",
      '<DataTable model={chatTemplates} />\n\n<DataTable model={all} />',
    );
    const tableModels = await load(mdx);
    expect([...tableModels.keys()]).toEqual(['chatTemplates', 'all']);
    const markdown = twin(mdx, tableModels);
    const tables = tablesByCaption(markdown);
    expect(tables.get('The --chat-template value for each model family')?.children).toHaveLength(families.length + 1);
    expect(tables.get('Rubra enhanced models and where to get them')?.children).toHaveLength(
      readFactRows('models').length + 1,
    );
  });

  it('fails on props that choose no rows of the model, naming the file and the line', async () => {
    const mdx = page(
      "import { mtBenchPairwiseTable } from '@site/src/shared/tables/mtbench-pairwise';",
      '<DataTable model={mtBenchPairwiseTable} family="Falcon" />',
    );
    const tableModels = await load(mdx);
    expect(() => twin(mdx, tableModels)).toThrow(
      /^Markdown twin of docs\/guide\/tables\.mdx \(line 9\): <DataTable> could not be rendered as Markdown: Unknown model family "Falcon"/,
    );
  });

  it('fails on a model the page does not import, naming the file and the line', async () => {
    await expect(load(page("import Tabs from '@theme/Tabs';"))).rejects.toThrow(
      /^Markdown twin of docs\/guide\/tables\.mdx \(line 9\): <DataTable> names the model "chatTemplates", which the page does not import/,
    );
  });

  it('fails on an import of a name the module does not export, naming the file', async () => {
    await expect(
      load(page("import { chatTemplates } from '@site/src/shared/tables/enhanced-models';")),
    ).rejects.toThrow(
      /^Markdown twin of docs\/guide\/tables\.mdx \(line 9\): <DataTable> imports "chatTemplates" from "@site\/src\/shared\/tables\/enhanced-models", which does not export it/,
    );
  });

  it('fails on an export that is not a table model, naming the file', async () => {
    await expect(
      load(page("import { formatCount as chatTemplates } from '@site/src/shared/tables/format';")),
    ).rejects.toThrow(
      /^Markdown twin of docs\/guide\/tables\.mdx \(line 9\): <DataTable> names "chatTemplates" from "@site\/src\/shared\/tables\/format", which is not a table model/,
    );
  });

  it('fails on a module that resolves to no file, and on a tag without a model', async () => {
    await expect(load(page("import { chatTemplates } from '@site/src/shared/tables/gone';"))).rejects.toThrow(
      /docs\/guide\/tables\.mdx \(line 9\): <DataTable> imports "chatTemplates" from "@site\/src\/shared\/tables\/gone", which resolves to no file/,
    );
    await expect(load(page('', '<DataTable />'))).rejects.toThrow(
      /docs\/guide\/tables\.mdx \(line 9\): <DataTable> needs model=\{name\}/,
    );
  });
});
