/**
 * Bundles the /search page's early script (src/search/backends/local.early.ts) into an ES
 * module of its own, for the site's browsers: the page loads it before the site's bundle.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import browserslistToEsbuild from 'browserslist-to-esbuild';
import { build } from 'esbuild';

import type { HeadElement, PageEdit } from '../../../deploy/page-pass';

import {
  EARLY_SEARCH_SCRIPT,
  HELD_SCRIPTS_META,
  INDEX_TAG_META,
  pagefindEntryUrl,
} from '../../search/backends/pagefindEarly';

/** Writes `search-early.js` into `outDir`; a bundling error names the file it is in. */
export async function bundleEarlyScript(siteDir: string, outDir: string): Promise<void> {
  const entry = path.join(siteDir, 'src/search/backends/local.early.ts');
  try {
    await build({
      entryPoints: [entry],
      outfile: path.join(outDir, EARLY_SEARCH_SCRIPT),
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: browserslistToEsbuild(undefined, { path: siteDir }),
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
  } catch (error) {
    throw new Error(`search: the early search script (${entry}) could not be bundled`, { cause: error });
  }
}

/**
 * The built /search page's early start, for the pass over the built pages: preload hints
 * for the files every query needs first, named only once the index is written (the entry
 * file, the language's metadata and WebAssembly), so they download with Pagefind's module
 * (`crossorigin` matches its `fetch`); and the site's `defer` scripts held back, listed in
 * order in a meta element, for the early script to add once it has painted.
 */
export async function searchPageEdit(outDir: string, baseUrl: string, language: string): Promise<PageEdit> {
  const bundlePath = `${baseUrl}pagefind/`;
  const entryFile = path.join(outDir, 'pagefind', 'pagefind-entry.json');
  const entryText = await readFile(entryFile, 'utf8');
  const { languages = {} } = JSON.parse(entryText) as {
    languages?: Record<string, { hash: string; wasm?: string | null }>;
  };
  const indexLanguage = languages[language] ?? Object.values(languages)[0];
  if (!indexLanguage) {
    throw new Error(`search: ${entryFile} lists no language to hint the /search page at`);
  }
  const hint = (href: string): HeadElement => ({
    tag: 'link',
    attributes: { rel: 'preload', href, as: 'fetch', crossorigin: 'anonymous' },
  });
  // The entry file too, under the tag the early script gives Pagefind (its `metaCacheTag`, local.ts).
  const tag = createHash('sha256').update(entryText).digest('hex').slice(0, 12);
  return {
    head: [
      { tag: 'meta', attributes: { name: INDEX_TAG_META, content: tag } },
      hint(pagefindEntryUrl(bundlePath, tag)),
      hint(`${bundlePath}pagefind.${indexLanguage.hash}.pf_meta`),
      ...(indexLanguage.wasm ? [hint(`${bundlePath}wasm.${indexLanguage.wasm}.pagefind`)] : []),
    ],
    holdScripts: { srcPrefix: `${baseUrl}assets/js/`, listIn: HELD_SCRIPTS_META },
  };
}
