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
