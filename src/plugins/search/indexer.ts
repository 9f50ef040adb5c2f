/** The Pagefind index (its Node API) and the vocabulary of typo correction, from the built or rendered pages. */
import { existsSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

import { buildVocabulary, VOCABULARY_FILE } from '@rubra/search-query';

// Parts of a docs page that are not its content (nav and footer hold breadcrumbs, pagination, edit links).
import excludeSelectors from './excluded-selectors.json';
import { mainText, prepareForIndex } from './html';

export interface IndexedPage {
  url: string;
  html: string;
}

/** The routes' HTML files in the build, with either trailing-slash setting; none for a route naming a file (/404.html). */
export async function readBuiltPages(outDir: string, routePaths: string[], baseUrl: string): Promise<IndexedPage[]> {
  const pages = routePaths.map(async (url) => {
    const relative = url.startsWith(baseUrl) ? url.slice(baseUrl.length) : url.replace(/^\//, '');
    const clean = relative.replace(/\/$/, '');
    const candidates = clean === '' ? ['index.html'] : [`${clean}.html`, `${clean}/index.html`];
    const file = candidates.map((candidate) => path.join(outDir, candidate)).find((found) => existsSync(found));
    return file ? [{ url, html: await readFile(file, 'utf8') }] : [];
  });
  return (await Promise.all(pages)).flat();
}

/**
 * One route per main text (blind to breadcrumbs, pagination and edit links): the deepest
 * path, the page's own address, not an alias; in route order, by their text.
 */
function deduplicate(pages: IndexedPage[]): { kept: [string, IndexedPage][]; duplicates: string[] } {
  const depth = (page: IndexedPage) => page.url.split('/').length;
  const kept = new Map<string, IndexedPage>();
  const duplicates: string[] = [];
  for (const page of [...pages].sort((a, b) => depth(b) - depth(a) || a.url.localeCompare(b.url))) {
    const text = mainText(page.html);
    const first = kept.get(text);
    if (first) {
      duplicates.push(`${page.url} (same as ${first.url})`);
    } else {
      kept.set(text, page);
    }
  }
  return { kept: [...kept].sort(([, a], [, b]) => a.url.localeCompare(b.url)), duplicates };
}

/**
 * Pagefind exports its Node API for `import` only, and Docusaurus loads this plugin
 * through a CommonJS transpiler that cannot resolve it by name, but does load it by path.
 */
const PAGEFIND_API = path.join(process.cwd(), 'node_modules', 'pagefind', 'lib', 'index.js');

/** Writes the index of the pages into outputPath; returns what it holds, for the log. */
export async function writeIndex(pages: IndexedPage[], outputPath: string): Promise<string> {
  const { createIndex, close } = (await import(PAGEFIND_API)) as typeof import('pagefind');
  const { kept, duplicates } = deduplicate(pages);
  const { index, errors } = await createIndex({ excludeSelectors });
  if (!index) {
    throw new Error(`Search index: Pagefind could not start: ${errors.join('; ')}`);
  }
  const texts: string[] = [];
  const skipped: string[] = [];
  try {
    for (const [text, page] of kept) {
      const prepared = prepareForIndex(page.html);
      if (!prepared) {
        skipped.push(page.url);
        continue;
      }
      const added = await index.addHTMLFile({ url: page.url, content: prepared });
      if (added.errors.length > 0) {
        throw new Error(`Search index: Pagefind rejected ${page.url}: ${added.errors.join('; ')}`);
      }
      texts.push(text);
    }
    if (texts.length === 0) {
      throw new Error('Search index: no page could be indexed (no page has a <main> and Docusaurus search metadata).');
    }
    const { files, errors: fileErrors } = await index.getFiles();
    if (fileErrors.length > 0) {
      throw new Error(`Search index: Pagefind could not write the index: ${fileErrors.join('; ')}`);
    }
    const vocabulary = Buffer.from(JSON.stringify(buildVocabulary(texts)));
    // Only what the site loads at run time: Pagefind's own UI bundles are not used.
    const needed = [
      ...files.filter((file) => !/^pagefind-(ui|modular-ui|component-ui|highlight)\./.test(file.path)),
      { path: VOCABULARY_FILE, content: vocabulary },
    ];
    await rm(outputPath, { recursive: true, force: true });
    for (const file of needed) {
      const target = path.join(outputPath, file.path);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, file.content);
    }
    const bytes = needed.reduce((total, file) => total + file.content.byteLength, 0);
    const kb = (count: number) => `${Math.round(count / 1024)} KB`;
    return (
      `${texts.length} pages into ${needed.length} files (${kb(bytes)}, vocabulary ${kb(vocabulary.byteLength)})` +
      (duplicates.length > 0 ? `; not listed twice: ${duplicates.join(', ')}` : '') +
      (skipped.length > 0 ? `; no content to index: ${skipped.join(', ')}` : '')
    );
  } finally {
    await index.deleteIndex();
    await close();
  }
}
