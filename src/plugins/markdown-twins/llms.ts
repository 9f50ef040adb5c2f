/**
 * `/llms.txt` (the llmstxt.org index) and `/llms-full.txt` (every page in one file).
 */

interface LlmsEntry {
  title: string;
  /** The absolute URL of the page's Markdown twin. */
  twinUrl: string;
  description: string;
}

export interface LlmsSection {
  title: string;
  /** An optional line under the section's heading. */
  intro?: string;
  entries: LlmsEntry[];
}

export interface LlmsIndex {
  title: string;
  summary: string;
  sections: LlmsSection[];
}

/** One line of text: a description may not break the one-line-per-page format. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function llmsTxt({ title, summary, sections }: LlmsIndex): string {
  const parts = [`# ${oneLine(title)}`, `> ${oneLine(summary)}`];
  for (const section of sections) {
    const lines = section.entries.map((entry) => {
      const description = oneLine(entry.description);
      return `- [${oneLine(entry.title)}](${entry.twinUrl})${description ? `: ${description}` : ''}`;
    });
    parts.push(`## ${section.title}`, ...(section.intro ? [oneLine(section.intro)] : []), lines.join('\n'));
  }
  return `${parts.join('\n\n')}\n`;
}

export interface FullPage {
  title: string;
  /** The canonical URL of the HTML page. */
  url: string;
  /** The twin's body, without its `# Title` line. */
  body: string;
}

export function llmsFullTxt(pages: readonly FullPage[]): string {
  return `${pages
    .map((page) => [`# ${page.title}`, `Source: ${page.url}`, page.body].filter(Boolean).join('\n\n'))
    .join('\n\n---\n\n')}\n`;
}

/** A twin's full text: the page title as its h1, then the body. */
export function twinText(title: string, body: string): string {
  return `# ${title}\n\n${body ? `${body}\n` : ''}`;
}
