/**
 * markdown-twins: the docs for AI assistants.
 * - Every doc, category index and API page gets a Markdown twin at its route plus
 *   `.md` (`/index.md` for `/`), made from the sources: doc pages from their MDX,
 *   with our components in their Markdown forms; API pages from the same operation
 *   data the API pages render.
 * - `/llms.txt` lists every twin by section (llmstxt.org); `/llms-full.txt` holds
 *   every page in sidebar order.
 * The twins are made when the content loads, so a page that cannot become Markdown
 * stops the build (and the dev server) with its file named; postBuild writes them.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext, Plugin } from '@docusaurus/types';

import { identity } from '../../site/identity';
import { LANDING_PAGE_ID } from '../api-reference/generate';
import { apiReferenceOf } from '../api-reference/index';
import { apiPageMarkdown } from './api';
import { componentMarkdown } from './components';
import { tableFigureProblems } from './figures';
import { llmsFullTxt, llmsTxt, twinText, type LlmsSection } from './llms';
import { absoluteLinks } from './links';
import { mdxToMarkdown, TwinError } from './mdx';
import { LLMS_FULL_TXT, LLMS_TXT, twinPath } from './paths';
import { inSection, routeOf as pageRouteOf, type PageSection } from './sections';

const PLUGIN = 'markdown-twins';

export interface MarkdownTwinsOptions {
  /** The id of the API reference's docs instance; its spec path and route are read from its plugin entry. */
  apiPluginId: string;
  /** The sections of llms.txt, in order, each with the route prefixes of its pages. */
  sections: PageSection[];
}

export interface Twin {
  /** The HTML page's route (permalink). */
  route: string;
  title: string;
  description: string;
  /** The source file, relative to the site, for messages. */
  source: string;
  /** The twin's body, without its `# Title` line. */
  body: string;
}

type DocMetadata = DocsContent['loadedVersions'][number]['docs'][number];
type SidebarItem = DocsContent['loadedVersions'][number]['sidebars'][string][number];

function siteRelative(siteDir: string, source: string): string {
  return source.startsWith('@site/') ? source.slice('@site/'.length) : path.relative(siteDir, source);
}

/** The options of the API reference plugin entry in the site config, so they are written once. */
export function apiReferenceOptions(context: LoadContext, pluginId: string): { specPath: string } {
  for (const entry of context.siteConfig.plugins) {
    const entryOptions: unknown = Array.isArray(entry) ? entry[1] : undefined;
    if (typeof entryOptions === 'object' && entryOptions !== null) {
      const { id, specPath } = entryOptions as Record<string, unknown>;
      if (id === pluginId && typeof specPath === 'string') {
        return { specPath };
      }
    }
  }
  throw new Error(`[${PLUGIN}] no API reference plugin with the id "${pluginId}" and a specPath in the site config`);
}

function isDevServer(): boolean {
  return process.env.NODE_ENV === 'development';
}

export default function markdownTwins(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const { siteDir, baseUrl, generatedFilesDir } = context;
  const devDir = path.join(generatedFilesDir, PLUGIN);
  const api = apiReferenceOptions(context, options.apiPluginId);
  const siteRoot = `${identity.url}${baseUrl}`.replace(/\/$/, '');
  const absolute = (route: string) => `${identity.url}${route}`;
  const routeOf = (permalink: string) => pageRouteOf(permalink, baseUrl);
  /** Twins in reading order: the docs sidebar, then the API landing page and the API sidebar. */
  let twins: Twin[] = [];

  async function docTwin(doc: DocMetadata, sourceRoutes: ReadonlyMap<string, string>): Promise<Twin> {
    const source = siteRelative(siteDir, doc.source);
    const file = path.join(siteDir, source);
    const mdx = await readFile(file, 'utf8');
    const body = mdxToMarkdown(mdx, {
      file: source,
      pageUrl: absolute(routeOf(doc.permalink)),
      siteRoot,
      resolveSourceLink: (target) => sourceRoutes.get(path.resolve(path.dirname(file), decodeURI(target))),
      components: componentMarkdown,
      scope: { identity },
      checkTable: tableFigureProblems,
    });
    return { route: routeOf(doc.permalink), title: doc.title, description: doc.description, source, body };
  }

  async function docsTwins(content: DocsContent): Promise<Twin[]> {
    const version = content.loadedVersions[0];
    if (!version) {
      return [];
    }
    const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
    const sourceRoutes = new Map(
      version.docs.map((doc) => [path.join(siteDir, siteRelative(siteDir, doc.source)), routeOf(doc.permalink)]),
    );
    const result: Twin[] = [];
    const seen = new Set<string>();
    const walk = async (items: readonly SidebarItem[]): Promise<void> => {
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') {
          const doc = byId.get(item.id);
          if (doc && !seen.has(doc.id)) {
            seen.add(doc.id);
            result.push(await docTwin(doc, sourceRoutes));
          }
        } else if (item.type === 'category') {
          if (item.link?.type === 'generated-index') {
            result.push(categoryTwin(item, item.link, byId));
          } else if (item.link?.type === 'doc') {
            await walk([{ type: 'doc', id: item.link.id }]);
          }
          await walk(item.items);
        }
      }
    };
    for (const sidebar of Object.values(version.sidebars)) {
      await walk(sidebar);
    }
    // Pages outside every sidebar still get a twin, after the sidebar's pages.
    for (const doc of version.docs.filter((candidate) => !seen.has(candidate.id))) {
      result.push(await docTwin(doc, sourceRoutes));
    }
    return result;
  }

  function categoryTwin(
    category: Extract<SidebarItem, { type: 'category' }>,
    link: { permalink: string; title?: string; description?: string },
    byId: ReadonlyMap<string, DocMetadata>,
  ): Twin {
    const lines = category.items.flatMap((item) => {
      const doc = item.type === 'doc' || item.type === 'ref' ? byId.get(item.id) : undefined;
      if (doc) {
        // The index page's cards show the sidebar label, so the twin does too.
        const label = item.type === 'doc' && item.label ? item.label : doc.title;
        return [`- [${label}](${absolute(routeOf(doc.permalink))}): ${doc.description}`];
      }
      if (item.type === 'category') {
        const href = item.link?.type === 'generated-index' ? item.link.permalink : undefined;
        return [href ? `- [${item.label}](${absolute(routeOf(href))})` : `- ${item.label}`];
      }
      return [];
    });
    const description = link.description ?? category.description ?? '';
    return {
      route: routeOf(link.permalink),
      title: link.title ?? category.label,
      description,
      source: `the "${category.label}" category of the docs sidebar`,
      body: [description, lines.join('\n')].filter(Boolean).join('\n\n'),
    };
  }

  function apiTwins(content: DocsContent): Twin[] {
    const reference = apiReferenceOf(content, options.apiPluginId);
    const { descriptions } = reference;
    const docs = new Map((content.loadedVersions[0]?.docs ?? []).map((doc) => [doc.id, doc]));
    const twin = (docId: string, pageId: string): Twin => {
      const doc = docs.get(docId);
      const page = reference.pages.find((candidate) => candidate.pageId === pageId);
      if (!doc || !page) {
        throw new TwinError(api.specPath, `no API page "${docId}" to make a Markdown twin of`);
      }
      const description = descriptions.get(page.operationId) ?? '';
      const body = apiPageMarkdown(page, {
        description,
        // The landing page and /api show the API's own description too.
        ...(pageId === LANDING_PAGE_ID
          ? { about: { title: reference.title, description: reference.description } }
          : {}),
      });
      return {
        route: routeOf(doc.permalink),
        title: doc.title,
        description: doc.description,
        source: siteRelative(siteDir, doc.source),
        body: absoluteLinks(body, { pageUrl: absolute(routeOf(doc.permalink)), siteRoot }),
      };
    };
    return [twin('index', LANDING_PAGE_ID), ...reference.pages.map((page) => twin(page.pageId, page.pageId))];
  }

  /** Writes every twin, llms.txt and llms-full.txt into a folder that is served at the site's root. */
  async function writeAll(dir: string): Promise<{ index: string; full: string }> {
    const write = async (relative: string, text: string) => {
      const target = path.join(dir, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    };
    for (const twin of twins) {
      await write(twinPath(twin.route, baseUrl).slice(baseUrl.length), twinText(twin.title, twin.body));
    }
    const home = twins.find((twin) => twin.route === baseUrl);
    const index = llmsTxt({
      title: identity.title,
      summary: home?.description ?? identity.tagline,
      sections: sections(),
    });
    const full = llmsFullTxt(twins.map((twin) => ({ title: twin.title, url: absolute(twin.route), body: twin.body })));
    await write(LLMS_TXT, index);
    await write(LLMS_FULL_TXT, full);
    return { index, full };
  }

  function sections(): LlmsSection[] {
    const placed = new Set<Twin>();
    const result = options.sections.map((section) => {
      const members = twins.filter((twin) => !placed.has(twin) && inSection(twin.route, section.routes));
      members.forEach((twin) => placed.add(twin));
      return {
        title: section.title,
        ...(section.intro ? { intro: section.intro } : {}),
        entries: members.map((twin) => ({
          title: twin.title,
          twinUrl: absolute(twinPath(twin.route, baseUrl)),
          description: twin.description,
        })),
      };
    });
    const homeless = twins.filter((twin) => !placed.has(twin));
    if (homeless.length > 0) {
      throw new Error(
        `[${PLUGIN}] no llms.txt section takes ${homeless.map((twin) => `${twin.route} (${twin.source})`).join(', ')}: ` +
          'add its route to a section in docusaurus.config.ts',
      );
    }
    return result;
  }

  return {
    name: PLUGIN,

    async allContentLoaded({ allContent }) {
      const docsPlugins = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
      const result: Twin[] = [];
      for (const [pluginId, content] of Object.entries(docsPlugins)) {
        if (pluginId !== options.apiPluginId) {
          result.push(...(await docsTwins(content)));
        }
      }
      const apiContent = docsPlugins[options.apiPluginId];
      twins = apiContent ? [...result, ...apiTwins(apiContent)] : result;
      if (isDevServer()) {
        // The dev server renders no files; it serves this folder at the site's root instead.
        await writeAll(devDir);
      }
    },

    configureWebpack() {
      const config: Record<string, unknown> = isDevServer()
        ? { devServer: { static: [{ directory: devDir, publicPath: baseUrl, watch: false }] } }
        : {};
      return config;
    },

    async postBuild({ outDir }) {
      const { index, full } = await writeAll(outDir);
      console.info(
        `[${PLUGIN}] ${twins.length} Markdown twins; ${LLMS_TXT} ${Buffer.byteLength(index)} bytes, ` +
          `${LLMS_FULL_TXT} ${Buffer.byteLength(full)} bytes`,
      );
    },
  };
}
