import { HeadingIds, parseHeading } from './headings';

/** A part of a page: the introduction before the first h2, or one h2 or h3 with its text. */
export interface TwinSection {
  /** The section's heading; the page title for the introduction. */
  heading: string;
  /** 1 for the introduction, 2 or 3 for a section. */
  level: 1 | 2 | 3;
  /** The heading's anchor on the page; none for the introduction. */
  anchor?: string;
  /** The section's Markdown below its heading, h4 and deeper headings included. */
  text: string;
}

export interface ParsedTwin {
  title: string;
  sections: TwinSection[];
}

export class MalformedTwinError extends Error {
  override name = 'MalformedTwinError';
}

const ATX_HEADING = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
const FENCE_OPENING = /^ {0,3}(`{3,}|~{3,})(.*)$/;

/**
 * Splits a page's Markdown twin by its h2 and h3 headings. Lines inside fenced code
 * blocks are never headings, so a shell comment or a Python `#` line stays code.
 * `where` names the twin in the error thrown when it is not one.
 */
export function parseTwin(markdown: string, where: string): ParsedTwin {
  const lines = markdown.replace(/^\uFEFF/, '').split(/\r?\n/);
  const titleLine = lines.findIndex((line) => line.trim() !== '');
  const titleMatch = titleLine === -1 ? null : /^# +(.*\S)\s*$/.exec(lines[titleLine] ?? '');
  if (!titleMatch?.[1]) {
    const first = lines[titleLine]?.trim() ?? '';
    const found =
      titleLine === -1 ? 'it is empty' : `it starts with "${first.length > 60 ? `${first.slice(0, 57)}...` : first}"`;
    throw new MalformedTwinError(
      `${where} is not a page's Markdown twin: it must start with a "# Title" line, but ${found}.`,
    );
  }
  const title = parseHeading(titleMatch[1]).text;
  const ids = new HeadingIds();
  const sections: TwinSection[] = [];
  let current: TwinSection = { heading: title, level: 1, text: '' };
  let body: string[] = [];
  let fence: { marker: string; length: number } | null = null;

  const closeSection = () => {
    current.text = body.join('\n').trim();
    sections.push(current);
    body = [];
  };

  for (const line of lines.slice(titleLine + 1)) {
    // A backtick fence's info string may not contain a backtick (CommonMark).
    const fenceLine = FENCE_OPENING.exec(line);
    const heading = ATX_HEADING.exec(line);
    if (fence) {
      if (fenceLine?.[1]?.[0] === fence.marker && fenceLine[1].length >= fence.length && fenceLine[2]?.trim() === '') {
        fence = null;
      }
    } else if (fenceLine?.[1] && !(fenceLine[1][0] === '`' && fenceLine[2]?.includes('`'))) {
      fence = { marker: fenceLine[1][0] ?? '`', length: fenceLine[1].length };
    } else if (heading?.[1]) {
      const level = heading[1].length;
      const parts = parseHeading(heading[2] ?? '');
      const anchor = ids.next(parts.text, parts.explicitId);
      if (level === 2 || level === 3) {
        closeSection();
        current = { heading: parts.text, level, anchor, text: '' };
        continue;
      }
    }
    body.push(line);
  }
  closeSection();
  return { title, sections };
}
