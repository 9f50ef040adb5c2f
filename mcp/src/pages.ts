import type { LlmsTxt } from './llms-txt.js';

/** A page of the site as llms.txt lists it. */
export interface DocsPage {
  title: string;
  description: string;
  /** The llms.txt section it is listed under. */
  section: string;
  /** The page's address on the published site, as a reader opens it. */
  url: string;
  /** The site path of its Markdown twin, such as `/models/llama.md`. */
  twinPath: string;
}

/** The page a twin stands for: `/index.md` is `/`, `/models/llama.md` is `/models/llama`. */
export function pagePathOfTwin(twinPath: string): string {
  return twinPath.replace(/(^|\/)index\.md$/, '$1').replace(/\.md$/, '');
}

/** The pages of llms.txt: its links to twins on the published origin, that of its first twin link. */
export function pagesOf(llms: LlmsTxt): { origin: string; pages: DocsPage[] } {
  const twinLinks = llms.sections.flatMap((section) =>
    section.entries.map((entry) => ({ entry, section, link: new URL(entry.url) })),
  );
  const origin = twinLinks.find(({ link }) => link.pathname.endsWith('.md'))?.link.origin ?? '';
  const pages = twinLinks
    .filter(({ link }) => link.origin === origin && link.pathname.endsWith('.md'))
    .map(({ entry, section, link }) => ({
      title: entry.title,
      description: entry.description,
      section: section.name,
      url: `${origin}${pagePathOfTwin(link.pathname)}`,
      twinPath: link.pathname,
    }));
  return { origin, pages };
}

/**
 * The twin path for what read_page is given: a path (`/models/llama`, `models/llama.md`,
 * `/`) or a full URL on one of `origins`, without query and fragment; `..` is refused.
 */
export function twinPathFor(input: string, origins: readonly string[]): string {
  const trimmed = input.trim();
  if (trimmed === '') {
    throw new Error('The path is empty: give a page path such as "/models/llama", or its full URL.');
  }
  const isUrl = /^[a-z][a-z\d+.-]*:/i.test(trimmed) || trimmed.startsWith('//');
  if (isUrl && !(URL.canParse(trimmed) && origins.includes(new URL(trimmed).origin))) {
    throw new Error(`"${trimmed}" is not a page of this site: its pages are under ${origins.join(' and ')}.`);
  }
  const path = isUrl ? new URL(trimmed).pathname : (trimmed.split(/[?#]/)[0] ?? '');
  if (path.includes('\\') || path.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`"${trimmed}" points outside the site: paths may not contain "." or ".." segments.`);
  }
  const page = `/${path.replace(/^\/+/, '')}`
    .replace(/\/+$/, '')
    .replace(/\.html$/, '')
    .replace(/\/index$/, '');
  return page === '' ? '/index.md' : page.endsWith('.md') ? page : `${page}.md`;
}
