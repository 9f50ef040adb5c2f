/**
 * What each page's card says: its title and its section. Doc and category pages take
 * the section their route falls in (the sections llms.txt uses); an API operation
 * shows its method and path instead; the home page, the search page and the
 * not-found page share one card for the whole site.
 */
import type { LoadedContent as DocsContent } from '@docusaurus/plugin-content-docs';

import { routeOf, sectionOf, type PageSection } from '../../plugins-lib/sections';
import type { CardText } from './card';

export interface CardPage extends CardText {
  route: string;
  /** Where the page comes from, for messages. */
  source: string;
  /** The card's file name, for a card that several routes share. */
  name?: string;
}

export const SITE_CARD_NAME = 'site';

type Operation = { pageId: string; method: string; path: string };
type SidebarItem = DocsContent['loadedVersions'][number]['sidebars'][string][number];

/** The generated category indexes among sidebar items, nested ones included. */
function generatedIndexes(items: readonly SidebarItem[]): { permalink: string; title: string; label: string }[] {
  return items.flatMap((item) => {
    if (item.type !== 'category') {
      return [];
    }
    const { link, label } = item;
    const own =
      link?.type === 'generated-index' ? [{ permalink: link.permalink, title: link.title ?? label, label }] : [];
    return [...own, ...generatedIndexes(item.items)];
  });
}

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
  return content.loadedVersions.flatMap((version) => [
    ...version.docs.map((doc) => {
      if (doc.frontMatter.image !== undefined) {
        throw new Error(`[social-cards] ${doc.source} names an image of its own; its card is its image`);
      }
      return cardPage(doc.permalink, doc.title, doc.source, byPageId.get(doc.id));
    }),
    ...Object.values(version.sidebars)
      .flatMap(generatedIndexes)
      .map(({ permalink, title, label }) => cardPage(permalink, title, `the "${label}" category of the docs sidebar`)),
  ]);
}

/** One card for the pages that stand for the whole site; it carries the site's title alone. */
export function siteCardPages(routes: readonly string[], siteTitle: string): CardPage[] {
  return routes.map((route) => ({ route, title: siteTitle, source: 'the site card', name: SITE_CARD_NAME }));
}

/** The alt text of a card: what it shows, in reading order (the site's card shows its name alone). */
export function cardAlt(page: CardText, brand: string): string {
  const title = page.title === brand ? brand : `${brand}: ${page.title}`;
  return page.section ? `${title}, ${page.section}` : title;
}
