/**
 * Renders a card to an optimised PNG: satori lays the card out into an SVG (text as
 * paths, so no font is needed later), resvg rasterises it and @napi-rs/image encodes it
 * at deflate's best level with no row filter (flat colour gains nothing from filters),
 * about a third smaller than resvg's own encoder for a fifth of a card's render time;
 * oxipng's palette reduction would be smaller still, at four times the cost of the whole
 * render (CONTRIBUTING.md, Social cards inside). Rasterising and compressing run on
 * libuv's thread pool, so several cards render at once while satori lays out the next.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

import { CompressionType, FilterType, Transformer } from '@napi-rs/image';
import { renderAsync } from '@resvg/resvg-js';
import satori, { type SatoriOptions } from 'satori';

import { identity } from '../../site/identity';

import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardLayout,
  FONT_FAMILY,
  type CardBrand,
  type CardPalette,
  type CardText,
} from './card';

/** The fonts, from @fontsource/inter (satori reads WOFF, not WOFF2): weights 600 and 700 of each subset. */
const FONT_FILES = ['latin', 'latin-ext'].flatMap((subset) =>
  ([600, 700] as const).map((weight) => ({
    weight,
    file: `@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`,
  })),
);

/** The stylesheet that holds the site's palette. */
export const SITE_STYLESHEET = 'src/css/custom.css';

/** Custom properties of src/css/custom.css that a card uses, by the palette entry they fill. */
export const PALETTE_PROPERTIES: Readonly<Record<keyof CardPalette, string>> = {
  primary: '--ifm-color-primary',
  surface: '--rubra-surface',
  border: '--rubra-border',
  muted: '--rubra-muted',
  ink: '--ifm-footer-background-color',
};

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

/** Everything a card depends on besides its text; its digest is part of every card's cache key. */
export interface CardAssets {
  palette: CardPalette;
  brand: CardBrand;
  fonts: NonNullable<SatoriOptions['fonts']>;
  /** The files and package versions the assets came from, for the cache key. */
  sources: string[];
}

/** The site's card assets: its stylesheet's palette, its logo, its product name and the host of its URL (siteConfig.url). */
export async function loadSiteAssets(siteDir: string, siteUrl: string): Promise<CardAssets> {
  // Packages resolve from the site, whichever way this module was loaded.
  const require = createRequire(path.join(siteDir, 'package.json'));
  const css = await readFile(path.join(siteDir, SITE_STYLESHEET), 'utf8');
  const logo = await readFile(path.join(siteDir, 'static/img/logo.svg'));
  const fonts = await Promise.all(
    FONT_FILES.map(async ({ weight, file }) => ({
      name: FONT_FAMILY,
      weight,
      style: 'normal' as const,
      data: await readFile(require.resolve(file)),
    })),
  );
  const versions = ['satori', '@resvg/resvg-js', '@napi-rs/image', '@fontsource/inter'].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  const palette = parsePalette(css, SITE_STYLESHEET);
  return {
    palette,
    brand: {
      name: identity.productName,
      host: new URL(siteUrl).host,
      logo: `data:image/svg+xml;base64,${logo.toString('base64')}`,
    },
    fonts,
    sources: [JSON.stringify(palette), logo.toString('base64'), ...versions],
  };
}

/** The card as an optimised PNG; fails, naming the page, when the title holds a character the fonts lack. */
export async function renderCard(text: CardText, assets: CardAssets, page: string): Promise<Buffer> {
  const layout = cardLayout(text, assets.palette, assets.brand) as unknown as Parameters<typeof satori>[0];
  const svg = await satori(layout, {
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
