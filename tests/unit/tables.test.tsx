/**
 * Renders every table on the server, the components as the build does and the static
 * tables' markup (src/shared/tables/html.ts, which the build writes into the pages)
 * with the tables' stylesheet, and compares each cell with the facts, so a wrong
 * figure anywhere fails the suite.
 */
import * as React from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';

import BenchmarkChart from '@site/src/components/BenchmarkChart';
import BenchmarkTable from '@site/src/components/BenchmarkTable';
import { HtmlContent } from '../support/html-content';
import css from '@site/src/components/DataTable/styles.module.css';
import { families, type ModelFamily } from '@site/src/data/models';
import { dataComponents } from '@site/src/shared/tables';
import { familyBenchmarks } from '@site/src/shared/tables/benchmarks';
import { chatTemplates } from '@site/src/shared/tables/chat-templates';
import { enhancedModels } from '@site/src/shared/tables/enhanced-models';
import { dataTable } from '@site/src/shared/tables/html';
import { tableMarkdown } from '@site/src/shared/tables/markdown';
import type { AnyTableModel, TableModel } from '@site/src/shared/tables/model';
import { mtBenchPairwiseTable } from '@site/src/shared/tables/mtbench-pairwise';
import { readFactRows } from '../support/facts';
import { expectedBenchmarkRows, expectedPairwiseRows, expectedSpecRows } from '../support/facts-tables';
import { cellNumber, parseTables, type ParsedTable } from './html-tables';

vi.mock('@docusaurus/Link', () => ({
  default: ({ to, children }: { to: string; children: React.ReactNode }) =>
    React.createElement('a', { href: to }, children),
}));

// Vitest compiles JSX with the classic runtime, whose output calls a global React.
Object.assign(globalThis, { React });

/** The markup the build writes for `<DataTable model={…} …/>`. */
function DataTable({ model, ...of }: { model: AnyTableModel } & Record<string, unknown>): React.ReactNode {
  return <HtmlContent nodes={[dataTable(model, of)]} />;
}

/** The markup the build writes for `<ModelSpecs family="…"/>`, from the registry. */
function ModelSpecs({ family }: { family: ModelFamily }): React.ReactNode {
  const html = dataComponents.ModelSpecs?.html;
  return html ? <HtmlContent nodes={[html({ family })]} /> : null;
}

const render = (element: React.ReactElement): ParsedTable[] => parseTables(renderToStaticMarkup(element));

/** Body rows as [text, text, number | null, ...]: two leading text columns, then figures. */
function bodyRows(table: ParsedTable, textColumns: number): (string | number | null)[][] {
  return table.rows
    .slice(1)
    .map((cells) => cells.map((cell, index) => (index < textColumns ? cell : cellNumber(cell))));
}

const modelFacts = readFactRows('models');

describe('BenchmarkTable', () => {
  it('renders every row of benchmarks.ts with every figure, in the server HTML', () => {
    const tables = render(<BenchmarkTable />);
    expect(tables).toHaveLength(1);
    const [table] = tables as [ParsedTable];
    expect(table.rows[0]).toEqual([
      'Model↕',
      'Kind↕',
      'Params (B)↕',
      'Function calling↕',
      'MMLU (5-shot)↕',
      'GPQA (0-shot)↕',
      'GSM-8K (8-shot, CoT)↕',
      'MATH (4-shot, CoT)↕',
      'MT-bench↕',
    ]);
    expect(bodyRows(table, 2)).toEqual(expectedBenchmarkRows());
  });

  it('marks the models that do not accept tool observations and prints every note', () => {
    const html = renderToStaticMarkup(<BenchmarkTable />);
    const facts = readFactRows('benchmarks');
    const marked = [...html.matchAll(/<tr\b[^>]*><th scope="row">([^<]+)<sup[^>]*><a[^>]*>∔/g)].map(([, name]) => name);
    expect(marked).toEqual(
      facts.filter((row) => row.note?.startsWith('does not accept tool observations')).map((row) => row.model),
    );
    expect(html).toContain('id="benchmark-note-tool-observations"');
    for (const note of new Set(facts.map((row) => row.note).filter(Boolean))) {
      expect(html).toContain(`>${String(note).replace(/'/g, '&#x27;')}</li>`);
    }
  });
});

describe.each(families.map((info) => info.family))('the %s guide', (family: ModelFamily) => {
  const familyModels = modelFacts.filter((row) => row.family === family);

  it('shows the specifications and repositories of models.ts', () => {
    const [specs, repos] = render(<ModelSpecs family={family} />) as [ParsedTable, ParsedTable];
    expect(specs.rows.slice(1)).toEqual(expectedSpecRows(familyModels));
    const hasOther = familyModels.some((row) => row.other_repos);
    expect(repos.rows.slice(1)).toEqual(
      familyModels.map((row) => [
        `Rubra ${row.model}`,
        row.hf_repo,
        row.gguf_repo,
        ...(hasOther ? [row.other_repos ? row.other_repos : '—none'] : []),
      ]),
    );
    const html = renderToStaticMarkup(<ModelSpecs family={family} />);
    for (const row of familyModels) {
      expect(html).toContain(`href="https://huggingface.co/${row.hf_repo}"`);
      expect(html).toContain(`href="https://huggingface.co/${row.gguf_repo}"`);
    }
  });

  it('shows its base and Rubra rows of benchmarks.ts', () => {
    const [table] = render(<DataTable model={familyBenchmarks} family={family} />) as [ParsedTable];
    const rows = bodyRows(table, 2);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    const names = new Set(rows.map((row) => row[0] as string));
    expect(rows).toEqual(expectedBenchmarkRows((row) => names.has(row.model ?? '')));
    expect(rows.filter((row) => row[1] === 'Rubra')).toHaveLength(familyModels.length);
    expect(rows.filter((row) => row[1] === 'Base')).toHaveLength(familyModels.length);
  });

  it('shows both sides of its MT-bench pairwise comparisons', () => {
    const [table] = render(<DataTable model={mtBenchPairwiseTable} family={family} />) as [ParsedTable];
    const rows = bodyRows(table, 2);
    expect(rows).toHaveLength(familyModels.length * 2);
    expect(rows).toEqual(expectedPairwiseRows(new Set(rows.map((row) => row[0] as string))));
  });
});

describe('other tables', () => {
  it('the MT-bench pairwise table without a family shows all of mtbench-pairwise.ts', () => {
    const [table] = render(<DataTable model={mtBenchPairwiseTable} />) as [ParsedTable];
    expect(bodyRows(table, 2)).toEqual(expectedPairwiseRows());
  });

  it('the chat templates table lists the llama.cpp chat template of each family from models.ts', () => {
    const [table] = render(<DataTable model={chatTemplates} />) as [ParsedTable];
    const expected = [...new Set(modelFacts.map((row) => row.family))].map((family) => {
      const rows = modelFacts.filter((row) => row.family === family);
      return [family, rows.map((row) => row.model).join(', '), rows[0]?.llamacpp_chat_template];
    });
    expect(table.rows.slice(1)).toEqual(expected);
  });
});

describe('the <DataTable> tag', () => {
  interface Row {
    name: string;
    family: string;
    size: number;
    links: string[];
  }
  const data: Row[] = [
    { name: 'One', family: 'A', size: 1000, links: ['x', 'y'] },
    { name: 'Two', family: 'B', size: 2, links: [] },
  ];
  const model = (look: TableModel<Row, { family?: string }>['look']): TableModel<Row, { family?: string }> => ({
    source: 'a test',
    data,
    rows: ({ family }) => data.filter((row) => family === undefined || row.family === family),
    caption: ({ family }) => `Rows of ${family ?? 'every family'}`,
    columns: [
      { label: 'Name', value: (row) => row.name, key: true },
      { label: 'Size', value: (row) => row.size, format: (value) => value.toLocaleString('en-US'), align: 'end' },
      { label: 'Links', cell: (row) => ({ items: row.links, bulleted: true }) },
    ],
    ...(look ? { look } : {}),
  });

  it('renders the rows its other props choose, with the caption and the formatted figures', () => {
    const [table] = render(<DataTable model={model(undefined)} family="A" />) as [ParsedTable];
    expect(table.caption).toBe('Rows of A');
    expect(table.rows).toEqual([
      ['Name', 'Size', 'Links'],
      ['One', '1,000', 'xy'],
    ]);
    expect(render(<DataTable model={model(undefined)} />)[0]?.rows).toHaveLength(3);
  });

  const classes = (...names: string[]) => names.map((name) => css[name]).join(' ');

  it('puts the table in a scrolling box, a focusable named region only when the model names one', () => {
    const box = `<div class="${classes('scroller')}"`;
    const plain = renderToStaticMarkup(<DataTable model={model(undefined)} />);
    expect(plain.startsWith(`${box}><table class="${classes('table')}">`)).toBe(true);
    expect(plain).not.toContain('role=');
    const region = renderToStaticMarkup(<DataTable model={model({ region: 'Sizes', marker: 'sizes' })} />);
    expect(
      region.startsWith(
        `${box} role="region" aria-label="Sizes" tabindex="0"><table class="${classes('table')}" data-sizes="">`,
      ),
    ).toBe(true);
  });

  it('writes bulleted cells as plain lists', () => {
    const html = renderToStaticMarkup(<DataTable model={model(undefined)} />);
    expect(html).toContain(`<ul class="${classes('plainList')}"><li>x</li><li>y</li></ul>`);
  });

  it('puts the model’s notes under the scrolling box, and its row attributes on the rows', () => {
    const withNotes = {
      ...model({ region: true }),
      notes: ({ family }: { family?: string }) => (family === 'B' ? [] : [['One', ': ', 'a note', '.']]),
      rowAttributes: (row: Row) => ({ 'data-family': row.family }),
    };
    const html = renderToStaticMarkup(<DataTable model={withNotes} family="A" />);
    expect(
      html.startsWith(
        `<div><div class="${classes('scroller')}" role="region" aria-label="Rows of A" tabindex="0"><table`,
      ),
    ).toBe(true);
    expect(html).toContain('<tr data-family="A"><th scope="row">One</th>');
    expect(html.endsWith(`</table></div><ul class="${classes('notes')}"><li>One: a note.</li></ul></div>`)).toBe(true);
    expect(renderToStaticMarkup(<DataTable model={withNotes} family="B" />)).not.toContain(classes('notes'));
    expect(tableMarkdown(withNotes, { family: 'A' })).toMatch(/\| One \| 1,000 \| x, y \|\n\n- One: a note\.$/);
    expect(tableMarkdown(withNotes, { family: 'B' })).toMatch(/\| Two \| 2 \| {2}\|$/);
  });

  it('renders the enhanced models table with a row per model of models.ts', () => {
    const [table] = render(<DataTable model={enhancedModels} />) as [ParsedTable];
    expect(table.rows.slice(1).map((row) => row[0])).toEqual(modelFacts.map((row) => `Rubra ${row.model}`));
  });
});

describe('BenchmarkChart', () => {
  const html = renderToStaticMarkup(<BenchmarkChart />);
  const bars = [...html.matchAll(/<g data-series="(\w+)" data-model="([^"]+)">([\s\S]*?)<\/g>/g)].map(
    ([, series, model, body]) => ({ series, model: model?.replace(/&#x27;/g, "'"), body: body ?? '' }),
  );
  const facts = readFactRows('benchmarks');

  it('draws each Rubra model beside its base model, then the best third-party models', () => {
    const rubra = facts.filter((row) => row.kind === 'rubra');
    expect(bars.filter((bar) => bar.series === 'rubra').map((bar) => bar.model)).toEqual(rubra.map((row) => row.model));
    expect(bars.filter((bar) => bar.series === 'base').map((bar) => `Rubra ${bar.model}`)).toEqual(
      rubra.map((row) => row.model),
    );
    const thirdParty = facts
      .filter((row) => (row.kind === 'other' || row.kind === 'closed') && row.function_calling_pct)
      .sort((a, b) => Number(b.function_calling_pct) - Number(a.function_calling_pct))
      .slice(0, 4)
      .map((row) => Number(row.function_calling_pct));
    expect(
      bars
        .filter((bar) => bar.series === 'thirdParty')
        .map((bar) => {
          const fact = facts.find((row) => row.model === bar.model);
          return Number(fact?.function_calling_pct);
        }),
    ).toEqual(thirdParty);
  });

  it('labels every bar with its figure from benchmarks.ts, or says it was not measured', () => {
    expect(bars).toHaveLength(7 * 2 + 4);
    for (const bar of bars) {
      const fact = facts.find((row) => row.model === bar.model);
      if (!fact) {
        throw new Error(`The chart shows ${bar.model}, which benchmarks.ts does not list`);
      }
      const label = /<text[^>]*>([\d.]+)<\/text>/.exec(bar.body)?.[1];
      if (fact.function_calling_pct) {
        expect(Number(label), bar.model).toBe(Number(fact.function_calling_pct));
        const width = Number(/<rect[^>]*width="([\d.]+)"/.exec(bar.body)?.[1]);
        expect(width / 380, bar.model).toBeCloseTo(Number(fact.function_calling_pct) / 100, 6);
      } else {
        expect(label).toBeUndefined();
        expect(bar.body).toContain('not measured');
      }
    }
  });

  it('has a text alternative that names every model and figure', () => {
    expect(html).toMatch(
      /<svg[^>]*role="img"[^>]*aria-labelledby="function-calling-chart-title function-calling-chart-desc"/,
    );
    const desc = /<desc id="function-calling-chart-desc">([\s\S]*?)<\/desc>/.exec(html)?.[1] ?? '';
    const text = desc.replace(/&#x27;/g, "'");
    for (const bar of bars) {
      const cell = facts.find((row) => row.model === bar.model)?.function_calling_pct;
      const figure = cell ? `${Number(cell).toFixed(2)}%` : 'not measured';
      expect(text, bar.model).toContain(`${bar.model} (`);
      expect(text.split('; ').find((part) => part.startsWith(`${bar.model} (`))).toMatch(new RegExp(`: ${figure}$`));
    }
  });
});
