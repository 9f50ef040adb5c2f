/**
 * Reads the tables out of server-rendered HTML. The markup is our own React
 * output, so a small parser is enough: tables do not nest, and cells hold
 * inline elements only.
 */
export interface ParsedTable {
  /** The attributes of the <table> tag, as written. */
  attributes: string;
  caption: string;
  /** Header row first, then the body rows; each cell as the text a reader sees. */
  rows: string[][];
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#x27': "'", '#39': "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x27|#39|amp|lt|gt|quot|nbsp);/g, (_match, name: string) => entities[name] ?? '');
}

/** The text of a "not measured" cell: an em dash for the eye, words for screen readers. */
const NOT_MEASURED_CELL = '—not measured';

/** The text of a cell without its superscript markers (footnote references). */
function cellText(html: string): string {
  return decode(html.replace(/<sup\b[^>]*>[\s\S]*?<\/sup>/g, '').replace(/<[^>]+>/g, '')).trim();
}

export function parseTables(html: string): ParsedTable[] {
  return [...html.matchAll(/<table\b([^>]*)>([\s\S]*?)<\/table>/g)].map(([, attributes = '', body = '']) => {
    const caption = cellText(/<caption\b[^>]*>([\s\S]*?)<\/caption>/.exec(body)?.[1] ?? '');
    const rows = [...body.matchAll(/<tr\b[^>]*>([\s\S]*?)<\/tr>/g)].map(([, row = '']) =>
      [...row.matchAll(/<t[hd]\b[^>]*>([\s\S]*?)<\/t[hd]>/g)].map(([, cell = '']) => cellText(cell)),
    );
    return { attributes, caption, rows };
  });
}

/** A number as a page shows it, or null for "not measured"; anything else is an error. */
export function cellNumber(text: string): number | null {
  if (text === NOT_MEASURED_CELL) {
    return null;
  }
  const value = Number(text.replace(/,/g, ''));
  if (Number.isNaN(value)) {
    throw new Error(`Not a number: "${text}"`);
  }
  return value;
}
