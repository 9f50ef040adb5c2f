// The scale run: copies the site's sources into a temporary folder (node_modules
// symlinked), adds generated doc pages and replaces openapi/rubra.yaml with a
// generated description, runs the real cold `docusaurus build` on it, and measures
// the build, its output, its search index and a first query. The folder is removed
// at the end.
import { execFileSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import createJiti from 'jiti';
import { stringify } from 'yaml';

import { coldBuild, phasePeaks } from './build-time.mjs';
import { buildFiles } from '../../deploy/page-pass.mjs';
import { measureSearch } from './measure.mjs';
import { startStaticHost } from '../../tests/support/static-server.mjs';

const jiti = createJiti(import.meta.url);
const { VOCABULARY_FILE } = jiti('@rubra/search-query');

const TWIN_SECTIONS_START = 'const pageSections: PageSection[] = [';

/** @param {string} dir */
export async function directorySize(dir) {
  return buildFiles(dir).reduce((total, file) => total + statSync(path.join(dir, file)).size, 0);
}

/**
 * @param {string} root
 * @param {string} dir
 * @param {{ pages: number, operations: number }} size
 */
async function prepareVariant(root, dir, { pages, operations }) {
  // The repository's files as a fresh clone has them (tracked, plus new files not ignored).
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    // cp makes the target's folders.
    await cp(path.join(root, file), path.join(dir, file)).catch((error) => {
      // A file deleted in the work tree but still tracked.
      if (error.code !== 'ENOENT') throw error;
    });
  }
  // The variant shares the site's packages but not its caches: `docusaurus clear` empties
  // node_modules/.cache, which must stay the variant's own (and the site's untouched).
  const modules = path.join(dir, 'node_modules');
  await mkdir(modules);
  for (const entry of await readdir(path.join(root, 'node_modules'))) {
    if (entry !== '.cache') await symlink(path.join(root, 'node_modules', entry), path.join(modules, entry));
  }

  const { generateDocs } = jiti('./scale-docs.ts');
  const { generateOpenApi } = jiti('./scale-openapi.ts');
  for (const file of generateDocs(pages)) {
    const target = path.join(dir, 'docs', file.path);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, file.content);
  }
  const api = stringify(generateOpenApi(operations), { aliasDuplicateObjects: false });
  await writeFile(path.join(dir, 'openapi', 'rubra.yaml'), api);
  // llms.txt and the social cards place every page in a section and fail the build on one they cannot place:
  // the generated pages and their category indexes (all under /scale/) get one of their own.
  const configFile = path.join(dir, 'docusaurus.config.ts');
  const config = await readFile(configFile, 'utf8');
  if (!config.includes(TWIN_SECTIONS_START)) {
    throw new Error(`${configFile}: the page sections were not found, so the generated pages cannot be placed`);
  }
  await writeFile(
    configFile,
    config.replace(TWIN_SECTIONS_START, `${TWIN_SECTIONS_START}\n{ title: 'Guides', routes: ['/scale/'] },`),
  );
}

const QUERIES = ['quantization', 'scheduler', 'replica', 'tokenizer', 'gateway', 'checkpoint'];

/**
 * @param {{ root: string, pages?: number, operations?: number, runs?: number, log?: (line: string) => void }} options
 */
export async function runScale({ root, pages = 2000, operations = 300, runs = 3, log = () => undefined }) {
  const dir = await mkdtemp(path.join(tmpdir(), 'rubra-scale-'));
  try {
    log(`  preparing ${pages} pages and ${operations} operations in ${dir}`);
    await prepareVariant(root, dir, { pages, operations });
    log('  cold build (docusaurus clear && docusaurus build)');
    // Docusaurus's performance lines mark the phases, so the peak can be read per phase.
    const build = await coldBuild(dir, { ...process.env, DOCUSAURUS_PERF_LOGGER: 'true' });
    const cardsFile = path.join(dir, '.docusaurus', 'social-cards', 'report.json');
    const cards = JSON.parse(await readFile(cardsFile, 'utf8'));
    const buildDir = path.join(dir, 'build');
    if (!existsSync(path.join(buildDir, 'index.html'))) {
      throw new Error(`the build of the variant wrote no ${path.join(buildDir, 'index.html')}`);
    }
    const htmlPages = buildFiles(buildDir).filter((name) => name.endsWith('.html')).length;
    const server = await startStaticHost({ root: buildDir, gzip: true });
    let search;
    try {
      log('  first query in Chromium');
      search = await measureSearch({ baseUrl: server.origin, queries: QUERIES, runs });
    } finally {
      await server.close();
    }
    const vocabulary = await readFile(path.join(buildDir, 'pagefind', VOCABULARY_FILE));
    return {
      pages,
      operations,
      vocabularyWords: JSON.parse(vocabulary.toString('utf8')).words.length,
      vocabularyGzipBytes: gzipSync(vocabulary, { level: 9 }).length,
      htmlPages,
      buildSeconds: build.seconds,
      cards,
      peakBytes: build.peakBytes,
      phases: phasePeaks(build.timeline),
      outputBytes: await directorySize(buildDir),
      indexBytes: await directorySize(path.join(buildDir, 'pagefind')),
      firstQueryBytes: search.firstQueryKB * 1024,
      firstQueryIndexBytes: search.firstQueryIndexKB * 1024,
      warmQueryMs: search.warmQueryMs,
      largestFiles: search.largestFiles,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
