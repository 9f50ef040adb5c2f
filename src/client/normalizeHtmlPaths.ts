/**
 * Docusaurus already renders `/faq.html` and `/faq/index.html` as `/faq`; this also
 * puts the clean path in the address bar before the router starts, so that links,
 * bookmarks and history carry one URL per page.
 */
const HTML_SUFFIX = /(?:\/index)?\.html$/;

export function cleanPath(pathname: string): string | null {
  if (!HTML_SUFFIX.test(pathname)) {
    return null;
  }
  return pathname.replace(HTML_SUFFIX, '') || '/';
}

if (typeof window !== 'undefined') {
  const clean = cleanPath(window.location.pathname);
  if (clean !== null) {
    window.history.replaceState(window.history.state, '', clean + window.location.search + window.location.hash);
  }
}
