import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { load, type CheerioAPI } from 'cheerio';

import { BUILD_DIR } from './static-server.mjs';

/** The paths of every page in the built sitemap, read when the tests are collected. */
export function sitemapRoutes(): string[] {
  const xml = readFileSync(join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
  if (paths.length === 0) {
    throw new Error(`${join(BUILD_DIR, 'sitemap.xml')} lists no pages`);
  }
  return [...new Set(paths)].sort();
}

/**
 * A path as it is served, before any script runs: what a reader first gets and a crawler
 * reads, with no browser. `$` queries its HTML (parsed as browsers parse it, by parse5
 * through cheerio), and is null when the answer is not HTML.
 */
export interface ServedPage {
  status: number;
  contentType: string;
  $: CheerioAPI | null;
}

/** An answer's status, type and body, read as a ServedPage. */
function readServed(status: number, contentType: string, body: string): ServedPage {
  return { status, contentType, $: contentType.includes('text/html') ? load(body) : null };
}

/** The page's HTML, parsed: throws when the path did not answer 200 with HTML. */
function htmlOf(path: string, { status, $ }: ServedPage): CheerioAPI {
  if (status !== 200 || $ === null) {
    throw new Error(`${path} answers ${status}${$ === null ? ', not HTML' : ''}`);
  }
  return $;
}

/** A path of the site at `origin`, fetched as a crawler fetches it. */
export async function servedPage(origin: string, path: string): Promise<ServedPage> {
  const response = await fetch(new URL(path, origin));
  return readServed(response.status, response.headers.get('content-type') ?? '', await response.text());
}

/** The HTML a path of the site at `origin` is served with, parsed (see htmlOf). */
export async function servedHtml(origin: string, path: string): Promise<CheerioAPI> {
  return htmlOf(path, await servedPage(origin, path));
}

/**
 * The ids of a page as served: null when it is not a page (an error status, or the
 * not-found page); none for a file that is not HTML.
 */
export function pageIds({ status, $ }: ServedPage): Set<string> | null {
  if (
    status !== 200 ||
    ($ !== null &&
      ($('title').text().startsWith('Page not found') || $('h1').first().text().trim() === 'Page not found'))
  ) {
    return null;
  }
  return new Set(
    $
      ? $('[id]')
          .map((_index, element) => $(element).attr('id') ?? '')
          .get()
      : [],
  );
}

/** The ids in the HTML a path of the site at `origin` is served with (see pageIds). */
export async function servedIds(origin: string, path: string): Promise<Set<string> | null> {
  return pageIds(await servedPage(origin, path));
}
