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
    const [, code, strong, linkText, href = '', em] = match;
    const kind = code !== undefined ? 'code' : strong !== undefined ? 'strong' : 'em';
    tokens.push(
      linkText === undefined ? { kind, text: code ?? strong ?? em ?? '' } : { kind: 'link', text: linkText, href },
    );
    last = index + match[0].length;
  }
  if (last < text.length) {
    tokens.push({ kind: 'text', text: text.slice(last) });
  }
  return tokens;
}
