/**
 * A social card's design and its rendering. The design: a 1200x630 layout of the page's
 * title and section, the product's logo and name, in the site's palette, as React
 * elements for satori (no component), sized to stay legible at the ~500 px
 * wide previews chat apps show. The rendering, to an optimised PNG: satori lays the card out into an SVG (text as
 * paths, so no font is needed later), resvg rasterises it and @napi-rs/image encodes it
 * at deflate's best level with no row filter (flat colour gains nothing from filters),
 * about a third smaller than resvg's own encoder for a fifth of a card's render time;
 * oxipng's palette reduction would be smaller still, at four times the cost of the whole
 * render (CONTRIBUTING.md, Social cards inside). Rasterising and compressing run on
 * libuv's thread pool, so several cards render at once while satori lays out the next.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { CompressionType, FilterType, Transformer } from '@napi-rs/image';
import { renderAsync } from '@resvg/resvg-js';
import { createElement as h } from 'react';
import satori from 'satori';

import { identity } from '../../site/identity';

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** What a card shows. */
export interface CardText {
  title: string;
  /** The section ("Models"), or an operation's method and path; the site card has none. */
  section?: string;
}

const FONT_FAMILY = 'Inter';
/** The band of the primary colour down the left edge. */
const ACCENT_WIDTH = 24;

/** Long titles step down in size so that three lines hold them. */
export function titleSize(title: string): number {
  if (title.length <= 28) return 84;
  if (title.length <= 48) return 72;
  return 60;
}

export function cardLayout(text: CardText, palette: CardPalette, brand: CardAssets['brand']) {
  const header = h(
    'div',
    { style: { display: 'flex', alignItems: 'center', gap: 24 } },
    h('img', { src: brand.logo, width: 84, height: 84 }),
    h('div', { style: { fontSize: 44, fontWeight: 700, color: palette.ink } }, brand.name),
  );
  const section = { fontSize: 38, fontWeight: 600, color: palette.primary, marginBottom: 20, lineClamp: 1 };
  const title = { fontSize: titleSize(text.title), fontWeight: 700, lineHeight: 1.12, color: palette.ink };
  const body = [
    ...(text.section ? [h('div', { style: { ...section, display: 'block' } }, text.section)] : []),
    h('div', { style: { ...title, lineClamp: 3, display: 'block' } }, text.title),
  ];
  const footer = {
    display: 'flex',
    fontSize: 32,
    fontWeight: 600,
    color: palette.muted,
    borderTop: `3px solid ${palette.border}`,
    paddingTop: 22,
  };
  // The content is stretched to the card's height by the row around it, padding included.
  const content = {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    padding: '60px 80px 52px 72px',
  } as const;
  const surface = { width: CARD_WIDTH, height: CARD_HEIGHT, display: 'flex', backgroundColor: palette.surface };
  return h(
    'div',
    { style: { ...surface, fontFamily: FONT_FAMILY } },
    h('div', { style: { width: ACCENT_WIDTH, flexShrink: 0, backgroundColor: palette.primary } }),
    h(
      'div',
      { style: content },
      header,
      h('div', { style: { display: 'flex', flexDirection: 'column' } }, ...body),
      h('div', { style: footer }, brand.host),
    ),
  );
}

/** One meta element's attributes: `property` (Open Graph) or `name` (Twitter), and `content`. */
type CardTag = Readonly<Partial<Record<'property' | 'name', string>> & { content: string }>;

/** The Open Graph and Twitter meta elements of a card at an absolute URL, for the page's server rendering. */
export function cardMetaTags(url: string, alt: string): CardTag[] {
  return [
    { property: 'og:image', content: url },
    { property: 'og:image:width', content: String(CARD_WIDTH) },
    { property: 'og:image:height', content: String(CARD_HEIGHT) },
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:alt', content: alt },
    { name: 'twitter:image', content: url },
    { name: 'twitter:image:alt', content: alt },
  ];
}

/** The stylesheet that holds the site's palette. */
export const SITE_STYLESHEET = 'src/css/custom.css';

/** Custom properties of src/css/custom.css that a card uses, by the palette entry they fill. */
export const PALETTE_PROPERTIES = {
  primary: '--ifm-color-primary',
  surface: '--rubra-surface',
  border: '--rubra-border',
  muted: '--rubra-muted',
  ink: '--ifm-footer-background-color',
} as const;

/** The colours a card takes from the site's stylesheet. */
export type CardPalette = Record<keyof typeof PALETTE_PROPERTIES, string>;

const cardError = (file: string, message: string) => new Error(`[social-cards] ${file}: ${message}`);

/** The light-mode palette: the custom properties of the stylesheet's first `:root` block. */
export function parsePalette(css: string, file: string): CardPalette {
  const root = /(^|\n):root\s*\{([^}]*)\}/.exec(css)?.[2];
  if (root === undefined) {
    throw cardError(file, 'no :root block to read the card colours from');
  }
  const entries = Object.entries(PALETTE_PROPERTIES).map(([key, property]) => {
    const value = new RegExp(`${property}:\\s*(#[0-9a-fA-F]{3,8})\\s*;`).exec(root)?.[1];
    if (!value) {
      throw cardError(file, `${property} is missing from :root or is not a hex colour`);
    }
    return [key, value];
  });
  return Object.fromEntries(entries) as unknown as CardPalette;
}

/** Everything a card depends on besides its text. */
export type CardAssets = Awaited<ReturnType<typeof loadSiteAssets>>;

/** The site's card assets: its stylesheet's palette, its logo, its product name and the host of its URL (siteConfig.url). */
export async function loadSiteAssets(siteDir: string, siteUrl: string) {
  // Packages resolve from the site, whichever way this module was loaded.
  const require = createRequire(path.join(siteDir, 'package.json'));
  const css = await readFile(path.join(siteDir, SITE_STYLESHEET), 'utf8');
  const logo = await readFile(path.join(siteDir, 'static/img/logo.svg'));
  // The fonts, from @fontsource/inter (satori reads WOFF, not WOFF2): weights 600 and 700 of each subset.
  const fonts = await Promise.all(
    ['latin', 'latin-ext'].flatMap((subset) =>
      ([600, 700] as const).map(async (weight) => ({
        name: FONT_FAMILY,
        weight,
        style: 'normal' as const,
        data: await readFile(require.resolve(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
      })),
    ),
  );
  const versions = ['satori', '@resvg/resvg-js', '@napi-rs/image', '@fontsource/inter'].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  const palette = parsePalette(css, SITE_STYLESHEET);
  const logoUrl = `data:image/svg+xml;base64,${logo.toString('base64')}`;
  // The product's name beside the logo, the site's host at the foot, and the logo as a data: URL.
  const brand = { name: identity.productName, host: new URL(siteUrl).host, logo: logoUrl };
  // How cards look (designKey): this file's code, the palette, the brand and the renderers' and fonts' versions.
  const design = [await readFile(__filename, 'utf8'), palette, brand, ...versions];
  return { palette, brand, fonts, designKey: createHash('sha256').update(JSON.stringify(design)).digest('hex') };
}

/** The card as an optimised PNG; fails, naming the page, when the title holds a character the fonts lack. */
export async function renderCard(text: CardText, assets: CardAssets, page: string): Promise<Buffer> {
  const svg = await satori(cardLayout(text, assets.palette, assets.brand), {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: assets.fonts,
    loadAdditionalAsset: async (_language, segment) => {
      throw cardError(page, `the card's fonts have no glyph for "${segment}"`);
    },
  });
  const image = await renderAsync(svg, { fitTo: { mode: 'original' } });
  return Transformer.fromRgbaPixels(image.pixels, image.width, image.height).png({
    compressionType: CompressionType.Best,
    filterType: FilterType.NoFilter,
  });
}

/** The pixels of the icon a browser asks for at /favicon.ico, where a page names none (a Markdown twin). */
export const ICON_SIZE = 32;

/** The site's square SVG icon as an ICO file. */
export async function iconFile(svg: string): Promise<Buffer> {
  const image = await renderAsync(svg, { fitTo: { mode: 'width', value: ICON_SIZE } });
  return Transformer.fromRgbaPixels(image.pixels, image.width, image.height).ico();
}
