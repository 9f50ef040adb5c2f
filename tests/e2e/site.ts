import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { APIRequestContext } from '@playwright/test';

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

/**
 * The ids in the HTML a path is served with, as a reader lands on it before any script
 * runs, or null when the path is not a page (an error status, or the not-found page).
 * A file that is not HTML has no ids.
 */
export async function servedIds(request: APIRequestContext, path: string): Promise<Set<string> | null> {
  const response = await request.get(path);
  if (!response.ok()) {
    return null;
  }
  if (!(response.headers()['content-type'] ?? '').includes('text/html')) {
    return new Set<string>();
  }
  const html = await response.text();
  if (html.includes('<title>Page not found') || /<h1[^>]*>Page not found<\/h1>/.test(html)) {
    return null;
  }
  return new Set([...html.matchAll(/\sid=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? ''));
}
