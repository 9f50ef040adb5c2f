/**
 * Heading anchors computed the way Docusaurus computes them, so that a URL we hand out
 * lands on the heading it names: an explicit `{#id}` wins, otherwise the heading's text
 * goes through github-slugger, the slugger Docusaurus uses (lower case, punctuation
 * removed, spaces to hyphens, and a `-1`, `-2` suffix for a repeated slug within the page).
 */
import GithubSlugger from 'github-slugger';

const EXPLICIT_ID = /^(?<text>.*?)\s*\{#(?<id>[\w-]+)\}$/;

export interface HeadingParts {
  /** The heading as a reader sees it: inline Markdown removed, no `{#id}`. */
  text: string;
  explicitId?: string;
}

/** Splits a heading's Markdown source into its visible text and its explicit id. */
export function parseHeading(source: string): HeadingParts {
  const match = EXPLICIT_ID.exec(source.trim());
  const markdown = match?.groups?.text ?? source.trim();
  const explicitId = match?.groups?.id;
  const text = plainText(markdown);
  return explicitId ? { text, explicitId } : { text };
}

/** The visible text of inline Markdown: code, emphasis, links and HTML tags unwrapped. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/(`+)(.+?)\1/g, '$2')
    .replace(/(\*{1,3}|\b_{1,3})(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/~~(.+?)~~/g, '$1')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .trim();
}

export function slugify(text: string): string {
  return GithubSlugger.slug(text);
}

/** Gives each heading of one page its anchor, numbering repeated slugs as Docusaurus does. */
export class HeadingSlugger {
  private readonly slugger = new GithubSlugger();

  anchor(heading: HeadingParts): string {
    return heading.explicitId ?? this.slugger.slug(heading.text);
  }
}
