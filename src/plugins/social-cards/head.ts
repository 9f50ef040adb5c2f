/**
 * The meta elements that name a page's card, as attributes: the server rendering of
 * the page writes them into its head (src/theme/Root/index.tsx).
 */
import { CARD_HEIGHT, CARD_WIDTH } from './card';

const CARD_TYPE = 'image/png';

/** One meta element's attributes: `property` (Open Graph) or `name` (Twitter), and `content`. */
export type CardTag = Readonly<Partial<Record<'property' | 'name', string>> & { content: string }>;

/** Open Graph and Twitter meta elements for a card at an absolute URL. */
export function cardMetaTags(url: string, alt: string): CardTag[] {
  return [
    { property: 'og:image', content: url },
    { property: 'og:image:width', content: String(CARD_WIDTH) },
    { property: 'og:image:height', content: String(CARD_HEIGHT) },
    { property: 'og:image:type', content: CARD_TYPE },
    { property: 'og:image:alt', content: alt },
    { name: 'twitter:image', content: url },
    { name: 'twitter:image:alt', content: alt },
  ];
}
