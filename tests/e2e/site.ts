import { readFileSync } from 'node:fs';
import { join } from 'node:path';

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
