/**
 * The /search page's first screen of results, drawn with DOM calls before the page
 * has hydrated (by the local backend's early script), in the markup the page's
 * React view renders for the same results, so that React can take the screen over
 * without a visible change. Text goes in as text; only the titles and excerpts of
 * `groupHitsByPage`, escaped there with <mark> kept, go in as HTML, as in React.
 */
import { toSitePath, type PageResult } from './pageResults';
import type { QueryNotice } from '@rubra/search-query';
import { searchTexts as texts } from '../site/identity';
import { fillNotice, resultCountText } from './texts';

/** The class names of the page's CSS modules that the results' markup uses. */
export interface ResultClasses {
  count: string;
  results: string;
  result: string;
  section: string;
  title: string;
  excerpt: string;
  headings: string;
  notice: string;
  instead: string;
}

export interface PaintedResults {
  /** The query as the page shows it (the `q` of the URL). */
  query: string;
  pages: readonly PageResult[];
  nbHits: number;
  notice: QueryNotice | null;
}

/** Where the results go: the page's live status region and its result list. */
export interface ResultTargets {
  status: Element;
  list: Element;
}

type Child = Node | string;

function element(doc: Document, tag: string, className: string | null, children: Child[] = []): HTMLElement {
  const node = doc.createElement(tag);
  if (className) {
    node.className = className;
  }
  node.append(...children);
  return node;
}

/** A span holding HTML that `groupHitsByPage` escaped, <mark> aside. */
function markedHtml(doc: Document, html: string, className: string | null): HTMLElement {
  const span = element(doc, 'span', className);
  span.innerHTML = html;
  return span;
}

function link(doc: Document, url: string, html: string): HTMLElement {
  const anchor = element(doc, 'a', null, [markedHtml(doc, html, null)]);
  anchor.setAttribute('href', toSitePath(url));
  return anchor;
}

function noticeParagraph(doc: Document, notice: QueryNotice, classes: ResultClasses): HTMLElement {
  if (notice.kind === 'relaxed') {
    const paragraph = element(doc, 'p', classes.notice, [fillNotice(texts.relaxedNotice, notice)]);
    paragraph.dataset.searchNotice = 'relaxed';
    return paragraph;
  }
  // Attributes in React's order, so that the markup is the same as the page's own.
  const button = doc.createElement('button');
  button.setAttribute('type', 'button');
  button.className = classes.instead;
  button.append(fillNotice(texts.searchInstead, notice));
  const paragraph = element(doc, 'p', classes.notice, [fillNotice(texts.correctedNotice, notice), ' ', button, '.']);
  paragraph.dataset.searchNotice = 'corrected';
  return paragraph;
}

function resultItem(doc: Document, result: PageResult, classes: ResultClasses): HTMLElement {
  const item = element(doc, 'li', classes.result);
  if (result.section) {
    item.append(element(doc, 'p', classes.section, [result.section]));
  }
  item.append(element(doc, 'h2', classes.title, [link(doc, result.url, result.title)]));
  if (result.excerpt) {
    item.append(markedHtml(doc, result.excerpt, classes.excerpt));
  }
  if (result.headings.length > 0) {
    const headings = result.headings.map((heading) =>
      element(doc, 'li', null, [
        link(doc, heading.url, heading.title),
        ...(heading.excerpt ? [markedHtml(doc, heading.excerpt, classes.excerpt)] : []),
      ]),
    );
    item.append(element(doc, 'ul', classes.headings, headings));
  }
  return item;
}

/** Draws the notice, the count and the list of results into the page's targets. */
export function paintResults(targets: ResultTargets, results: PaintedResults, classes: ResultClasses): void {
  const doc = targets.list.ownerDocument;
  const count = element(doc, 'p', classes.count, [
    `${resultCountText(results.nbHits)} “`,
    element(doc, 'strong', null, [results.query]),
    '”',
  ]);
  targets.status.replaceChildren(...(results.notice ? [noticeParagraph(doc, results.notice, classes)] : []), count);
  targets.list.replaceChildren(...results.pages.map((result) => resultItem(doc, result, classes)));
}
