/**
 * The pairwise MT-bench comparisons, every one or a family's
 * (`<DataTable model={mtBenchPairwiseTable} family="Gemma" />`): each row is one
 * model's record against the other, judged by GPT-4.
 */
import { mtBenchPairwise, mtBenchPairwiseOf, type MtBenchPairwiseRow } from '../../data/benchmarks';
import { familyInfo, type ModelFamily } from '../../data/models';
import type { TableModel } from './model';

export const mtBenchPairwiseTable = {
  source: 'src/data/benchmarks.ts',
  data: mtBenchPairwise,
  // A family the data does not know stops the build, naming the known ones.
  rows: ({ family }) => (family ? mtBenchPairwiseOf(familyInfo(family).family) : mtBenchPairwise),
  caption: ({ family }) => (family ? `${family}: MT-bench pairwise comparisons` : 'MT-bench pairwise comparisons'),
  columns: [
    { label: 'Model', value: (row) => row.model, key: true },
    { label: 'Compared with', value: (row) => row.comparedWith, key: true },
    { label: 'Wins', value: (row) => row.win, align: 'end' },
    { label: 'Losses', value: (row) => row.loss, align: 'end' },
    { label: 'Ties', value: (row) => row.tie, align: 'end' },
    { label: 'Win rate', value: (row) => row.winRate, align: 'end' },
    { label: 'Loss rate', value: (row) => row.lossRate, align: 'end' },
    { label: 'Adjusted win rate', value: (row) => row.adjustedWinRate, align: 'end' },
  ],
  look: { region: true, marker: 'mtbench-pairwise' },
} satisfies TableModel<MtBenchPairwiseRow, { family?: ModelFamily }>;
