/**
 * A code block highlighted when the site is built, in the form its page carries to the
 * browser: the code block renders it without a highlighter of its own.
 */

/** A token: plain text, or its classes (Prism's token types and colour classes) and its text. */
export type CodeToken = string | readonly [className: string, text: string];

export interface HighlightedCode {
  /** The language, lowercase: the one the grammar highlighted, or the one named without a grammar (`text`). */
  language: string;
  /** The code's lines, each a list of tokens; an empty line has none. */
  lines: readonly (readonly CodeToken[])[];
  /** The classes that magic comments or a line range give a line, by its index from 0. */
  lineClassNames?: Readonly<Record<number, string>>;
  /** The block's title (`title="…"` after the language). */
  title?: string;
  /** The number of the first line, when the lines are numbered. */
  lineNumbersStart?: number;
}

/** A token's text. */
export const tokenText = (token: CodeToken): string => (typeof token === 'string' ? token : token[1]);

/** The code as a reader copies it: the lines' text, without the magic comments. */
export function codeText(code: Pick<HighlightedCode, 'lines'>): string {
  return code.lines.map((line) => line.map(tokenText).join('')).join('\n');
}
