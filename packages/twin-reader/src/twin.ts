/**
 * Checks that a text is a page's Markdown twin: its first line that is not blank is the
 * page's `# Title`. `where` names the twin in the error thrown when it is not one.
 */
export function checkTwin(markdown: string, where: string): void {
  const first = markdown
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .find((line) => line.trim() !== '');
  if (first === undefined || !/^# +.*\S\s*$/.test(first)) {
    const line = first?.trim() ?? '';
    const found =
      first === undefined ? 'it is empty' : `it starts with "${line.length > 60 ? `${line.slice(0, 57)}...` : line}"`;
    throw new Error(`${where} is not a page's Markdown twin: it must start with a "# Title" line, but ${found}.`);
  }
}
