/**
 * Builds the Pagefind index with its Node API, from the built HTML (after a
 * production build) or from pages rendered from the Markdown twins (dev server).
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';

import { buildVocabulary, VOCABULARY_FILE } from '@rubra/search-query';

import { contentFingerprint, EXCLUDED_SELECTORS, mainText, pageMetadata, prepareForIndex } from './html';

export interface IndexedPage {
  url: string;
  html: string;
}

export interface IndexReport {
  pages: string[];
  duplicates: { url: string; sameAs: string }[];
  skipped: string[];
  files: number;
  bytes: number;
  /** The vocabulary file's size, in bytes. */
  vocabularyBytes: number;
}

/** Where a route's HTML lands in the build, whichever trailing-slash setting wrote it. */
export function builtFileFor(outDir: string, routePath: string, baseUrl: string): string | null {
  const relative = routePath.startsWith(baseUrl) ? routePath.slice(baseUrl.length) : routePath.replace(/^\//, '');
  const clean = relative.replace(/\/$/, '');
  const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(outDir, candidate);
    if (existsSync(file)) {
      return file;
    }
  }
  return null;
}

/** Keeps one route per content: the deepest path (the page's own address, not an alias). */
function deduplicate(pages: IndexedPage[]): { kept: IndexedPage[]; duplicates: IndexReport['duplicates'] } {
  const byFingerprint = new Map<string, IndexedPage[]>();
  for (const page of pages) {
    const key = contentFingerprint(page.html);
    byFingerprint.set(key, [...(byFingerprint.get(key) ?? []), page]);
  }
  const kept: IndexedPage[] = [];
  const duplicates: IndexReport['duplicates'] = [];
  for (const group of byFingerprint.values()) {
    const [first, ...rest] = [...group].sort(
      (a, b) => b.url.split('/').length - a.url.split('/').length || a.url.localeCompare(b.url),
    );
    if (first) {
      kept.push(first);
      duplicates.push(...rest.map((page) => ({ url: page.url, sameAs: first.url })));
    }
  }
  return { kept: kept.sort((a, b) => a.url.localeCompare(b.url)), duplicates };
}

async function sizeOf(files: { content: Uint8Array }[]): Promise<number> {
  return files.reduce((total, file) => total + file.content.byteLength, 0);
}

/**
 * Pagefind exports its Node API for `import` only, and Docusaurus loads this
 * plugin through a CommonJS transpiler that cannot resolve it by name; the
 * transpiler does load it by path.
 */
async function loadPagefind(): Promise<typeof import('pagefind')> {
  const entry = path.join(process.cwd(), 'node_modules', 'pagefind', 'lib', 'index.js');
  if (!existsSync(entry)) {
    throw new Error(`Search index: Pagefind is not installed (looked for ${entry}); run npm install.`);
  }
  return (await import(entry)) as typeof import('pagefind');
}

export async function writeIndex(pages: IndexedPage[], outputPath: string): Promise<IndexReport> {
  const { createIndex, close } = await loadPagefind();
  const { kept, duplicates } = deduplicate(pages);
  const { index, errors } = await createIndex({ excludeSelectors: EXCLUDED_SELECTORS });
  if (!index) {
    throw new Error(`Search index: Pagefind could not start: ${errors.join('; ')}`);
  }
  const indexed: string[] = [];
  const texts: string[] = [];
  const skipped: string[] = [];
  try {
    for (const page of kept) {
      const metadata = pageMetadata(page.html);
      const prepared = metadata && prepareForIndex(page.html, metadata);
      if (!prepared) {
        skipped.push(page.url);
        continue;
      }
      const added = await index.addHTMLFile({ url: page.url, content: prepared });
      if (added.errors.length > 0) {
        throw new Error(`Search index: Pagefind rejected ${page.url}: ${added.errors.join('; ')}`);
      }
      indexed.push(page.url);
      texts.push(mainText(page.html));
    }
    if (indexed.length === 0) {
      throw new Error('Search index: no page could be indexed (no page has a <main> and Docusaurus search metadata).');
    }
    const { files, errors: fileErrors } = await index.getFiles();
    if (fileErrors.length > 0) {
      throw new Error(`Search index: Pagefind could not write the index: ${fileErrors.join('; ')}`);
    }
    // Only what the site loads at run time: Pagefind's own UI bundles are not used.
    const needed = files.filter((file) => !/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(file.path));
    await rm(outputPath, { recursive: true, force: true });
    for (const file of needed) {
      const target = path.join(outputPath, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    const vocabulary = JSON.stringify(buildVocabulary(texts));
    await writeFile(path.join(outputPath, VOCABULARY_FILE), vocabulary);
    return {
      pages: indexed,
      duplicates,
      skipped,
      files: needed.length + 1,
      bytes: (await sizeOf(needed)) + Buffer.byteLength(vocabulary),
      vocabularyBytes: Buffer.byteLength(vocabulary),
    };
  } finally {
    await index.deleteIndex();
    await close();
  }
}

export async function readBuiltPages(outDir: string, routePaths: string[], baseUrl: string): Promise<IndexedPage[]> {
  const pages: IndexedPage[] = [];
  for (const route of routePaths) {
    const file = builtFileFor(outDir, route, baseUrl);
    if (file) {
      pages.push({ url: route, html: await readFile(file, 'utf8') });
    }
  }
  return pages;
}
