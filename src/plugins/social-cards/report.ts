/**
 * The line the build prints about its cards, and its reader: the scale run of
 * `npm run bench` reads the cards' figures from the build's output with it.
 */
export interface CardReport {
  cards: number;
  pages: number;
  /** Cards this build rendered; the others came from the cache. */
  rendered: number;
  /** Wall time from the first card's layout to the last card's file. */
  seconds: number;
  /** Sizes in KB (1,024 bytes). */
  minKB: number;
  medianKB: number;
  maxKB: number;
}

const REPORT_PREFIX = '[social-cards]';

/** The sizes' summary, in KB: smallest, median and largest. */
export function sizeSummary(bytes: readonly number[]): Pick<CardReport, 'minKB' | 'medianKB' | 'maxKB'> {
  const sorted = [...bytes].sort((a, b) => a - b);
  const kb = (value: number | undefined) => (value ?? 0) / 1024;
  const middle = sorted.length / 2;
  const median =
    sorted.length % 2 === 1 ? kb(sorted[Math.floor(middle)]) : (kb(sorted[middle - 1]) + kb(sorted[middle])) / 2;
  return { minKB: kb(sorted[0]), medianKB: median, maxKB: kb(sorted[sorted.length - 1]) };
}

export function formatCardReport(report: CardReport): string {
  const kb = (value: number) => value.toFixed(1);
  return (
    `${REPORT_PREFIX} ${report.cards} cards for ${report.pages} pages: ${report.rendered} rendered, ` +
    `${report.cards - report.rendered} from the cache, in ${report.seconds.toFixed(2)} s; ` +
    `${kb(report.minKB)}/${kb(report.medianKB)}/${kb(report.maxKB)} KB (min/median/max)`
  );
}

const REPORT_LINE =
  /\[social-cards\] (\d+) cards for (\d+) pages: (\d+) rendered, \d+ from the cache, in ([\d.]+) s; ([\d.]+)\/([\d.]+)\/([\d.]+) KB/;

/** The report in a build's output, or null when the output has none. */
export function parseCardReport(output: string): CardReport | null {
  const match = REPORT_LINE.exec(output);
  if (!match) {
    return null;
  }
  const [cards = 0, pages = 0, rendered = 0, seconds = 0, minKB = 0, medianKB = 0, maxKB = 0] = match
    .slice(1)
    .map(Number);
  return { cards, pages, rendered, seconds, minKB, medianKB, maxKB };
}
