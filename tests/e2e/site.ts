import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import type { APIRequestContext } from '@playwright/test';
import { load, type CheerioAPI } from 'cheerio';

import { htmlOf, readServed } from '../support/built-site';
import { BUILD_DIR } from '../support/static-server.mjs';

export { sitemapRoutes } from '../support/built-site';

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
 * The HTML a path is served with, before any script runs, parsed: fails the test when the
 * path does not answer 200 with HTML.
 */
export async function servedHtml(request: APIRequestContext, path: string): Promise<CheerioAPI> {
  const response = await request.get(path);
  return htmlOf(path, readServed(response.status(), response.headers()['content-type'] ?? '', await response.text()));
}
