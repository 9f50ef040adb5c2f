/**
 * social-cards: a 1200x630 PNG card for every page, for the previews that chat apps
 * and social sites show of a shared link.
 * - Each doc page, category index, API operation and /api gets a card with its title
 *   and section (an operation's method and path); /, /search and the not-found page
 *   share the site's card.
 * - Cards are rendered beside the bundler, from the loaded content, named by a hash of what they show and how
 *   (text, palette, logo, fonts, renderer versions, this plugin's design code), and
 *   kept in node_modules/.cache/social-cards/: a rebuild renders only cards whose
 *   inputs changed. They land under /assets/cards/, which hosts cache for a year.
 * - Every built page gets og:image (absolute), its width, height, type and alt text,
 *   and twitter:image with its alt text, written by the page's server rendering
 *   (src/theme/Root/index.tsx) from `@rubra/social-card-tags`: each route's tags in the
 *   server bundle, none in the browser's (link previews read the served HTML). A
 *   route with no card stops the build.
 * - The site's SVG icon is also drawn as /favicon.ico, which browsers ask for on a
 *   document that names no icon, such as a page's Markdown twin.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';
import { generate } from '@docusaurus/utils';
import { Joi } from '@docusaurus/utils-validation';

import { apiReferenceOf } from '../../plugins-lib/api-reference';
import { pageSectionsSchema, routeOf, routeSchema, sectionOf, type PageSection } from '../../plugins-lib/sections';
import { optionsValidator } from '../../plugins-lib/plugin-options';
import { cardMetaTags, iconFile, loadSiteAssets, renderCard, type CardAssets, type CardText } from './render';

const PLUGIN = 'social-cards';
const CARDS_DIR = 'assets/cards';
/** Cards rasterised and compressed at once, on libuv's thread pool. */
const IN_FLIGHT = 8;

export interface SocialCardsOptions {
  /** The id of the API reference's docs instance. */
  apiPluginId: string;
  /** The site's sections by route prefix (the ones llms.txt uses). */
  sections: PageSection[];
  /** Routes that show the site's card rather than one of their own. */
  siteCardRoutes: string[];
}

export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<SocialCardsOptions>({
    apiPluginId: Joi.string().required(),
    sections: pageSectionsSchema,
    siteCardRoutes: Joi.array().items(routeSchema).default([]),
  }),
);

export interface CardPage extends CardText {
  route: string;
  /** Where the page comes from, for messages. */
  source: string;
}

type Operation = { pageId: string; method: string; path: string };
type SidebarItem = DocsContent['loadedVersions'][number]['sidebars'][string][number];

/**
 * The cards of a docs instance's pages: every doc, and every generated category index.
 * An API operation, by its page id in `operations`, shows its method and path: `POST
 * /threads/{thread_id}/runs`; the API landing page, which repeats one operation's
 * content, takes its section's name so that its card differs from that operation's.
 */
export function docsCardPages(
  content: DocsContent,
  baseUrl: string,
  sections: readonly PageSection[],
  operations: readonly Operation[] = [],
): CardPage[] {
  const byPageId = new Map(operations.map((operation) => [operation.pageId, operation]));
  const cardPage = (permalink: string, title: string, source: string, operation?: Operation): CardPage => {
    const route = routeOf(permalink, baseUrl);
    const section = operation
      ? `${operation.method.toUpperCase()} ${operation.path}`
      : sectionOf(route, sections)?.title;
    if (!section) {
      throw new Error(
        `[social-cards] ${source}: no section takes ${route}; add it to a section in docusaurus.config.ts`,
      );
    }
    return { route, title, section, source };
  };
  // The generated category indexes among sidebar items, nested ones included.
  const indexPages = (items: readonly SidebarItem[]): CardPage[] =>
    items.flatMap((item) => {
      if (item.type !== 'category') {
        return [];
      }
      const { link, label } = item;
      const source = `the "${label}" category of the docs sidebar`;
      const own = link?.type === 'generated-index' ? [cardPage(link.permalink, link.title ?? label, source)] : [];
      return [...own, ...indexPages(item.items)];
    });
  return content.loadedVersions.flatMap((version) => [
    ...version.docs.map((doc) => {
      if (doc.frontMatter.image !== undefined) {
        throw new Error(`[social-cards] ${doc.source} names an image of its own; its card is its image`);
      }
      return cardPage(doc.permalink, doc.title, doc.source, byPageId.get(doc.id));
    }),
    ...Object.values(version.sidebars).flatMap(indexPages),
  ]);
}

/** One card for the pages that stand for the whole site; it carries the site's title alone. */
export function siteCardPages(routes: readonly string[], siteTitle: string): CardPage[] {
  return routes.map((route) => ({ route, title: siteTitle, source: 'the site card' }));
}

/** The alt text of a card: what it shows, in reading order (the site's card shows its name alone). */
export function cardAlt(page: CardText, brand: string): string {
  const title = page.title === brand ? brand : `${brand}: ${page.title}`;
  return page.section ? `${title}, ${page.section}` : title;
}

export interface CardJob {
  page: CardPage;
  hash: string;
  /** The card's path in the build, relative to its root. */
  file: string;
}

/** A file-name-safe name for a route: `/api/create-run` becomes `api-create-run`. */
export function cardSlug(route: string): string {
  return (
    route
      .replace(/\.html$/, '')
      .replace(/[^a-zA-Z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'index'
  );
}

/** The hash of everything a card depends on. */
export function cardHash(page: CardPage, designKey: string): string {
  return createHash('sha256')
    .update(JSON.stringify({ title: page.title, section: page.section ?? null, designKey }))
    .digest('hex')
    .slice(0, 16);
}

/** Renders the cards the cache lacks, IN_FLIGHT at once: satori lays out one while others rasterise. */
export async function renderMissing(
  jobs: readonly CardJob[],
  assets: CardAssets,
  cacheDir: string,
): Promise<Set<CardJob>> {
  await mkdir(cacheDir, { recursive: true });
  const missing = jobs.filter((job) => !existsSync(path.join(cacheDir, `${job.hash}.png`)));
  const queue = [...missing];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const png = await renderCard(job.page, assets, job.page.source);
      const target = path.join(cacheDir, `${job.hash}.png`);
      // Written aside, then renamed: an interrupted build never leaves half a card in the cache.
      await writeFile(`${target}.tmp`, png);
      await rename(`${target}.tmp`, target);
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  return new Set(missing);
}

/**
 * The build's figures of its cards, which the scale run of `npm run bench` reads from
 * REPORT_FILE (sizes in KB of 1,024 bytes; the wall time from the first card's layout to
 * the last card's file), and the line the build prints of them.
 */
export function cardReport(
  counts: { cards: number; pages: number; rendered: number; seconds: number },
  bytes: number[],
) {
  const kb = [...bytes].sort((a, b) => a - b).map((size) => size / 1024);
  // The two middle sizes, which are one size when the count is odd.
  const medianKB = ((kb[(kb.length - 1) >> 1] ?? 0) + (kb[kb.length >> 1] ?? 0)) / 2;
  const figures = { ...counts, minKB: kb[0] ?? 0, medianKB, maxKB: kb.at(-1) ?? 0 };
  const [min, median, max] = [figures.minKB, figures.medianKB, figures.maxKB].map((value) => value.toFixed(1));
  const line =
    `[${PLUGIN}] ${counts.cards} cards for ${counts.pages} pages: ${counts.rendered} rendered, ` +
    `${counts.cards - counts.rendered} from the cache, in ${counts.seconds.toFixed(2)} s; ` +
    `${min}/${median}/${max} KB (min/median/max)`;
  return { figures, line };
}

/** The cards' figures of the last build, in the generated files (.docusaurus/social-cards/). */
const REPORT_FILE = 'report.json';

export default function socialCards(context: LoadContext, options: SocialCardsOptions): Plugin {
  const { siteDir, baseUrl, siteConfig, generatedFilesDir } = context;
  const cacheDir = path.join(siteDir, 'node_modules', '.cache', PLUGIN);
  const dataDir = path.join(generatedFilesDir, PLUGIN);
  // Each route's card tags, which only the server bundle imports; the browser's gets NO_TAGS.
  const TAGS = 'tags.json';
  const NO_TAGS = 'no-tags.json';
  const byRoute = new Map<string, CardJob>();
  /** The jobs this build rendered (the others came from the cache), and the seconds it took. */
  let rendering: Promise<{ rendered: Set<CardJob>; seconds: number }> | undefined;

  return {
    name: PLUGIN,

    async allContentLoaded({ allContent }) {
      await generate(dataDir, NO_TAGS, '{}\n');
      if (process.env.NODE_ENV === 'development') {
        // The dev server renders no HTML to name the cards in.
        return;
      }
      const docsPlugins = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      const result: CardPage[] = Object.entries(docsPlugins).flatMap(([pluginId, content]) => {
        const api = pluginId === options.apiPluginId ? apiReferenceOf(content, pluginId).pages : [];
        return docsCardPages(content, baseUrl, options.sections, api);
      });
      // Later entries win: the site card replaces the home page's doc card.
      const pages = new Map(
        [...result, ...siteCardPages(options.siteCardRoutes, siteConfig.title)].map((page) => [page.route, page]),
      );
      // Each route's card named, the routes' tags written for the server rendering, and the cards' rendering started.
      const started = performance.now();
      const assets = await loadSiteAssets(siteDir, siteConfig.url);
      const byHash = new Map<string, CardJob>();
      const tags: Record<string, ReturnType<typeof cardMetaTags>> = {};
      for (const [route, page] of pages) {
        const hash = cardHash(page, assets.designKey);
        // Routes that show one card share the file named after the first of them.
        const job = byHash.get(hash) ?? { page, hash, file: `${CARDS_DIR}/${cardSlug(route)}.${hash}.png` };
        byHash.set(hash, job);
        byRoute.set(route, job);
        tags[route] = cardMetaTags(`${siteConfig.url}${baseUrl}${job.file}`, cardAlt(page, siteConfig.title));
      }
      await generate(dataDir, TAGS, `${JSON.stringify(tags, null, 1)}\n`);
      // Rendering runs beside the bundler; postBuild waits for it (and reports its
      // failure: the catch only keeps an early failure from going unhandled).
      rendering = renderMissing([...byHash.values()], assets, cacheDir).then((rendered) => ({
        rendered,
        seconds: (performance.now() - started) / 1000,
      }));
      rendering.catch(() => undefined);
    },

    configureWebpack(_config, isServer) {
      const data = isServer && rendering ? TAGS : NO_TAGS;
      return { resolve: { alias: { '@rubra/social-card-tags$': path.join(dataDir, data) } } };
    },

    async postBuild({ outDir, routesPaths }) {
      if (!rendering) {
        throw new Error(`[${PLUGIN}] the cards were not rendered: no content was loaded`);
      }
      const { rendered, seconds } = await rendering;
      const routes = [...new Set(routesPaths)];
      const homeless = routes.filter((route) => !byRoute.has(route));
      if (homeless.length > 0) {
        throw new Error(`[${PLUGIN}] no card for ${homeless.join(', ')}: give the page a title and a section`);
      }
      const used = [...new Set(routes.map((route) => byRoute.get(route) as CardJob))];
      await mkdir(path.join(outDir, CARDS_DIR), { recursive: true });
      const sizes = await Promise.all(
        used.map(async (job) => {
          const png = path.join(cacheDir, `${job.hash}.png`);
          await copyFile(png, path.join(outDir, job.file));
          return (await stat(png)).size;
        }),
      );
      if (siteConfig.favicon) {
        const icon = await readFile(path.join(siteDir, 'static', siteConfig.favicon), 'utf8');
        await writeFile(path.join(outDir, 'favicon.ico'), await iconFile(icon));
      }
      const counts = { cards: used.length, pages: routes.length, seconds };
      const report = cardReport({ ...counts, rendered: used.filter((job) => rendered.has(job)).length }, sizes);
      await generate(dataDir, REPORT_FILE, `${JSON.stringify(report.figures)}\n`);
      console.info(report.line);
    },
  };
}
