/**
 * Prepares a built page for Pagefind, the file on disk untouched: its <main> is the
 * indexed body, its Docusaurus search metadata the filters, its first breadcrumb the
 * section. The patterns accept the unquoted attributes of Docusaurus's minified HTML.
 */
import { decodeHTML, escapeUTF8 } from 'entities';

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
 * The tags, opening or closing, of elements whose text a browser shows apart (blocks,
 * list items, table cells, summary) and line breaks. Pagefind joins neighbours' text as
 * it comes, and built pages omit optional closing tags: cells "Knowledge cutoff" and
 * "March 2023" would be indexed as the one word "cutoffMarch".
 */
const SEPARATING_TAGS =
  /<\/?(?:address|article|aside|blockquote|br|caption|dd|details|div|dl|dt|figcaption|figure|h[1-6]|header|li|ol|p|pre|section|summary|table|tbody|td|tfoot|th|thead|tr|ul)\b/gi;

export function separateBlocks(html: string): string {
  return html.replace(SEPARATING_TAGS, ' $&');
}

/**
 * The page without ids on elements other than headings: Pagefind keeps every element with
 * an id in the fragment each result downloads, but makes sections of headings only.
 */
export function headingIdsOnly(html: string): string {
  return html.replace(/<(?!h[1-6][\s>])([a-z][\w-]*)(\s[^>]*)>/gi, (tag, name: string, attributes: string) =>
    /\sid=/i.test(attributes) ? `<${name}${attributes.replace(/\sid=(?:"[^"]*"|'[^']*'|[^\s>]+)/gi, '')}>` : tag,
  );
}

/**
 * How much a page's meta description (llms.txt's line for it) weighs, against 1 for its
 * text and Pagefind's 7 to 2 for h1 to h6: it says what the page is for in a reader's
 * words. On the relevance benchmark, 5 puts the right page first for three more of its
 * 350 queries and one more of its 60 readers' queries than none.
 */
const DESCRIPTION_WEIGHT = 5;

/** The HTML Pagefind indexes: <main> opening with the filters and section, the description after the title; or null. */
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
