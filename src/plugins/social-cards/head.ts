/**
 * The head elements that name a page's card, as the pass over the built pages
 * (deploy/page-pass.mjs) takes them: the plugin hands them over, the pass writes them.
 */
import type { HeadElement } from '../../../deploy/page-pass.mjs';
import { CARD_HEIGHT, CARD_WIDTH } from './card';

const CARD_TYPE = 'image/png';

/** Open Graph and Twitter meta elements for a card at an absolute URL. */
export function cardMetaTags(url: string, alt: string): HeadElement[] {
  const tags: [attribute: 'property' | 'name', key: string, value: string][] = [
    ['property', 'og:image', url],
    ['property', 'og:image:width', String(CARD_WIDTH)],
    ['property', 'og:image:height', String(CARD_HEIGHT)],
    ['property', 'og:image:type', CARD_TYPE],
    ['property', 'og:image:alt', alt],
    ['name', 'twitter:image', url],
    ['name', 'twitter:image:alt', alt],
  ];
  return tags.map(([attribute, key, value]) => ({ tag: 'meta', attributes: { [attribute]: key, content: value } }));
}
