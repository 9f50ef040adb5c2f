// Cold builds: one run of `docusaurus clear` then `docusaurus build`, its wall time and
// the peak resident memory of its whole process tree (the build spawns workers), sampled
// from /proc; and the scale run, which copies the site's sources into a temporary folder
// (node_modules symlinked), adds generated doc pages and replaces openapi/rubra.yaml with
// a generated description, runs the real cold build on it, and measures the build, its
// output, its search index and a first query. The folder is removed at the end.
import { execFileSync, spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { stripVTControlCharacters } from 'node:util';
import { gzipSync } from 'node:zlib';

import { VOCABULARY_FILE } from '@rubra/search-query';
import { stringify } from 'yaml';

import { buildFiles } from '../../deploy/page-pass';
import { startStaticHost } from '../../tests/support/static-server.mjs';
import { measureSearch } from './measure';
import { generateDocs, generateOpenApi } from './scale-sources';

type ProcInfo = { pid: number; ppid: number; rss: number };
/** The tree's RSS every 250 ms, and each output line, in seconds from the start. */
type Timeline = { memory: { t: number; rss: number }[]; lines: { t: number; text: string }[] };

/** Summed resident memory of `root` and all its descendants. */
export function treeRss(root: number | undefined, processes: readonly ProcInfo[]) {
  let total = 0;
  const stack = processes.filter((proc) => proc.pid === root);
  for (let proc = stack.pop(); proc; proc = stack.pop()) {
    total += proc.rss;
    stack.push(...processes.filter((child) => child.ppid === proc.pid));
  }
  return total;
}

/** Every process's pid, parent and resident set size (bytes), from its /proc/<pid>/status. */
async function readProcesses() {
  const processes: ProcInfo[] = [];
  for (const name of await readdir('/proc')) {
    // Empty for a process that ended between listing and reading.
    const status = /^\d+$/.test(name) ? await readFile(`/proc/${name}/status`, 'utf8').catch(() => '') : '';
    const field = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0);
    if (status) processes.push({ pid: Number(name), ppid: field('PPid'), rss: field('VmRSS') * 1024 });
  }
  return processes;
}

/**
 * Runs `command args` in `cwd`; resolves with wall seconds, peak tree RSS in bytes and a
 * timeline: the tree's RSS every 250 ms and each output line, both in seconds from the
 * start, so memory can be read per phase.
 */
function timedRun(command: string, args: string[], cwd: string, env = process.env) {
  return new Promise<{ seconds: number; peakBytes: number; timeline: Timeline }>((resolve, reject) => {
    const started = performance.now();
    const now = () => (performance.now() - started) / 1000;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    const lines: Timeline['lines'] = [];
    for (const input of [child.stdout, child.stderr]) {
      createInterface({ input }).on('line', (text) => lines.push({ t: now(), text }));
    }
    const memory: Timeline['memory'] = [];
    let sampling = false;
    const timer = setInterval(async () => {
      if (sampling) return;
      sampling = true;
      const t = now();
      memory.push({ t, rss: treeRss(child.pid, await readProcesses()) });
      sampling = false;
    }, 250);
    child.on('error', reject);
    // 'close': the output's last lines are read.
    child.on('close', (code) => {
      clearInterval(timer);
      const seconds = now();
      const peakBytes = memory.reduce((peak, sample) => Math.max(peak, sample.rss), 0);
      const output = lines.map((line) => line.text).join('\n');
      if (code === 0) resolve({ seconds, peakBytes, timeline: { memory, lines } });
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output.slice(-4000)}`));
    });
  });
}

const PERF_LINE = /^\[PERF\](?:\[KO\])? (.+?) - ([\d.]+) (ms|seconds)/;

/**
 * Peak RSS per phase of the build, from a timeline whose output has Docusaurus's
 * performance lines (DOCUSAURUS_PERF_LOGGER=true): each "[PERF] label - duration" line
 * ends a phase that began `duration` earlier. The phases are the build's own
 * (Build > locale > phase: loading, bundling, SSG, postBuild...) that last long enough to
 * be sampled, 1 s or more.
 */
export function phasePeaks({ memory, lines }: Timeline) {
  const phases = [];
  for (const line of lines) {
    const match = PERF_LINE.exec(stripVTControlCharacters(line.text));
    if (!match) continue;
    const [, label = '', amount, unit] = match;
    const seconds = Number(amount) / (unit === 'ms' ? 1000 : 1);
    if (label.split(' > ').length !== 3 || seconds < 1) continue;
    const start = line.t - seconds;
    const inside = memory.filter((sample) => sample.t >= start && sample.t <= line.t);
    phases.push({
      label,
      start,
      seconds,
      peakBytes: inside.reduce((peak, sample) => Math.max(peak, sample.rss), 0),
    });
  }
  return phases.sort((a, b) => a.start - b.start);
}

/** `docusaurus clear` then a timed `docusaurus build` in `cwd`. */
export async function coldBuild(cwd: string, env?: NodeJS.ProcessEnv) {
  const docusaurus = `${cwd}/node_modules/.bin/docusaurus`;
  await timedRun(docusaurus, ['clear'], cwd, env);
  return timedRun(docusaurus, ['build'], cwd, env);
}

const TWIN_SECTIONS_START = 'const pageSections: PageSection[] = [';

export async function directorySize(dir: string) {
  return buildFiles(dir).reduce((total, file) => total + statSync(path.join(dir, file)).size, 0);
}

type ScaleOptions = { root: string; pages: number; operations: number; runs: number; log: (line: string) => void };

async function prepareVariant(dir: string, { root, pages, operations }: ScaleOptions) {
  // The repository's files as a fresh clone has them (tracked, plus new files not ignored).
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: root })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of files) {
    // cp makes the target's folders.
    await cp(path.join(root, file), path.join(dir, file)).catch((error: NodeJS.ErrnoException) => {
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

export async function runScale(options: ScaleOptions) {
  const { pages, operations, runs, log } = options;
  const dir = await mkdtemp(path.join(tmpdir(), 'rubra-scale-'));
  try {
    log(`  preparing ${pages} pages and ${operations} operations in ${dir}`);
    await prepareVariant(dir, options);
    log('  cold build (docusaurus clear && docusaurus build)');
    // Docusaurus's performance lines mark the phases, so the peak can be read per phase.
    const build = await coldBuild(dir, { ...process.env, DOCUSAURUS_PERF_LOGGER: 'true' });
    const cardsFile = path.join(dir, '.docusaurus', 'social-cards', 'report.json');
    const cards = JSON.parse(await readFile(cardsFile, 'utf8'));
    const buildDir = path.join(dir, 'build');
    const htmlPages = buildFiles(buildDir).filter((name) => name.endsWith('.html')).length;
    const server = await startStaticHost({ root: buildDir, gzip: true });
    log('  first query in Chromium');
    const search = await measureSearch({ baseUrl: server.origin, queries: QUERIES, runs }).finally(server.close);
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
      ...search,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
