import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The layers of src/ point one way: the browser's code (components, theme, search, site)
 * and the code both sides share (shared, data) never import a plugin; shared code and
 * data sit below the UI; a plugin runs in Node and never imports the UI's modules. The
 * workspace packages (packages/) sit below everything that uses them.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const CODE = /\.(ts|tsx|mts|js|jsx|mjs)$/;
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.jsx', '.mjs'];

interface Rule {
  /** Folders (from the repository's root) whose files the rule checks. */
  from: readonly string[];
  /** Whether an import, resolved to a file from the root (or left as written when it is a package), breaks the rule. */
  forbids: (target: string) => boolean;
  why: string;
}

const under = (folders: readonly string[]) => (file: string) =>
  folders.some((folder) => file === folder || file.startsWith(`${folder}/`));

const isUiModule = (target: string) =>
  target.startsWith('@theme/') ||
  target.startsWith('@theme-original/') ||
  target.startsWith('@theme-init/') ||
  under(['src/components', 'src/theme'])(target);

const RULES: readonly Rule[] = [
  {
    from: ['src/components', 'src/theme', 'src/search', 'src/site', 'src/shared', 'src/data'],
    forbids: under(['src/plugins']),
    why: 'code that runs in the browser or on both sides never imports a plugin',
  },
  {
    from: ['src/shared', 'src/data'],
    forbids: under(['src/components', 'src/theme', 'src/search']),
    why: 'shared code and data sit below the UI',
  },
  {
    from: ['src/plugins'],
    forbids: isUiModule,
    why: 'a plugin never imports the UI (components and theme); what both sides need lives in src/shared',
  },
  {
    from: ['packages'],
    forbids: (target) => !target.startsWith('packages/'),
    why: 'a workspace package imports only its own files: the programs that use it bring the index and the DOM',
  },
];

/** Resolves an import specifier the way the bundler does: relative paths, the @site alias, src/theme behind @theme. */
function resolve(importer: string, specifier: string, exists: (file: string) => boolean): string {
  let base: string | undefined;
  if (specifier.startsWith('.')) base = path.posix.join(path.posix.dirname(importer), specifier);
  else if (specifier.startsWith('@site/')) base = specifier.slice('@site/'.length);
  else if (specifier.startsWith('@theme/')) base = `src/theme/${specifier.slice('@theme/'.length)}`;
  if (base === undefined) return specifier;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => `${base}/index${ext}`)];
  const file = candidates.find((candidate) => CODE.test(candidate) && exists(candidate));
  // An @theme import that src/theme does not override is the theme's own React component.
  if (!file && specifier.startsWith('@theme/')) return specifier;
  return file ?? base;
}

interface Violation {
  file: string;
  specifier: string;
  why: string;
}

/** Every import in `files` (path from the root to source text) that points the wrong way. */
function layerViolations(files: ReadonlyMap<string, string>, exists: (file: string) => boolean): Violation[] {
  const violations: Violation[] = [];
  for (const [file, source] of files) {
    const rules = RULES.filter((rule) => under(rule.from)(file));
    if (rules.length === 0) continue;
    const { importedFiles } = ts.preProcessFile(source, true, true);
    for (const { fileName: specifier } of importedFiles) {
      const target = resolve(file, specifier, exists);
      for (const rule of rules) {
        if (rule.forbids(target)) violations.push({ file, specifier, why: rule.why });
      }
    }
  }
  return violations;
}

function sourceFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = `${folder}/${name}`;
    if (statSync(path.join(root, relative)).isDirectory()) return sourceFiles(relative);
    return CODE.test(name) && !name.endsWith('.d.ts') ? [relative] : [];
  });
}

const onDisk = (file: string) => existsSync(path.join(root, file));
const describeViolation = ({ file, specifier, why }: Violation) => `${file} imports '${specifier}': ${why}`;

describe('layers', () => {
  it('no file in src/ or packages/ imports across a layer the wrong way', () => {
    const files = new Map(
      [...sourceFiles('src'), ...sourceFiles('packages')].map((file) => [
        file,
        readFileSync(path.join(root, file), 'utf8'),
      ]),
    );
    expect(files.size).toBeGreaterThan(50);
    expect(layerViolations(files, onDisk).map(describeViolation)).toEqual([]);
  });

  it('names the file and the import of each wrong-way import, however it is written', () => {
    const files = new Map([
      ['src/components/Card/index.tsx', "import { twinPath } from '../../plugins/markdown-twins/index';"],
      ['src/theme/Footer/index.tsx', "export { x } from '@site/src/plugins/blog';"],
      ['src/search/lazy.ts', "const load = () => import('@site/src/plugins/search-index/indexer');"],
      ['src/shared/format.ts', "import type { Props } from '@site/src/components/ModelSpecs';"],
      ['src/plugins/blog/index.ts', "import Layout from '@theme/Layout';"],
      ['src/plugins/twins/index.ts', "import Chart from '../../components/BenchmarkChart';"],
      ['packages/query/src/index.ts', "import { identity } from '../../../src/site/identity';"],
      ['packages/query/src/engine.ts', "import MiniSearch from 'minisearch';"],
    ]);
    const onlyThese = (file: string) =>
      ['src/components/ModelSpecs/index.tsx', 'src/components/BenchmarkChart/index.tsx'].includes(file);
    expect(layerViolations(files, onlyThese).map(describeViolation)).toEqual([
      "src/components/Card/index.tsx imports '../../plugins/markdown-twins/index': code that runs in the browser or on both sides never imports a plugin",
      "src/theme/Footer/index.tsx imports '@site/src/plugins/blog': code that runs in the browser or on both sides never imports a plugin",
      "src/search/lazy.ts imports '@site/src/plugins/search-index/indexer': code that runs in the browser or on both sides never imports a plugin",
      "src/shared/format.ts imports '@site/src/components/ModelSpecs': shared code and data sit below the UI",
      "src/plugins/blog/index.ts imports '@theme/Layout': a plugin never imports the UI (components and theme); what both sides need lives in src/shared",
      "src/plugins/twins/index.ts imports '../../components/BenchmarkChart': a plugin never imports the UI (components and theme); what both sides need lives in src/shared",
      "packages/query/src/index.ts imports '../../../src/site/identity': a workspace package imports only its own files: the programs that use it bring the index and the DOM",
      "packages/query/src/engine.ts imports 'minisearch': a workspace package imports only its own files: the programs that use it bring the index and the DOM",
    ]);
  });

  it('lets the browser and plugins read shared code, and no plugin read a component folder', () => {
    const files = new Map([
      ['src/plugins/twins/index.ts', "import { tableMarkdown } from '@site/src/shared/tables/markdown';"],
      ['src/components/Link/index.tsx', "import { twinPath } from '@site/src/shared/twin-paths';"],
      ['src/plugins/cards/index.ts', "import { chart } from '../../components/BenchmarkChart/bars';"],
    ]);
    const exists = (file: string) =>
      ['src/shared/tables/markdown.ts', 'src/shared/twin-paths.ts', 'src/components/BenchmarkChart/bars.ts'].includes(
        file,
      );
    expect(layerViolations(files, exists).map(describeViolation)).toEqual([
      "src/plugins/cards/index.ts imports '../../components/BenchmarkChart/bars': a plugin never imports the UI (components and theme); what both sides need lives in src/shared",
    ]);
  });
});
