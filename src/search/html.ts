/** Small, safe string helpers for the HTML fragments DocSearch renders as markup. */

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);
}

/** Removes the <mark> tags a highlighted string carries and decodes what we escaped. */
export function stripHighlight(html: string): string {
  return html
    .replace(/<\/?mark>/g, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/**
 * Wraps each occurrence of a term (at the start of a word, any case) in <mark>,
 * escaping everything else. The result is safe to insert as HTML.
 */
export function highlightTerms(text: string, terms: readonly string[]): string {
  const usable = [...new Set(terms.map((term) => term.trim()).filter(Boolean))].sort((a, b) => b.length - a.length);
  if (usable.length === 0) {
    return escapeHtml(text);
  }
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${usable.map((term) => term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
    'giu',
  );
  let result = '';
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const start = match.index;
    result += escapeHtml(text.slice(last, start)) + `<mark>${escapeHtml(match[0])}</mark>`;
    last = start + match[0].length;
  }
  return result + escapeHtml(text.slice(last));
}
