import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';

import type { APIRequestContext } from '@playwright/test';

import { KB, SOCIAL_CARD_MAX_KB } from '../../scripts/bench/budgets';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  loadSiteAssets,
  parsePalette,
  renderCard,
  SITE_STYLESHEET,
} from '../../src/plugins/social-cards/render';
import { identity } from '../../src/site/identity';
import { pngSize } from '../unit/png';
import { expect, gotoHydrated, test } from './fixtures';
import { sitemapRoutes } from './site';

/**
 * The social card of every page: the tags that name it, the image they name, and
 * what the image shows.
 */
test.describe.configure({ mode: 'parallel' });

const NOT_FOUND = '/no/such/page';
/** The pages that show the site's card rather than one of their own. */
const SITE_CARD_PATHS = ['/', `/${identity.searchPagePath}`, NOT_FOUND];
const routes = sitemapRoutes();

interface PageCard {
  path: string;
  /** The page's title, from <title> without the site's name. */
  title: string;
  tags: Record<string, string>;
  /** The card's path on this host. */
  imagePath: string;
  digest: string;
}

const unescape = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The Open Graph and Twitter meta tags of a page's HTML, quoted or not (the minifier drops quotes). */
function metaTags(html: string): Record<string, string> {
  const tags: Record<string, string> = {};
  for (const [, attributes = ''] of html.matchAll(/<meta\s([^>]*)>/g)) {
    const values = Object.fromEntries(
      [...attributes.matchAll(/([\w:-]+)=(?:"([^"]*)"|([^\s"'>]+))/g)].map((match) => [
        match[1],
        unescape(match[2] ?? match[3] ?? ''),
      ]),
    );
    const key = values.property ?? values.name;
    if (key && /^(og|twitter):/.test(key) && values.content !== undefined) {
      tags[key] = values.content;
    }
  }
  return tags;
}

async function pageCard(request: APIRequestContext, path: string): Promise<PageCard> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(path === NOT_FOUND ? 404 : 200);
  const html = await response.text();
  const title = unescape(/<title[^>]*>([^<]*)<\/title>/.exec(html)?.[1] ?? '').replace(` | ${identity.title}`, '');
  const tags = metaTags(html);
  const url = new URL(tags['og:image'] ?? '', identity.url);
  const image = await request.get(url.pathname);
  expect(image.status(), `${path}: ${url.pathname}`).toBe(200);
  expect(image.headers()['content-type'], `${path}: ${url.pathname}`).toBe('image/png');
  const body = await image.body();
  expect(pngSize(body), `${path}: ${url.pathname}`).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
  expect(body.length, `${path}: ${url.pathname} bytes`).toBeLessThanOrEqual(SOCIAL_CARD_MAX_KB * KB);
  return { path, title, tags, imagePath: url.pathname, digest: createHash('sha256').update(body).digest('hex') };
}

test('every page names its own card, a 1200x630 PNG, with Open Graph and Twitter tags', async ({ request }) => {
  test.setTimeout(120_000);
  const paths = [...new Set([...routes, ...SITE_CARD_PATHS])];
  const cards: PageCard[] = [];
  for (const path of paths) {
    cards.push(await pageCard(request, path));
  }
  for (const card of cards) {
    const { tags } = card;
    expect(tags['og:image'], card.path).toMatch(
      new RegExp(`^${identity.url}/assets/cards/[a-z0-9-]+\\.[0-9a-f]{16}\\.png$`),
    );
    expect(tags['twitter:image'], card.path).toBe(tags['og:image']);
    expect(tags['twitter:card'], card.path).toBe('summary_large_image');
    expect([tags['og:image:width'], tags['og:image:height'], tags['og:image:type']], card.path).toEqual([
      String(CARD_WIDTH),
      String(CARD_HEIGHT),
      'image/png',
    ]);
    expect(tags['twitter:image:alt'], card.path).toBe(tags['og:image:alt']);
    const alt = tags['og:image:alt'] ?? '';
    if (SITE_CARD_PATHS.includes(card.path)) {
      expect(alt, card.path).toBe(identity.title);
    } else {
      // The card shows the page's title, then its section.
      expect(alt.startsWith(`${identity.title}: ${card.title}, `), `${card.path}: ${alt}`).toBe(true);
    }
  }

  const siteCards = new Set(cards.filter((card) => SITE_CARD_PATHS.includes(card.path)).map((card) => card.digest));
  expect(siteCards.size, 'one card for /, /search and the not-found page').toBe(1);
  const byDigest = new Map<string, string[]>();
  for (const card of cards.filter((candidate) => !SITE_CARD_PATHS.includes(candidate.path))) {
    byDigest.set(card.digest, [...(byDigest.get(card.digest) ?? []), card.path]);
  }
  const shared = [...byDigest.entries()].filter(([digest, paths]) => paths.length > 1 || siteCards.has(digest));
  expect(
    shared.map(([, paths]) => paths),
    'pages whose cards are the same image',
  ).toEqual([]);
});

test('each page type names its section: a doc its section, an operation its method and path', async ({ request }) => {
  const sections: [string, string][] = [
    ['/models/llama', 'Models'],
    ['/category/models', 'Models'],
    ['/inference/vllm', 'Serving'],
    ['/category/serving--inferencing', 'Serving'],
    ['/faq', 'Benchmarks and FAQ'],
    ['/api', 'API reference'],
    ['/api/create-run', 'POST /threads/{thread_id}/runs'],
    ['/api/list-models', 'GET /models'],
  ];
  for (const [path, section] of sections) {
    const { tags, title } = await pageCard(request, path);
    expect(tags['og:image:alt'], path).toBe(`${identity.title}: ${title}, ${section}`);
  }
});

test("a card, drawn in Chromium, is the rendering of its page's visible title and section", async ({
  page,
  request,
}) => {
  const path = '/api/create-run';
  const section = 'POST /threads/{thread_id}/runs';
  await gotoHydrated(page, path);
  const title = (await page.locator('article h1').first().innerText()).trim();
  const card = await pageCard(request, path);
  const served = await (await request.get(card.imagePath)).body();

  // The same inputs, rendered here, give the same bytes: the card shows this title and section.
  const assets = await loadSiteAssets(process.cwd(), identity.url);
  expect(Buffer.compare(await renderCard({ title, section }, assets, path), served)).toBe(0);

  // Chromium decodes it at 1200x630, with the primary colour down its left edge and the
  // page colour behind the text.
  await page.goto(card.imagePath);
  const pixels = await page.evaluate(async () => {
    const image = document.querySelector('img') as HTMLImageElement;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const at = (x: number, y: number) => [...context.getImageData(x, y, 1, 1).data.slice(0, 3)];
    return { width: image.naturalWidth, height: image.naturalHeight, band: at(8, 315), page: at(1180, 10) };
  });
  const palette = parsePalette(readFileSync(SITE_STYLESHEET, 'utf8'), SITE_STYLESHEET);
  const rgb = (hex: string) => [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16));
  expect(pixels).toEqual({
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    band: rgb(palette.primary),
    page: rgb(palette.surface),
  });
});
