import type { InlineText, InlineToken } from '../../shared/api-types';

/**
 * Parses the inline Markdown used in short descriptions (code spans, strong and
 * emphasised text, links) into tokens, so that the browser renders them without a
 * Markdown parser. Line breaks inside a paragraph become spaces.
 */
export function parseInline(markdown: string | undefined): InlineText {
  const text = (markdown ?? '').replace(/\s+/g, ' ').trim();
  const tokens: InlineToken[] = [];
  const pattern = /`([^`]+)`|\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)|(?<![\w*])\*([^*\s][^*]*)\*(?![\w*])/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > last) {
      tokens.push({ kind: 'text', text: text.slice(last, index) });
    }
    const [, code, strong, linkText, href, em] = match;
    if (code !== undefined) {
      tokens.push({ kind: 'code', text: code });
    } else if (strong !== undefined) {
      tokens.push({ kind: 'strong', text: strong });
    } else if (linkText !== undefined && href !== undefined) {
      tokens.push({ kind: 'link', text: linkText, href });
    } else if (em !== undefined) {
      tokens.push({ kind: 'em', text: em });
    }
    last = index + match[0].length;
  }
  if (last < text.length) {
    tokens.push({ kind: 'text', text: text.slice(last) });
  }
  return tokens;
}
