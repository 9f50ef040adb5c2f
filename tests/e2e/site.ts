import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { APIRequestContext } from '@playwright/test';
import { load, type CheerioAPI } from 'cheerio';

import { BUILD_DIR } from '../support/static-server.mjs';

/** The paths of every page in the built sitemap, read when the tests are collected. */
export function sitemapRoutes(): string[] {
  const xml = readFileSync(join(BUILD_DIR, 'sitemap.xml'), 'utf8');
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1] ?? '/').pathname);
  if (paths.length === 0) {
    throw new Error(`${join(BUILD_DIR, 'sitemap.xml')} lists no pages`);
  }
  return [...new Set(paths)].sort();
}

/** One page of each page type the site renders, for checks that hold per template. */
export const PAGE_TYPES = {
  home: '/',
  modelGuide: '/models/llama',
  servingGuide: '/inference/vllm',
  benchmark: '/benchmark',
  faq: '/faq',
  category: '/category/models',
  apiLanding: '/api',
  operation: '/api/create-run',
} as const;

/** A built page's HTML, parsed, read from the build rather than served. */
export function builtHtml(route: string): CheerioAPI {
  const file = route === '/' ? 'index.html' : `${route.slice(1)}.html`;
  return load(readFileSync(join(BUILD_DIR, file), 'utf8'));
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

export async function servedPage(request: APIRequestContext, path: string): Promise<ServedPage> {
  const response = await request.get(path);
  const contentType = response.headers()['content-type'] ?? '';
  return {
    status: response.status(),
    contentType,
    $: contentType.includes('text/html') ? load(await response.text()) : null,
  };
}

/** The page's HTML, parsed: fails the test when the path does not answer 200 with HTML. */
export async function servedHtml(request: APIRequestContext, path: string): Promise<CheerioAPI> {
  const { status, $ } = await servedPage(request, path);
  if (status !== 200 || $ === null) {
    throw new Error(`${path} answers ${status}${$ === null ? ', not HTML' : ''}`);
  }
  return $;
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

/** The ids in the HTML a path is served with, as a reader lands on it before any script runs (see pageIds). */
export async function servedIds(request: APIRequestContext, path: string): Promise<Set<string> | null> {
  return pageIds(await servedPage(request, path));
}
