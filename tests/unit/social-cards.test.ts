import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import { Transformer } from '@napi-rs/image';
import { Children, isValidElement, type ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import { loadApiReference } from '@site/src/plugins/api-reference/index';
import type { PageSection } from '@site/src/plugins-lib/sections';
import {
  cardAlt,
  cardHash,
  cardReport,
  cardSlug,
  docsCardPages,
  renderMissing,
  siteCardPages,
  type CardJob,
} from '@site/src/plugins/social-cards/index';
import {
  CARD_HEIGHT,
  CARD_WIDTH,
  cardLayout,
  cardMetaTags,
  ICON_SIZE,
  iconFile,
  loadSiteAssets,
  parsePalette,
  PALETTE_PROPERTIES,
  renderCard,
  SITE_STYLESHEET,
  titleSize,
} from '@site/src/plugins/social-cards/render';
import { identity } from '@site/src/site/identity';
import { KB, SOCIAL_CARD_MAX_KB } from '../../scripts/bench/budgets';
import { pngSize } from './png';

const siteDir = path.resolve(__dirname, '../..');
const SECTIONS: PageSection[] = [
  { title: 'Models', routes: ['/', '/category/models', '/models/'] },
  { title: 'Serving', routes: ['/category/serving--inferencing', '/inference/'] },
  { title: 'API reference', routes: ['/api', '/api/'] },
];

/** The part of a docs instance's content the cards read. */
function docsContent(
  docs: { id: string; permalink: string; title: string; frontMatter?: object }[],
  sidebar: unknown[] = [],
): DocsContent {
  return {
    loadedVersions: [
      {
        docs: docs.map((doc) => ({ frontMatter: {}, ...doc, source: `@site/docs/${doc.id}.mdx` })),
        sidebars: { docs: sidebar },
      },
    ],
  } as unknown as DocsContent;
}

/** Every text of a satori element tree, in order. */
function texts(node: ReactNode): string[] {
  if (typeof node === 'string') return [node];
  return isValidElement<{ children?: ReactNode }>(node) ? Children.toArray(node.props.children).flatMap(texts) : [];
}

const assets = loadSiteAssets(siteDir, identity.url);
const apiReference = loadApiReference({ siteDir, baseUrl: '/' }, 'openapi/rubra.yaml', 'api');
/** Loading the API description and rendering PNGs take seconds on a busy machine. */
const SLOW = 30_000;

describe('social cards: what each page type shows', () => {
  it('gives a doc page its title and the section its route falls in', () => {
    const pages = docsCardPages(
      docsContent([
        { id: 'models/llama', permalink: '/models/llama', title: 'Rubra Llama 3' },
        { id: 'inference/vllm', permalink: '/inference/vllm', title: 'vLLM' },
      ]),
      '/',
      SECTIONS,
    );
    expect(pages.map(({ route, title, section }) => ({ route, title, section }))).toEqual([
      { route: '/models/llama', title: 'Rubra Llama 3', section: 'Models' },
      { route: '/inference/vllm', title: 'vLLM', section: 'Serving' },
    ]);
  });

  it('stops on a doc page that names an image of its own, naming the page', () => {
    const page = { id: 'faq', permalink: '/faq', title: 'FAQ', frontMatter: { image: '/img/faq.png' } };
    expect(() => docsCardPages(docsContent([page]), '/', SECTIONS)).toThrow(
      '[social-cards] @site/docs/faq.mdx names an image of its own; its card is its image',
    );
  });

  it('gives a generated category index its title and section, nested ones too', () => {
    const category = (label: string, slug: string, items: unknown[] = []) => ({
      type: 'category',
      label,
      items,
      link: { type: 'generated-index', permalink: slug, title: label },
    });
    const pages = docsCardPages(
      docsContent(
        [],
        [category('Models', '/category/models', [category('Serving / Inferencing', '/category/serving--inferencing')])],
      ),
      '/',
      SECTIONS,
    );
    expect(pages.map(({ route, title, section }) => ({ route, title, section }))).toEqual([
      { route: '/category/models', title: 'Models', section: 'Models' },
      { route: '/category/serving--inferencing', title: 'Serving / Inferencing', section: 'Serving' },
    ]);
  });

  it('stops on a page no section takes, naming its source', () => {
    expect(() =>
      docsCardPages(docsContent([{ id: 'stray', permalink: '/stray', title: 'Stray' }]), '/', SECTIONS),
    ).toThrow(/docs\/stray\.mdx: no section takes \/stray/);
  });

  it(
    "gives an operation its method and path, and /api its section's name",
    async () => {
      const { reference } = await apiReference;
      const createRun = reference.pages.find((page) => page.operationId === 'createRun');
      expect(createRun).toBeDefined();
      const pages = docsCardPages(
        docsContent([
          { id: 'index', permalink: '/api', title: 'List assistants' },
          { id: 'create-run', permalink: '/api/create-run', title: 'Create a run' },
        ]),
        '/',
        SECTIONS,
        reference.pages,
      );
      expect(pages.map(({ route, title, section }) => ({ route, title, section }))).toEqual([
        { route: '/api', title: 'List assistants', section: 'API reference' },
        { route: '/api/create-run', title: 'Create a run', section: 'POST /threads/{thread_id}/runs' },
      ]);
      const listModels = { id: 'list-models', permalink: '/api/list-models', title: 'List models' };
      const operation = { pageId: 'list-models', method: 'get', path: '/models' };
      expect(docsCardPages(docsContent([listModels]), '/', SECTIONS, [operation])[0]?.section).toBe('GET /models');
    },
    SLOW,
  );

  it('gives /, /search and the not-found page one site card', () => {
    expect(siteCardPages(['/', '/search', '/404.html'], identity.title)).toEqual(
      ['/', '/search', '/404.html'].map((route) => ({
        route,
        title: identity.title,
        source: 'the site card',
      })),
    );
  });

  it(
    'lays out the logo, the product name, the section, the title and the host, in that order',
    async () => {
      const { palette, brand } = await assets;
      const layout = cardLayout({ title: 'Create a run', section: 'POST /threads/{thread_id}/runs' }, palette, brand);
      expect(texts(layout)).toEqual([
        identity.productName,
        'POST /threads/{thread_id}/runs',
        'Create a run',
        new URL(identity.url).host,
      ]);
      expect(texts(cardLayout({ title: identity.title }, palette, brand))).toEqual([
        identity.productName,
        identity.title,
        new URL(identity.url).host,
      ]);
      expect(layout.props.style).toMatchObject({ width: CARD_WIDTH, height: CARD_HEIGHT });
      expect(titleSize('Rubra Llama 3')).toBeGreaterThan(
        titleSize('Create a run for a thread and stream its events back'),
      );
    },
    SLOW,
  );

  it('describes the card in its alt text', () => {
    expect(cardAlt({ title: 'Create a run', section: 'POST /threads/{thread_id}/runs' }, 'Rubra Docs')).toBe(
      'Rubra Docs: Create a run, POST /threads/{thread_id}/runs',
    );
    expect(cardAlt({ title: 'Rubra Docs' }, 'Rubra Docs')).toBe('Rubra Docs');
  });
});

describe('social cards: palette, names and head tags', () => {
  it("reads the light palette from the site's stylesheet", () => {
    const palette = parsePalette(readFileSync(path.join(siteDir, SITE_STYLESHEET), 'utf8'), 'custom.css');
    expect(palette.primary).toBe('#b3262e');
    expect(Object.keys(palette).sort()).toEqual(Object.keys(PALETTE_PROPERTIES).sort());
    expect(() => parsePalette(':root { --ifm-color-primary: #b3262e; }', 'x.css')).toThrow(
      /x\.css: --rubra-surface is missing/,
    );
  });

  it('names a card by its route and a hash of its text and design', () => {
    expect(cardSlug('/api/create-run')).toBe('api-create-run');
    expect(cardSlug('/category/serving--inferencing')).toBe('category-serving-inferencing');
    expect(cardSlug('/')).toBe('index');
    const page = { route: '/faq', title: 'FAQ', section: 'Benchmarks and FAQ', source: 'docs/faq.mdx' };
    const hash = cardHash(page, 'design-1');
    expect(hash).toMatch(/^[0-9a-f]{16}$/);
    expect(cardHash({ ...page, route: '/elsewhere' }, 'design-1')).toBe(hash);
    expect(cardHash({ ...page, title: 'Questions' }, 'design-1')).not.toBe(hash);
    expect(cardHash({ ...page, section: 'Models' }, 'design-1')).not.toBe(hash);
    expect(cardHash(page, 'design-2')).not.toBe(hash);
  });

  it('names the card in Open Graph and Twitter meta elements, with its size, type and alt text', () => {
    const url = 'https://docs.rubra.ai/assets/cards/faq.0123.png';
    expect(cardMetaTags(url, 'Rubra Docs: FAQ, Benchmarks and FAQ')).toEqual([
      { property: 'og:image', content: url },
      { property: 'og:image:width', content: '1200' },
      { property: 'og:image:height', content: '630' },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:alt', content: 'Rubra Docs: FAQ, Benchmarks and FAQ' },
      { name: 'twitter:image', content: url },
      { name: 'twitter:image:alt', content: 'Rubra Docs: FAQ, Benchmarks and FAQ' },
    ]);
  });
});

describe('social cards: rendering', () => {
  it(
    'renders a 1200x630 PNG within its byte budget',
    async () => {
      const png = await renderCard(
        { title: 'Create a run', section: 'POST /threads/{thread_id}/runs' },
        await assets,
        'x',
      );
      expect(pngSize(png)).toEqual({ width: CARD_WIDTH, height: CARD_HEIGHT });
      expect(png.length).toBeLessThanOrEqual(SOCIAL_CARD_MAX_KB * KB);
    },
    SLOW,
  );

  it(
    'stops on a title the fonts cannot draw, naming the page',
    async () => {
      await expect(renderCard({ title: 'Rubra 模型' }, await assets, 'docs/models/x.mdx')).rejects.toThrow(
        /docs\/models\/x\.mdx: the card's fonts have no glyph/,
      );
    },
    SLOW,
  );
});

describe('the site icon at /favicon.ico', () => {
  it('is an ICO of the SVG icon: the brand red inside, clear at the rounded corners', async () => {
    const svg = readFileSync(path.join(siteDir, 'static/img/favicon.svg'), 'utf8');
    const ico = await iconFile(svg);
    // ICONDIR: reserved 0, type 1 (icon), one image, then its entry's width and height.
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico[6], ico[7]]).toEqual([ICON_SIZE, ICON_SIZE]);
    const pixels = await new Transformer(ico).rawPixels();
    const at = (x: number, y: number) => [...pixels.subarray((y * ICON_SIZE + x) * 4, (y * ICON_SIZE + x) * 4 + 4)];
    expect(at(0, 0)[3], 'a corner outside the rounded square').toBe(0);
    const fill = /<rect[^>]* fill="#([0-9a-f]{6})"/.exec(svg)?.[1] ?? '';
    expect(at(3, ICON_SIZE / 2), 'the square').toEqual([...Buffer.from(fill, 'hex'), 255]);
  });
});

describe('social cards: the build report', () => {
  it('prints the figures that the scale run reads back', () => {
    const counts = { cards: 42, pages: 44, rendered: 40, seconds: 3.21 };
    const { figures, line } = cardReport(counts, [9 * 1024, 7 * 1024, 14 * 1024, 8 * 1024]);
    expect(figures).toEqual({ ...counts, minKB: 7, medianKB: 8.5, maxKB: 14 });
    expect(line).toBe(
      '[social-cards] 42 cards for 44 pages: 40 rendered, 2 from the cache, in 3.21 s; 7.0/8.5/14.0 KB (min/median/max)',
    );
    expect(cardReport(counts, [1024, 3 * 1024, 2 * 1024]).figures.medianKB).toBe(2);
  });
});

describe('social cards: the cache', () => {
  it(
    'renders only the cards whose text or design changed',
    async () => {
      const cacheDir = mkdtempSync(path.join(tmpdir(), 'social-cards-'));
      try {
        const loaded = await assets;
        const job = (title: string, key = loaded.designKey): CardJob => {
          const page = { route: '/faq', title, section: 'Benchmarks and FAQ', source: 'docs/faq.mdx' };
          const hash = cardHash(page, key);
          return { page, hash, file: `assets/cards/faq.${hash}.png` };
        };
        const first = [job('FAQ'), job('Benchmarks')];
        expect((await renderMissing(first, loaded, cacheDir)).size).toBe(2);
        expect((await renderMissing(first, loaded, cacheDir)).size).toBe(0);
        const changed = [job('FAQ'), job('Frequently asked questions')];
        expect([...(await renderMissing(changed, loaded, cacheDir))].map((rendered) => rendered.page.title)).toEqual([
          'Frequently asked questions',
        ]);
        expect(readdirSync(cacheDir).sort()).toEqual(
          [...first, changed[1] as CardJob].map((rendered) => `${rendered.hash}.png`).sort(),
        );
        expect((await renderMissing([job('FAQ', 'another design')], loaded, cacheDir)).size).toBe(1);
      } finally {
        rmSync(cacheDir, { recursive: true, force: true });
      }
    },
    SLOW,
  );
});
