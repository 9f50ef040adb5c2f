/**
 * Bundles the /search page's early script (src/search/backends/local.early.ts, the
 * local backend with the page's early paint) into one small ES module of its own:
 * the page's HTML loads it before the site's bundle, so it cannot be a chunk of it.
 * The browsers are the site's own (package.json's browserslist).
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { build } from 'esbuild';

import type { HeadElement, PageEdit } from '../../../deploy/page-pass.mjs';

import {
  EARLY_SEARCH_SCRIPT,
  HELD_SCRIPTS_META,
  INDEX_TAG_META,
  pagefindEntryUrl,
} from '../../search/backends/pagefindEarly';

/** esbuild's names for the browserslist names the site uses. */
const ENGINES: Record<string, string> = {
  chrome: 'chrome',
  edge: 'edge',
  firefox: 'firefox',
  safari: 'safari',
  ios_saf: 'ios',
};

/** Turns browserslist queries of the form "chrome >= 99" into esbuild targets ("chrome99"). */
export function esbuildTargets(queries: readonly string[]): string[] {
  return queries.map((query) => {
    const [, name = '', version] = /^\s*(\w+)\s*>=\s*([\d.]+)\s*$/.exec(query) ?? [];
    const engine = ENGINES[name.toLowerCase()];
    if (!engine || !version) {
      throw new Error(
        `package.json browserslist: "${query}" is not of the form "<browser> >= <version>" for a known browser`,
      );
    }
    return `${engine}${version}`;
  });
}

/** Writes `search-early.js` into `outDir`; a bundling error names the file it is in. */
export async function bundleEarlyScript(siteDir: string, outDir: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join(siteDir, 'package.json'), 'utf8')) as {
    browserslist?: string[];
  };
  const entry = path.join(siteDir, 'src/search/backends/local.early.ts');
  const outFile = path.join(outDir, EARLY_SEARCH_SCRIPT);
  try {
    await build({
      entryPoints: [entry],
      outfile: outFile,
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: esbuildTargets(manifest.browserslist ?? []),
      minify: true,
      legalComments: 'none',
      logLevel: 'silent',
    });
  } catch (error) {
    throw new Error(`search: the early search script (${entry}) could not be bundled`, { cause: error });
  }
  return outFile;
}

/**
 * What the built /search page needs for its early start, handed to the pass over the
 * built pages (deploy/page-pass.mjs): preload hints for the files every query needs
 * first and that are named only once the index is written (Pagefind's entry file, the
 * language's metadata and WebAssembly), which then download with Pagefind's module, not
 * after it has read its entry file (`crossorigin` makes them match the `fetch` Pagefind
 * makes); and the site's own `defer` scripts (its bundle, under `assets/js/`) held back
 * and listed, in order, in a meta element that the early script reads: it adds them
 * back once it has painted the first results (local.early.ts).
 */
export async function searchPageEdit(options: {
  bundleDir: string;
  bundlePath: string;
  language: string;
  baseUrl: string;
}): Promise<PageEdit> {
  const { bundleDir, bundlePath, language, baseUrl } = options;
  const entryFile = path.join(bundleDir, 'pagefind-entry.json');
  const entryText = await readFile(entryFile, 'utf8');
  const entry = JSON.parse(entryText) as {
    languages?: Record<string, { hash: string; wasm?: string | null }>;
  };
  const indexLanguage = entry.languages?.[language] ?? Object.values(entry.languages ?? {})[0];
  if (!indexLanguage) {
    throw new Error(`search: ${entryFile} lists no language to hint the /search page at`);
  }
  const files = [
    `pagefind.${indexLanguage.hash}.pf_meta`,
    ...(indexLanguage.wasm ? [`wasm.${indexLanguage.wasm}.pagefind`] : []),
  ];
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
      ...files.map((file) => hint(`${bundlePath}${file}`)),
    ],
    holdScripts: { srcPrefix: `${baseUrl}assets/js/`, listIn: HELD_SCRIPTS_META },
  };
}
