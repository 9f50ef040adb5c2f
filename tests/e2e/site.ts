import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { load, type CheerioAPI } from 'cheerio';

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
