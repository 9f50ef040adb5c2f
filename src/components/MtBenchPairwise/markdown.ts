import { mtBenchPairwise, mtBenchPairwiseOf } from '../../data/benchmarks';
import type { ModelFamily } from '../../data/models';
import { formatRate } from '../BenchmarkTable/logic';
import { markdownTable } from '../../shared/markdown';

/** The Markdown form of `<MtBenchPairwise family?>`. */
export function mtBenchPairwiseMarkdown({ family }: { family?: ModelFamily }): string {
  const rows = family ? mtBenchPairwiseOf(family) : mtBenchPairwise;
  return markdownTable({
    caption: family ? `${family}: MT-bench pairwise comparisons` : 'MT-bench pairwise comparisons',
    header: ['Model', 'Compared with', 'Wins', 'Losses', 'Ties', 'Win rate', 'Loss rate', 'Adjusted win rate'],
    rows: rows.map((row) => [
      row.model,
      row.comparedWith,
      String(row.win),
      String(row.loss),
      String(row.tie),
      formatRate(row.winRate),
      formatRate(row.lossRate),
      formatRate(row.adjustedWinRate),
    ]),
  });
}
