/** The pairwise MT-bench comparisons (`<MtBenchPairwise family? />`): every one, or a family's. */
import { mtBenchPairwise, mtBenchPairwiseOf, type MtBenchPairwiseRow } from '../../data/benchmarks';
import type { ModelFamily } from '../../data/models';
import { formatRate } from './format';
import type { TableModel } from './model';

export const mtBenchPairwiseTable = {
  source: 'src/data/benchmarks.ts',
  data: mtBenchPairwise,
  rows: ({ family }) => (family ? mtBenchPairwiseOf(family) : mtBenchPairwise),
  caption: ({ family }) => (family ? `${family}: MT-bench pairwise comparisons` : 'MT-bench pairwise comparisons'),
  columns: [
    { label: 'Model', value: (row) => row.model, key: true },
    { label: 'Compared with', value: (row) => row.comparedWith, key: true },
    { label: 'Wins', value: (row) => row.win, align: 'end' },
    { label: 'Losses', value: (row) => row.loss, align: 'end' },
    { label: 'Ties', value: (row) => row.tie, align: 'end' },
    { label: 'Win rate', value: (row) => row.winRate, format: formatRate, align: 'end' },
    { label: 'Loss rate', value: (row) => row.lossRate, format: formatRate, align: 'end' },
    { label: 'Adjusted win rate', value: (row) => row.adjustedWinRate, format: formatRate, align: 'end' },
  ],
} satisfies TableModel<MtBenchPairwiseRow, { family?: ModelFamily }>;
