/**
 * Prepares a built page for Pagefind without touching the file on disk: the page's
 * <main> becomes the indexed body, its Docusaurus search metadata becomes filters,
 * and its first breadcrumb category becomes the section results are grouped under.
 * Docusaurus minifies its HTML (attribute quotes are often dropped); the patterns
 * accept quoted and unquoted attributes.
 */
import { decodeHTML, escapeUTF8 } from 'entities';

/** Parts of a docs page that are not its content (nav and footer hold breadcrumbs, pagination, edit links). */
export const EXCLUDED_SELECTORS = [
  'nav',
  'footer',
  'button',
  'aside',
  '.theme-doc-toc-mobile',
  '.theme-doc-toc-desktop',
  '.theme-doc-version-badge',
  '.theme-doc-version-banner',
  '.hash-link',
];

/** An attribute's decoded value in one tag, quoted or not. */
function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}=(?:"([^"]*)"|'([^']*)'|([^\\s"'>]+?))(?=\\s|/?>)`, 'i').exec(tag);
  return match ? decodeHTML(match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}

function metaContent(html: string, name: string): string | null {
  const tag = html.match(/<meta\b[^>]*>/gi)?.find((meta) => attribute(meta, 'name') === name);
  return tag ? (attribute(tag, 'content') ?? '') : null;
}

function textOf(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/[\s\u200b]+/g, ' ')
    .trim();
}

/** The first breadcrumb that is neither the home link (no text) nor the page itself. */
export function breadcrumbSection(html: string): string | null {
  const nav = /<nav\b[^>]*theme-doc-breadcrumbs[^>]*>([\s\S]*?)<\/nav>/i.exec(html)?.[1] ?? '';
  const items = nav.split(/<li\b/i).slice(1);
  const crumbs = items.filter((item) => !/^[^>]*breadcrumbs__item--active/.test(item));
  return crumbs.map((item) => textOf(`<li${item}`)).find(Boolean) ?? null;
}

export function pageMetadata(html: string): { locale: string; tag: string } | null {
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

/**
 * How much the words of a page's one-line description (its meta description, the line
 * llms.txt gives it) weigh, against 1 for its text and Pagefind's 7 to 2 for headings h1
 * to h6: a summary says what the page is for in the words a reader asks with ("filter
 * files by purpose"). Set on the relevance benchmark: 5 puts the right page first for
 * three more of its 350 queries and one more of its 60 readers' queries than none.
 */
const DESCRIPTION_WEIGHT = 5;

/**
 * The HTML Pagefind indexes for one page: its <main> as the body, opening with the
 * filters and the section, and its description after its title (DESCRIPTION_WEIGHT);
 * null when the page has no <main> or no search metadata.
 */
export function prepareForIndex(html: string): string | null {
  const metadata = pageMetadata(html);
  if (!metadata || !/<main\b/i.test(html)) {
    return null;
  }
  const section = breadcrumbSection(html);
  const tags = [
    `<meta data-pagefind-filter="language[content]" content="${escapeUTF8(metadata.locale)}">`,
    `<meta data-pagefind-filter="docusaurus_tag[content]" content="${escapeUTF8(metadata.tag)}">`,
    section ? `<meta data-pagefind-meta="section[content]" content="${escapeUTF8(section)}">` : '',
  ].join('');
  const description = metaContent(html, 'description');
  const summary = description ? `<p data-pagefind-weight="${DESCRIPTION_WEIGHT}">${escapeUTF8(description)}</p>` : '';
  return headingIdsOnly(separateBlocks(html))
    .replace(/<main\b([^>]*)>/i, (_, attributes: string) => `<main data-pagefind-body${attributes}>${tags}`)
    .replace(/<\/h1>/i, `$&${summary}`);
}

/** The plain text of a page's <main>, without the navigation, buttons and code that Pagefind leaves out. */
export function mainText(html: string): string {
  const main = /<main\b[^>]*>([\s\S]*)<\/main>/i.exec(html)?.[1] ?? html;
  return textOf(main.replace(/<(nav|footer|aside|button|script|style)\b[\s\S]*?<\/\1>/gi, ' '));
}
