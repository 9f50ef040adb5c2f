import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import { SEARCH_BACKENDS } from '../../src/search/backends/registry';

/**
 * What README.md, CONTRIBUTING.md and ARCHITECTURE.md claim that a look at the files can
 * check: the paths they name exist, the README names every npm script and documents
 * every environment variable the code reads (and nothing else), the "only this file
 * does it" claims hold, and the README stays short enough to read.
 */

const root = fileURLToPath(new URL('../..', import.meta.url));
const DOCUMENTS = ['README.md', 'CONTRIBUTING.md', 'ARCHITECTURE.md'] as const;
const README_MAX_LINES = 250;

/** Folders the build, the tests and the bench write: named in the documents, never committed. */
const GENERATED_ROOTS = [
  'build',
  'api-docs',
  'bench-report',
  'node_modules',
  'mcp/dist',
  'dist',
  '.docusaurus',
] as const;
/** Folders left out of the walk: generated output, and the repository's own metadata. */
const NOT_SOURCES = new Set([
  '.git',
  'node_modules',
  'build',
  'api-docs',
  'bench-report',
  'dist',
  'test-results',
  'playwright-report',
]);
/** File names that stand for the reader's own file in an example. */
const EXAMPLE_NAMES = new Set(['file.json']);
/** What a file name ends with when the documents mean a file of the repository. */
const SOURCE_FILE = /\.(ts|tsx|mts|mjs|js|json|ya?ml|md|mdx|css|conf|sh)$/;

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const firstFolder = (span: string) => span.split('/')[0] ?? '';

/** Every file and folder of the repository, as paths from its root (folders end with `/`). */
function walk(folder = ''): string[] {
  return readdirSync(path.join(root, folder)).flatMap((name) => {
    const relative = folder ? `${folder}/${name}` : name;
    if (!statSync(path.join(root, relative)).isDirectory()) return [relative];
    if (NOT_SOURCES.has(name) || name.startsWith('.docusaurus') || name.startsWith('build-')) return [];
    return [`${relative}/`, ...walk(relative)];
  });
}

/** The text outside fenced code blocks. */
function prose(markdown: string): string {
  return markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, '');
}

/** Inline code spans, their line breaks read as spaces. */
function codeSpans(markdown: string): string[] {
  return [...prose(markdown).matchAll(/`([^`]+)`/g)].map((match) => (match[1] ?? '').replace(/\s+/g, ' ').trim());
}

/** Link targets of `[text](target)`. */
function linkTargets(markdown: string): string[] {
  return [...prose(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
}

/** A heading's anchor as GitHub writes it. */
function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(markdown: string): Set<string> {
  return new Set([...prose(markdown).matchAll(/^#{1,6}\s+(.+)$/gm)].map((match) => slug((match[1] ?? '').trim())));
}

/**
 * Whether a code span names a file or folder of the repository: a path with a `/`, or a
 * file name a source file could have. Commands, URLs of the site, packages, options and
 * MIME types are not paths.
 */
function namesPath(span: string): boolean {
  if (/[\s:=,"'()|;]/.test(span) || /^[/@$-]/.test(span) || span.includes('://')) return false;
  if (EXAMPLE_NAMES.has(span)) return false;
  if (span.startsWith('.') && !span.includes('/')) return false;
  return (
    span.endsWith('/') ||
    SOURCE_FILE.test(span) ||
    (span.includes('/') && /^[\w.-]+\//.test(span) && existsSync(path.join(root, firstFolder(span))))
  );
}

const isGenerated = (span: string) =>
  GENERATED_ROOTS.some((folder) => span === folder || span.startsWith(`${folder}/`));

/**
 * Whether a path a document names exists: from the root when its first folder is one of
 * the repository's, else as the end of some path (`form.ts`, `facts/*.ts`). `<name>`
 * stands for any one name and `*` for any part of one.
 */
function pathExists(span: string, paths: readonly string[]): boolean {
  const pattern = span
    .split(/(<[^>]+>|\*)/)
    .map((part) =>
      part.startsWith('<') ? '[^/]+' : part === '*' ? '[^/]*' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  const rooted = existsSync(path.join(root, firstFolder(span).replace(/[<*].*$/, '') || '\0'));
  // A module named without its extension (`src/site/env`) is any file of that name.
  const ending = span.endsWith('/') ? '' : SOURCE_FILE.test(span) ? '/?' : '(\\.\\w+)?/?';
  const match = new RegExp(`${rooted ? '^' : '(^|/)'}${pattern}${ending}$`);
  return paths.some((candidate) => match.test(candidate));
}

/** The paths a document names that do not exist. */
function missingPaths(markdown: string, paths: readonly string[]): string[] {
  const named = codeSpans(markdown)
    .filter(namesPath)
    .filter((span) => !isGenerated(span));
  return [...new Set(named)].filter((span) => !pathExists(span, paths));
}

/** Links to another file of the repository (or an anchor in it) that lead nowhere. */
function brokenLinks(document: string): string[] {
  return linkTargets(read(document))
    .filter((target) => !/^[a-z]+:/.test(target))
    .filter((target) => {
      const [file, anchor] = target.split('#');
      const targetFile = file ? path.posix.join(path.posix.dirname(document), file) : document;
      if (!existsSync(path.join(root, targetFile))) return true;
      return anchor !== undefined && !anchors(read(targetFile)).has(anchor);
    });
}

/** The npm scripts a document runs: `npm start`, `npm test` and `npm run <name>`. */
function npmScriptsNamed(markdown: string): Set<string> {
  return new Set(
    [...markdown.matchAll(/\bnpm (?:run (?:--silent )?([\w:-]+)|(start|test)\b)/g)].map((m) => m[1] ?? m[2] ?? ''),
  );
}

/** The section under a heading, up to the next heading of its level or above. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => line.replace(/^#+\s+/, '') === heading && line.startsWith('#'));
  if (start < 0) throw new Error(`No heading "${heading}"`);
  const depth = (line = '') => /^#+/.exec(line)?.[0].length ?? 0;
  const level = depth(lines[start]);
  const end = lines.findIndex((line, i) => i > start && /^#+\s/.test(line) && depth(line) <= level);
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The environment variables a section's tables document: the names in each row's first cell. */
function documentedVariables(markdown: string): Set<string> {
  const names = markdown
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1] ?? ''));
  return new Set(names);
}

/** Code with its comments blanked (CSS's too), so that what it says of itself is not searched. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');
}

/**
 * The environment variables a source file reads by name: `process.env.X`, `env.X` or `raw.X`
 * in its syntax tree (so not in its comments, strings or templates' text), and `${X:-…}` in a
 * shell file.
 */
function variablesRead(file: string, source = read(file)): string[] {
  const names: string[] = [];
  // Parsed as its extension says: a `.ts` file's `<T>(…) =>` or `<T>value` is not JSX.
  const tree = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node): void => {
    if (
      ts.isPropertyAccessExpression(node) &&
      /^[A-Z][A-Z0-9_]*$/.test(node.name.text) &&
      ['process.env', 'env', 'raw'].includes(node.expression.getText(tree))
    ) {
      names.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(tree);
  return [...names, ...[...source.matchAll(/\$\{([A-Z][A-Z0-9_]*):-/g)].map((m) => m[1] ?? '')];
}

function filesUnder(folder: string, extensions: RegExp): string[] {
  return walk(folder).filter((file) => extensions.test(file) && !file.includes('/fixtures/'));
}

const sorted = (names: Iterable<string>) => [...new Set(names)].sort();
const CODE = /\.(ts|tsx|mts|mjs|js)$/;

describe('README.md', () => {
  it(`stays within ${README_MAX_LINES} lines`, () => {
    const lines = read('README.md').trimEnd().split('\n').length;
    expect(lines, `README.md has ${lines} lines; move maintainers' detail to CONTRIBUTING.md`).toBeLessThanOrEqual(
      README_MAX_LINES,
    );
  });

  it('keeps the two set-up commands first, as .ci/run expects', () => {
    const commands = [...read('README.md').matchAll(/^```bash\n([\s\S]*?)\n```$/gm)].map((match) => match[1]);
    expect(commands.slice(0, 2)).toEqual(['npm ci && npm run build && npm run serve', 'npm ci && npm test']);
  });

  it('names every npm script of package.json, and only those', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = npmScriptsNamed(read('README.md'));
    expect(sorted(scripts.filter((script) => !named.has(script))), 'scripts the README does not name').toEqual([]);
    expect(sorted([...named].filter((script) => !scripts.includes(script))), 'scripts that do not exist').toEqual([]);
  });

  it("documents exactly the build's environment: what src/site/env.ts and the search backends' registry read", () => {
    const readByCode = ['src/site/env.ts', 'src/search/backends/registry.ts'].flatMap((file) => variablesRead(file));
    expect(readByCode.length).toBeGreaterThan(0);
    expect(sorted(documentedVariables(section(read('README.md'), 'Configuration')))).toEqual(sorted(readByCode));
  });

  it('says truly where the build reads its environment: no other module of src/ reads a variable by name', () => {
    const readers = [...filesUnder('src', CODE), 'docusaurus.config.ts'].filter((file) =>
      variablesRead(file).some((name) => name !== 'NODE_ENV'),
    );
    expect(readers.sort()).toEqual(['src/search/backends/registry.ts', 'src/site/env.ts']);
  });
});

describe('CONTRIBUTING.md', () => {
  it("documents exactly the tests' and the bench's environment", () => {
    const files = [
      ...filesUnder('scripts', CODE),
      ...filesUnder('tests/support', CODE),
      'playwright.config.ts',
      '.ci/run',
    ];
    const readByCode = files.flatMap((file) => variablesRead(file));
    expect(readByCode.length).toBeGreaterThan(0);
    expect(sorted(documentedVariables(section(read('CONTRIBUTING.md'), 'Environment')))).toEqual(sorted(readByCode));
  });
});

describe.each(DOCUMENTS)('%s', (document) => {
  const paths = walk();

  it('names only paths that exist', () => {
    expect(missingPaths(read(document), paths)).toEqual([]);
  });

  it('links only to files and anchors that exist', () => {
    expect(brokenLinks(document)).toEqual([]);
  });

  it('runs only npm scripts that exist', () => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    expect([...npmScriptsNamed(read(document))].filter((script) => !scripts.includes(script))).toEqual([]);
  });
});

describe("the documents' own checks", () => {
  const paths = ['src/', 'src/search/', 'src/search/form.ts', 'src/data/facts/models.ts', 'scripts/bench/'];

  it('find a path that does not exist, however it is written', () => {
    const markdown = [
      'Edit `src/search/form.ts`, `form.ts`, `facts/*.ts`, `src/<name>/` and `bench/`,',
      'not `src/search/forms.ts`, `facts/*.json`, `src/missing/` or `scripts/benches/`;',
      '`npm run build`, `/models/llama.md`, `@docsearch/react`, `application/wasm`, `build/x.json` are not paths.',
      '```bash\ncat src/nowhere.ts\n```',
    ].join('\n');
    expect(missingPaths(markdown, paths)).toEqual([
      'src/search/forms.ts',
      'facts/*.json',
      'src/missing/',
      'scripts/benches/',
    ]);
  });

  it('read the variables a file reads, not those in its comments or strings', () => {
    const source = [
      '// process.env.IN_A_COMMENT',
      "const sample = 'process.env.IN_A_STRING';",
      'const template = `process.env.IN_A_TEMPLATE ${process.env.READ_ZERO}`;',
      'const a = process.env.READ_ONE ?? env.READ_TWO;',
      'if [ -z "${READ_THREE:-}" ]; then',
    ].join('\n');
    expect(variablesRead('file.ts', source)).toEqual(['READ_ZERO', 'READ_ONE', 'READ_TWO', 'READ_THREE']);
  });

  it('slug headings as GitHub does', () => {
    expect(slug('How a query is read')).toBe('how-a-query-is-read');
    expect(slug('Markdown twins and llms.txt inside')).toBe('markdown-twins-and-llmstxt-inside');
  });
});

describe('only the files ARCHITECTURE.md names', () => {
  it('name a search backend outside src/search/backends/: the rest goes through the registry', () => {
    const ids = SEARCH_BACKENDS.map((row) => row.id).join('|');
    const namesBackend = new RegExp(
      `backends/(?!registry\\b)[\\w.]+|data-search-backend=['"]?(${ids})\\b|\\.kind\\s*===?\\s*['"](${ids})['"]`,
    );
    const files = [...filesUnder('src', /\.(ts|tsx|mjs|css)$/), 'docusaurus.config.ts', ...filesUnder('deploy', CODE)];
    const naming = files
      .filter((file) => !file.startsWith('src/search/backends/'))
      .filter((file) => namesBackend.test(withoutComments(read(file))));
    expect(naming.sort()).toEqual(['src/plugins/search/earlyScript.ts', 'src/theme/SearchBar/styles.css']);
    const architecture = read('ARCHITECTURE.md');
    for (const file of naming) expect(architecture).toContain(`\`${file}\``);
  });

  it('declare the API: openapi/rubra.yaml is the only OpenAPI description outside the test fixtures', () => {
    const descriptions = walk()
      .filter((file) => /\.(ya?ml|json)$/.test(file) && !file.includes('/fixtures/') && file !== 'package-lock.json')
      .filter((file) => /^\s*["']?openapi["']?\s*:/m.test(read(file).slice(0, 2000)));
    expect(descriptions).toEqual(['openapi/rubra.yaml']);
  });
});

describe('generated folders', () => {
  it('that the documents name are ignored by git, so no document names a committed path as generated', () => {
    for (const folder of GENERATED_ROOTS.filter((name) => name !== 'dist')) {
      // git check-ignore exits 0 for an ignored path, whether or not it exists yet.
      expect(() => execFileSync('git', ['check-ignore', '-q', `${folder}/x`], { cwd: root }), folder).not.toThrow();
    }
  });
});
