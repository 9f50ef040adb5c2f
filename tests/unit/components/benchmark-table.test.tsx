import { render, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { page } from '../../support/dom';
import { readFactRows } from '../../support/facts';

import BenchmarkTable from '@site/src/components/BenchmarkTable';

const facts = readFactRows('benchmarks');

/** The table, found once per test: its element stays while the rows change. */
let table: () => HTMLElement;

const bodyRows = (): HTMLTableRowElement[] => [...table().querySelectorAll('tbody tr')] as HTMLTableRowElement[];

/** A column of the body as a reader reads it: the model names, or the figures with "not measured" as null. */
function column(index: number): (string | number | null)[] {
  return bodyRows().map((row) => {
    const cell = row.querySelectorAll('th, td').item(index).cloneNode(true) as HTMLElement;
    cell.querySelectorAll('sup').forEach((sup) => sup.remove());
    const text = (cell.textContent ?? '').trim();
    if (index < 2) {
      return text;
    }
    return text === '—not measured' ? null : Number(text.replace(/,/g, ''));
  });
}

/** Measured figures in order, then the ones not measured. */
function expectSorted(values: (string | number | null)[], direction: 'ascending' | 'descending'): void {
  const measured = values.filter((value): value is number => value !== null);
  expect(
    values.slice(measured.length).every((value) => value === null),
    'not measured goes last',
  ).toBe(true);
  expect(measured).toEqual([...measured].sort((a, b) => (direction === 'ascending' ? a - b : b - a)));
}

const status = () => page().getByRole('status');

beforeEach(() => {
  render(<BenchmarkTable />);
  const element = page().getByRole('table');
  table = () => element;
});

describe('the benchmark table', () => {
  const headings = [
    'Model',
    'Kind',
    'Params (B)',
    'Function calling',
    'MMLU (5-shot)',
    'GPQA (0-shot)',
    'GSM-8K (8-shot, CoT)',
    'MATH (4-shot, CoT)',
    'MT-bench',
  ];

  it('has a sort button in each column heading', () => {
    const labels = within(table())
      .getAllByRole('button')
      .map((button) => button.textContent?.replace(/[↕↑↓]/g, ''));
    expect(labels).toEqual(headings);
  });

  // Names and kinds sort A to Z first, figures best first; figures not measured stay last.
  it.each(headings.map((heading, index) => [heading, index] as const))(
    'sorts by %s, then the other way, one column at a time',
    async (_heading, index) => {
      const button = within(table()).getAllByRole('button').at(index) as HTMLElement;
      const header = button.closest('th') as HTMLElement;
      const first = index < 2 ? 'ascending' : 'descending';
      const second = first === 'ascending' ? 'descending' : 'ascending';
      await userEvent.click(button);
      expect(header).toHaveAttribute('aria-sort', first);
      expect(table().querySelectorAll('th[aria-sort]')).toHaveLength(1);
      if (index >= 2) {
        expectSorted(column(index), first);
      }
      await userEvent.click(button);
      expect(header).toHaveAttribute('aria-sort', second);
      if (index >= 2) {
        expectSorted(column(index), second);
      } else if (index === 0) {
        const names = column(0) as string[];
        expect(names).toEqual([...names].sort((a, b) => b.localeCompare(a, 'en', { sensitivity: 'base' })));
      }
    },
  );

  it('filters by kind and by name, and says how many models it shows', async () => {
    expect(status()).toHaveTextContent(`Showing ${facts.length} of ${facts.length} models.`);
    for (const label of ['Base', 'Other open models', 'Closed models']) {
      await userEvent.click(page().getByRole('checkbox', { name: label }));
    }
    const rubra = facts.filter((row) => row.kind === 'rubra');
    expect(status()).toHaveTextContent(`Showing ${rubra.length} of ${facts.length} models.`);
    expect(column(0)).toEqual(rubra.map((row) => row.model));

    await userEvent.click(page().getByRole('checkbox', { name: 'Closed models' }));
    const shown = facts.filter((row) => row.kind === 'rubra' || row.kind === 'closed');
    expect(column(0)).toEqual(shown.map((row) => row.model));

    await userEvent.type(page().getByRole('searchbox', { name: 'Model name contains' }), 'llama-3');
    const matching = shown.filter((row) => row.model?.toLowerCase().includes('llama-3'));
    expect(matching.length).toBeGreaterThan(0);
    expect(column(0)).toEqual(matching.map((row) => row.model));

    const search = page().getByRole('searchbox', { name: 'Model name contains' });
    await userEvent.clear(search);
    await userEvent.type(search, 'no such model');
    expect(bodyRows()).toHaveLength(0);
    expect(status()).toHaveTextContent(`Showing 0 of ${facts.length} models.`);
  });
});
