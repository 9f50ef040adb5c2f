/**
 * Checks the figures of a Markdown table against src/data: any table whose
 * columns are those of the benchmark, MT-bench pairwise or model tables, whether
 * a component wrote it or an author typed it into the MDX.
 */
import { NOT_MEASURED_MARK, NOT_MEASURED_TEXT } from '../../components/BenchmarkTable/logic';
import { RUBRA_PREFIX, benchmarks, kindLabels, mtBenchPairwise, scoreColumns } from '../../data/benchmarks';
import { models } from '../../data/models';
import type { TableText } from './mdx';

type Expected = number | string | null;

/** A cell matches a figure when it reads the same number (separators and trailing zeros aside). */
function matches(cell: string, expected: Expected): boolean {
  const text = cell.trim();
  if (expected === null) {
    return text === NOT_MEASURED_MARK || text === NOT_MEASURED_TEXT;
  }
  if (typeof expected === 'string') {
    return text === expected;
  }
  const value = Number(text.replace(/,/g, ''));
  return text !== '' && !Number.isNaN(value) && value === expected;
}

/** The model name of a cell, without the table's markers (∔, note numbers). */
function modelName(cell: string): string {
  return cell
    .replace(/\s*\(note \d+\)/g, '')
    .replace(/\s*∔/g, '')
    .trim();
}

interface Rule {
  /** The table's source of truth, for messages. */
  source: string;
  applies: (header: readonly string[]) => boolean;
  /** The data row a table row describes, by its first cells, or undefined. */
  find: (cells: readonly string[], header: readonly string[]) => Record<string, Expected> | undefined;
}

const scoreLabels = new Set<string>(scoreColumns.map((column) => column.label));

const rules: Rule[] = [
  {
    source: 'src/data/benchmarks.ts',
    applies: (header) => header[0] === 'Model' && header.some((label) => scoreLabels.has(label)),
    find: (cells) => {
      const row = benchmarks.find((candidate) => candidate.model === modelName(cells[0] ?? ''));
      if (!row) return undefined;
      const expected: Record<string, Expected> = { Kind: kindLabels[row.kind] };
      for (const column of scoreColumns) {
        expected[column.label] = row[column.key];
      }
      return expected;
    },
  },
  {
    source: 'src/data/benchmarks.ts',
    applies: (header) => header[0] === 'Model' && header.includes('Function calling (%)'),
    find: (cells) => {
      const row = benchmarks.find((candidate) => candidate.model === modelName(cells[0] ?? ''));
      return row ? { 'Function calling (%)': row.functionCalling } : undefined;
    },
  },
  {
    source: 'src/data/benchmarks.ts',
    applies: (header) => header[0] === 'Model' && header[1] === 'Compared with',
    find: (cells) => {
      const row = mtBenchPairwise.find(
        (candidate) => candidate.model === cells[0]?.trim() && candidate.comparedWith === cells[1]?.trim(),
      );
      return row
        ? {
            Wins: row.win,
            Losses: row.loss,
            Ties: row.tie,
            'Win rate': row.winRate,
            'Loss rate': row.lossRate,
            'Adjusted win rate': row.adjustedWinRate,
          }
        : undefined;
    },
  },
  {
    source: 'src/data/models.ts',
    applies: (header) =>
      /^(Rubra )?model$/i.test(header[0] ?? '') &&
      (header.includes('Context length (tokens)') || header.includes('Context (tokens)')),
    find: (cells) => {
      const name = (cells[0] ?? '').trim().replace(new RegExp(`^${RUBRA_PREFIX}`), '');
      const model = models.find((candidate) => candidate.model === name);
      return model
        ? {
            Parameters: model.params,
            'Context length (tokens)': model.contextLength,
            'Context (tokens)': model.contextLength,
            'Grouped-query attention': model.gqa,
            'Training tokens': model.trainingTokens,
            'Knowledge cutoff': model.knowledgeCutoff,
          }
        : undefined;
    },
  },
];

/** Every difference between a table's figures and the data, as readable problems. */
export function tableFigureProblems({ header, rows }: TableText): string[] {
  const problems: string[] = [];
  for (const rule of rules.filter((candidate) => candidate.applies(header))) {
    for (const cells of rows) {
      const expected = rule.find(cells, header);
      if (!expected) {
        problems.push(`the row "${cells[0]}" names no model of ${rule.source}`);
        continue;
      }
      header.forEach((label, index) => {
        const figure = expected[label];
        const cell = cells[index] ?? '';
        if (figure !== undefined && !matches(cell, figure)) {
          const wanted = figure === null ? NOT_MEASURED_MARK : String(figure);
          problems.push(`"${cells[0]}", ${label}: the table says "${cell}", ${rule.source} says "${wanted}"`);
        }
      });
    }
  }
  return problems;
}
