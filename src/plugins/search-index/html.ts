/**
 * Prepares a built page for Pagefind without touching the file on disk: the page's
 * <main> becomes the indexed body, its Docusaurus search metadata becomes filters,
 * and its first breadcrumb category becomes the section results are grouped under.
 * Docusaurus minifies its HTML (attribute quotes are often dropped); the patterns
 * accept quoted and unquoted attributes.
 */
import { createHash } from 'node:crypto';

/** Parts of a docs page that are not its content. */
export const EXCLUDED_SELECTORS = [
  'nav',
  'footer',
  'button',
  'aside',
  '.theme-doc-breadcrumbs',
  '.theme-doc-toc-mobile',
  '.theme-doc-toc-desktop',
  '.table-of-contents',
  '.pagination-nav',
  '.theme-doc-footer',
  '.theme-doc-version-badge',
  '.theme-doc-version-banner',
  '.theme-edit-this-page',
  '.hash-link',
];

function metaContent(html: string, name: string): string | null {
  for (const [tag] of html.matchAll(/<meta\b[^>]*>/gi)) {
    const nameMatch = /\bname=(?:"([^"]*)"|'([^']*)'|([^\s"'>/]+))/i.exec(tag);
    const tagName = nameMatch?.[1] ?? nameMatch?.[2] ?? nameMatch?.[3];
    if (tagName === name) {
      const content = /\bcontent=(?:"([^"]*)"|'([^']*)'|([^\s"'>]+?))(?=\s|\/?>)/i.exec(tag);
      return decodeEntities(content?.[1] ?? content?.[2] ?? content?.[3] ?? '');
    }
  }
  return null;
}

function decodeEntities(text: string): string {
  return text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function attributeValue(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function textOf(html: string): string {
  return decodeEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/[\s\u200b]+/g, ' ')
    .trim();
}

/** The first breadcrumb that is neither the home link nor the page itself. */
export function breadcrumbSection(html: string): string | null {
  const nav = /<nav\b[^>]*theme-doc-breadcrumbs[^>]*>([\s\S]*?)<\/nav>/i.exec(html);
  if (!nav?.[1]) {
    return null;
  }
  const items = nav[1].split(/<li\b/i).slice(1);
  for (const item of items) {
    const opening = item.slice(0, item.indexOf('>'));
    if (/breadcrumbs__item--active/.test(opening)) {
      continue;
    }
    const text = textOf(`<li${item}`);
    if (text) {
      return text;
    }
  }
  return null;
}

export interface PageMetadata {
  locale: string;
  tag: string;
}

export function pageMetadata(html: string): PageMetadata | null {
  const locale = metaContent(html, 'docusaurus_locale');
  const tag = metaContent(html, 'docusaurus_tag');
  return locale && tag ? { locale, tag } : null;
}

/**
 * The tags, opening or closing, of the elements whose text a browser shows apart from
 * their neighbours' (blocks, list items, table cells, a summary and its details), and
 * line breaks. Pagefind joins the text of neighbouring elements as it comes, and the
 * built pages leave out the closing tags HTML allows them to, so that a table's cells
 * "Knowledge cutoff" and "March 2023" would be indexed as the one word "cutoffMarch".
 */
const SEPARATING_TAGS =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|h[1-6]|header|li|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b/gi;

/** The page with a space before every tag that sets text apart (SEPARATING_TAGS). */
export function separateBlocks(html: string): string {
  return html.replace(SEPARATING_TAGS, ' $&');
}

/**
 * The page without the ids of elements other than headings. Pagefind keeps every
 * element with an id in a page's fragment, which each result downloads, but makes
 * sections of headings only: other ids (a button's, a footnote's) are bytes for nothing.
 */
export function headingIdsOnly(html: string): string {
  return html.replace(/<(?!h[1-6][\s>])([a-z][\w-]*)(\s[^>]*)>/gi, (tag, name: string, attributes: string) =>
    /\sid=/i.test(attributes) ? `<${name}${attributes.replace(/\sid=(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')}>` : tag,
  );
}

/** The HTML Pagefind indexes for one page, or null when the page has no <main>. */
export function prepareForIndex(html: string, metadata: PageMetadata): string | null {
  if (!/<main\b/i.test(html)) {
    return null;
  }
  const section = breadcrumbSection(html);
  const tags = [
    `<meta data-pagefind-filter="language[content]" content="${attributeValue(metadata.locale)}">`,
    `<meta data-pagefind-filter="docusaurus_tag[content]" content="${attributeValue(metadata.tag)}">`,
    section ? `<meta data-pagefind-meta="section[content]" content="${attributeValue(section)}">` : '',
  ].join('');
  const withBody = headingIdsOnly(separateBlocks(html)).replace(/<main\b/i, '<main data-pagefind-body');
  return /<\/head>/i.test(withBody) ? withBody.replace(/<\/head>/i, `${tags}</head>`) : `${tags}${withBody}`;
}

/** The plain text of a page's <main>, without the navigation, buttons and code that Pagefind leaves out. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? html;
  return textOf(
    main.replace(/<(nav|footer|aside|button|script|style)\b[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' '),
  );
}

/**
 * A fingerprint of a page's main content, blind to what changes from one route to
 * another (breadcrumbs, pagination, edit links), so that a page served at two
 * routes is indexed once.
 */
export function contentFingerprint(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? html;
  const content = main.replace(/<nav\b[\s\S]*?<\/nav>/gi, ' ').replace(/<footer\b[\s\S]*?<\/footer>/gi, ' ');
  return createHash('sha256').update(textOf(content)).digest('hex');
}
