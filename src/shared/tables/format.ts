/**
 * How the data tables write their figures, the same in the HTML and in the Markdown
 * twins; a column without a format (parameter counts, rates) writes the figure as short
 * as it is, with the precision of the data.
 */

/** What a reader sees for a figure that was not measured. */
export const NOT_MEASURED_MARK = '—';
export const NOT_MEASURED_TEXT = 'not measured';

/** A whole count with thousands separators (Intl's `format` is bound to its formatter). */
export const formatCount: (value: number) => string = new Intl.NumberFormat('en-US').format;

/** Scores keep two decimals, which every figure in the data fits exactly. */
export const formatScore = (value: number): string => value.toFixed(2);
