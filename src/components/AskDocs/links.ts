/** Where a model's answer may send the reader: only to this site's pages. */

/** A link's target inside this site, or null for anything else (other sites, `javascript:`, `data:`). */
export function siteHref(href: string, siteUrl: string): string | null {
  const target = href.startsWith(siteUrl) ? href.slice(siteUrl.length) || '/' : href;
  return /^\/(?!\/)[\w\-./~%#?=&]*$/.test(target) ? target : null;
}

/** The site pages an answer links to, in order, each once. */
export function linkedPages(markdown: string, siteUrl: string): string[] {
  const targets = [...markdown.matchAll(/\[[^\]\n]+\]\(([^)\s]+)\)/g)].map(
    (match) => siteHref(match[1] ?? '', siteUrl)?.split('#')[0] ?? '',
  );
  return [...new Set(targets.filter(Boolean))];
}
