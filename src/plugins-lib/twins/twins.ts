/**
 * The twins, made from the loaded content: doc pages from their MDX, generated category
 * indexes from the sidebar, API pages from the loaded API reference. The plugin writes
 * them; the dev search index reads them, so dev and build index the same text.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';
import type { LoadContext } from '@docusaurus/types';

import { tableModels as registryModels } from '../../shared/tables';
import type { AnyTableModel } from '../../shared/tables/model';
import { identity } from '../../site/identity';
import { apiReferenceOf, LANDING_PAGE_ID } from '../api-reference';
import { apiPageMarkdown } from './api';
import { componentMarkdown } from './components';
import { tableFigureProblems } from './figures';
import { absoluteLinks } from './links';
import { mdxToMarkdown, readMdx } from './mdx';
import { TwinError } from './twin-error';
import { routeOf as pageRouteOf } from '../sections';
import { pageTableModels } from './table-models';

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

/** Every twin in reading order: the docs sidebar (pages outside it after), then the API pages. */
export async function loadTwins(
  { siteDir, baseUrl, siteConfig }: Pick<LoadContext, 'siteDir' | 'baseUrl' | 'siteConfig'>,
  allContent: Readonly<Record<string, unknown>>,
  apiPluginId: string,
): Promise<Twin[]> {
  const siteRoot = `${siteConfig.url}${baseUrl}`.replace(/\/$/, '');
  const absolute = (route: string) => `${siteConfig.url}${route}`;
  const routeOf = (permalink: string) => pageRouteOf(permalink, baseUrl);

  /** A docs page read, with its file relative to the site and the table models its `<DataTable>` tags name. */
  async function readDoc(doc: DocMetadata) {
    const source = siteRelative(siteDir, doc.source);
    const page = readMdx(await readFile(path.join(siteDir, source), 'utf8'), source);
    return { source, page, models: await pageTableModels(page.tree, { file: source, siteDir }) };
  }

  function docsTwins(content: DocsContent): Twin[] {
    const version = content.loadedVersions[0];
    if (!version) {
      return [];
    }
    const byId = new Map(version.docs.map((doc) => [doc.id, doc]));
    const sourceRoutes = new Map(
      version.docs.map((doc) => [path.join(siteDir, siteRelative(siteDir, doc.source)), routeOf(doc.permalink)]),
    );
    const twinOf = (doc: DocMetadata): Twin => {
      const { source, page, models } = reads.get(doc.source) as Awaited<ReturnType<typeof readDoc>>;
      const file = path.join(siteDir, source);
      const body = mdxToMarkdown(page, {
        file: source,
        pageUrl: absolute(routeOf(doc.permalink)),
        siteRoot,
        resolveSourceLink: (target) => sourceRoutes.get(path.resolve(path.dirname(file), decodeURI(target))),
        components: componentMarkdown,
        tableModels: models,
        scope: { identity },
        checkTable: (table) => tableFigureProblems(table, checkedModels),
      });
      return { route: routeOf(doc.permalink), title: doc.title, description: doc.description, source, body };
    };
    const result: Twin[] = [];
    const seen = new Set<string>();
    const walk = (items: readonly SidebarItem[]): void => {
      for (const item of items) {
        if (item.type === 'doc' || item.type === 'ref') {
          const doc = byId.get(item.id);
          if (doc && !seen.has(doc.id)) {
            seen.add(doc.id);
            result.push(twinOf(doc));
          }
        } else if (item.type === 'category') {
          if (item.link?.type === 'generated-index') {
            result.push(categoryTwin(item, item.link, byId));
          } else if (item.link?.type === 'doc') {
            walk([{ type: 'doc', id: item.link.id }]);
          }
          walk(item.items);
        }
      }
    };
    Object.values(version.sidebars).forEach((sidebar) => walk(sidebar));
    // Pages outside every sidebar still get a twin, after the sidebar's pages.
    return [...result, ...version.docs.filter((doc) => !seen.has(doc.id)).map(twinOf)];
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

  /** A missing API reference plugin stops with `apiReferenceOf`'s error, naming its id. */
  function apiTwins(content: DocsContent | undefined): Twin[] {
    const reference = apiReferenceOf(content, apiPluginId);
    const docs = new Map((content?.loadedVersions[0]?.docs ?? []).map((doc) => [doc.id, doc]));
    const twin = (docId: string, pageId: string): Twin => {
      const doc = docs.get(docId);
      const page = reference.pages.find((candidate) => candidate.pageId === pageId);
      if (!doc || !page) {
        throw new TwinError(`the API reference "${apiPluginId}"`, `no API page "${docId}" to make a Markdown twin of`);
      }
      const body = apiPageMarkdown(page, {
        description: reference.descriptions.get(page.operationId) ?? '',
        // The landing page and /api show the API's own description too.
        about: pageId === LANDING_PAGE_ID ? { title: reference.title, description: reference.description } : undefined,
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

  const docsPlugins = (allContent['docusaurus-plugin-content-docs'] ?? {}) as Record<string, DocsContent>;
  const docsInstances = Object.entries(docsPlugins).filter(([pluginId]) => pluginId !== apiPluginId);
  // Every page is read before any is converted, so that a table typed into one page is
  // checked against the models that the other pages' <DataTable> tags name.
  const reads = new Map<string, Awaited<ReturnType<typeof readDoc>>>();
  for (const doc of docsInstances.flatMap(([, content]) => content.loadedVersions[0]?.docs ?? [])) {
    reads.set(doc.source, await readDoc(doc));
  }
  /** The models the figure check knows: the registry's and every one a page's `<DataTable>` names. */
  const checkedModels: readonly AnyTableModel[] = [
    ...new Set([...registryModels, ...[...reads.values()].flatMap((read) => [...read.models.values()])]),
  ];
  return [...docsInstances.flatMap(([, content]) => docsTwins(content)), ...apiTwins(docsPlugins[apiPluginId])];
}
