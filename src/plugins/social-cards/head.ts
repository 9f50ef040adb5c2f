/**
 * The head tags that name a page's card, and their insertion into a built page.
 */
import { CARD_HEIGHT, CARD_WIDTH } from './card';

const CARD_TYPE = 'image/png';

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Open Graph and Twitter tags for a card at an absolute URL. */
export function cardMetaTags(url: string, alt: string): string {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:image', url],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:image:type', CARD_TYPE],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:image', url],
    ['name', 'twitter:image:alt', alt],
  ];
  return tags
    .map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`)
    .join('');
}

/** The page with the tags at the end of its head; a page that already names an image is an error. */
export function withCardTags(html: string, tags: string, file: string): string {
  if (/<meta[^>]+(?:property="og:image"|name="twitter:image")/.test(html)) {
    throw new Error(`[social-cards] ${file}: the page already names an og:image or twitter:image`);
  }
  const end = html.indexOf('</head>');
  if (end === -1) {
    throw new Error(`[social-cards] ${file}: no </head> to add the card's tags to`);
  }
  return `${html.slice(0, end)}${tags}${html.slice(end)}`;
}
