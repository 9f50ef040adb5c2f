/** Raised when a page cannot be turned into Markdown; the message names the file and the problem. */
export class TwinError extends Error {
  constructor(
    readonly file: string,
    readonly problem: string,
    readonly line?: number,
  ) {
    super(`Markdown twin of ${file}${line ? ` (line ${line})` : ''}: ${problem}`);
    this.name = 'TwinError';
  }
}
