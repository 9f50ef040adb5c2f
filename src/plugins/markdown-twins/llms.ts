/**
 * `/llms.txt` (the llmstxt.org index), `/llms-full.txt` (every page in one file) and
 * each twin's own text.
 */
import { sectionOf, type PageSection } from '../../plugins-lib/sections';
import type { Twin } from '../../plugins-lib/twins/twins';

/** One line of text: a description may not break the one-line-per-page format. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export interface LlmsIndex {
  title: string;
  summary: string;
  /** In order; a twin is listed under the first section that takes its route, and one no section takes stops the build. */
  sections: readonly PageSection[];
  /** The absolute URL of a twin's Markdown file. */
  twinUrl: (twin: Twin) => string;
}

export function llmsTxt(twins: readonly Twin[], { title, summary, sections, twinUrl }: LlmsIndex): string {
  const parts = [`# ${oneLine(title)}`, `> ${oneLine(summary)}`];
  for (const section of sections) {
    const members = twins.filter((twin) => sectionOf(twin.route, sections) === section);
    const lines = members.map((twin) => {
      const description = oneLine(twin.description);
      return `- [${oneLine(twin.title)}](${twinUrl(twin)})${description ? `: ${description}` : ''}`;
    });
    parts.push(`## ${section.title}`, ...(section.intro ? [oneLine(section.intro)] : []), lines.join('\n'));
  }
  const homeless = twins.filter((twin) => !sectionOf(twin.route, sections));
  if (homeless.length > 0) {
    throw new Error(
      `[markdown-twins] no llms.txt section takes ${homeless.map((twin) => `${twin.route} (${twin.source})`).join(', ')}: ` +
        'add its route to a section in docusaurus.config.ts',
    );
  }
  return `${parts.join('\n\n')}\n`;
}

/** Every twin under its title and the canonical URL of its HTML page (`pageUrl`). */
export function llmsFullTxt(twins: readonly Twin[], pageUrl: (twin: Twin) => string): string {
  return `${twins
    .map((twin) => [`# ${twin.title}`, `Source: ${pageUrl(twin)}`, twin.body].filter(Boolean).join('\n\n'))
    .join('\n\n---\n\n')}\n`;
}

/** A twin's full text: the page title as its h1, then the body. */
export function twinText({ title, body }: Pick<Twin, 'title' | 'body'>): string {
  return `# ${title}\n\n${body ? `${body}\n` : ''}`;
}
