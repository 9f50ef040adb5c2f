import type { CheerioAPI } from 'cheerio';

/** What an element of cheerio's tree is here, as far as the shapes read it. */
interface Element {
  tagName: string;
  attribs: Record<string, string>;
  parent: unknown;
}

const isElement = <T>(node: T): node is T & Element =>
  typeof node === 'object' && node !== null && 'tagName' in node && 'attribs' in node;

/**
 * The kinds of element a page's main content is made of, as axe sees them: each element
 * by its tag, classes, role and attribute names, inside its parent's; whether an element
 * that needs a name (a link, a button, a heading, a table header, a summary) has text or a
 * label; and whether a reference to an id (aria-labelledby, aria-describedby,
 * aria-controls, an in-page link) finds its element. Text and values are left out: two
 * pages built from one template differ in them, and not in what axe checks of a template.
 */
export function elementShapes($: CheerioAPI, root = 'main'): Set<string> {
  const ids = new Set(
    $('[id]')
      .toArray()
      .filter(isElement)
      .map((element) => element.attribs.id),
  );
  const name = (element: Element) =>
    [element.tagName, ...(element.attribs.class ?? '').split(/\s+/).filter(Boolean).sort()].join('.') +
    (element.attribs.role ? `[role=${element.attribs.role}]` : '');
  const shapes = new Set<string>();
  for (const element of $(`${root} *`).toArray().filter(isElement)) {
    const attributes = Object.keys(element.attribs)
      .filter((attribute) => !['class', 'role'].includes(attribute))
      .sort();
    const references = ['aria-labelledby', 'aria-describedby', 'aria-controls'].flatMap((attribute) =>
      (element.attribs[attribute] ?? '').split(/\s+/).filter(Boolean),
    );
    const href = element.attribs.href;
    if (href?.startsWith('#') && href.length > 1) {
      references.push(decodeURIComponent(href.slice(1)));
    }
    const needsName = /^(a|button|h[1-6]|th|summary)$/.test(element.tagName);
    const named = !needsName || $(element).text().trim() !== '' || element.attribs['aria-label'] !== undefined;
    const parent = isElement(element.parent) ? name(element.parent) : '';
    shapes.add(
      `${parent} > ${name(element)} [${attributes.join(' ')}]` +
        `${named ? '' : ' unnamed'}${references.every((id) => ids.has(id)) ? '' : ' broken reference'}`,
    );
  }
  return shapes;
}

/**
 * The fewest pages, chosen greedily, that between them show every shape of `pages` not
 * in `known`: an axe check of them checks every element kind, name and reference the
 * other pages are made of.
 */
export function coveringPages(pages: ReadonlyMap<string, Set<string>>, known: Iterable<string> = []): string[] {
  const covered = new Set(known);
  const chosen: string[] = [];
  for (;;) {
    let best: string | undefined;
    let gain = 0;
    for (const [page, shapes] of pages) {
      const added = [...shapes].filter((shape) => !covered.has(shape)).length;
      if (added > gain) {
        best = page;
        gain = added;
      }
    }
    if (best === undefined) {
      return chosen;
    }
    chosen.push(best);
    for (const shape of pages.get(best) ?? []) {
      covered.add(shape);
    }
  }
}
