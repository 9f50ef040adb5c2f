const countFormat = new Intl.NumberFormat('en-US');

/** A whole count with thousands separators, the same in the HTML and Markdown tables. */
export function formatCount(value: number): string {
  return countFormat.format(value);
}
