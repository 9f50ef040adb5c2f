/**
 * A social card's design: a 1200x630 layout of the page's title and section, the
 * product's logo and name, in the site's palette. The layout is a plain element
 * tree for satori (no React component), sized to stay legible at the ~500 px wide
 * previews chat apps show.
 */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows. */
export interface CardText {
  title: string;
  /** The section ("Models"), or an operation's method and path; the site card has none. */
  section?: string;
}

/** The colours a card takes from the site's stylesheet. */
export type CardPalette = Record<'primary' | 'surface' | 'border' | 'muted' | 'ink', string>;

/** The product's name beside the logo, the site's host at the foot, and the logo as a data: URL. */
export type CardBrand = Record<'name' | 'host' | 'logo', string>;

type Style = Record<string, string | number>;
type Children = (CardNode | string)[] | CardNode | string;

/** An element of satori's tree: the shape React elements have, without React. */
export interface CardNode {
  type: string;
  props: { style?: Style; children?: Children } & Record<string, unknown>;
}

export const FONT_FAMILY = 'Inter';
/** The band of the primary colour down the left edge. */
const ACCENT_WIDTH = 24;

function node(type: string, style: Style, children?: Children): CardNode {
  return { type, props: { style, ...(children === undefined ? {} : { children }) } };
}

/** Long titles step down in size so that three lines hold them. */
export function titleSize(title: string): number {
  if (title.length <= 28) return 84;
  if (title.length <= 48) return 72;
  return 60;
}

export function cardLayout(text: CardText, palette: CardPalette, brand: CardBrand): CardNode {
  const header = node('div', { display: 'flex', alignItems: 'center', gap: 24 }, [
    { type: 'img', props: { src: brand.logo, width: 84, height: 84 } },
    node('div', { fontSize: 44, fontWeight: 700, color: palette.ink }, brand.name),
  ]);
  const section = { fontSize: 38, fontWeight: 600, color: palette.primary, marginBottom: 20, lineClamp: 1 };
  const title = { fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, color: palette.ink };
  const body = [
    ...(text.section ? [node('div', { ...section, display: 'block' }, text.section)] : []),
    node('div', { ...title, lineClamp: 3, display: 'block' }, text.title),
  ];
  const content = node(
    'div',
    {
      // Stretched to the card's height by the row around it, padding included.
      flexGrow: 1,
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      padding: '60px 80px 52px 72px',
    },
    [
      header,
      node('div', { display: 'flex', flexDirection: 'column' }, body),
      node(
        'div',
        {
          display: 'flex',
          fontSize: 32,
          fontWeight: 600,
          color: palette.muted,
          borderTop: `3px solid ${palette.border}`,
          paddingTop: 22,
        },
        brand.host,
      ),
    ],
  );
  return node(
    'div',
    {
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      display: 'flex',
      backgroundColor: palette.surface,
      fontFamily: FONT_FAMILY,
    },
    [node('div', { width: ACCENT_WIDTH, flexShrink: 0, backgroundColor: palette.primary }), content],
  );
}
