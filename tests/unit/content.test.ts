/**
 * Checks of the written content: front matter, code that must run when a reader
 * pastes it, links, the sidebar the spec fixes, and words that have no place in
 * published docs. Every failure names the file and the line.
 */
// cspell:ignore COPYY
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import { describe, expect, it } from 'vitest';

import { families } from '@site/src/data/models';
import { dataComponents } from '@site/src/shared/tables';
import { dataComponentFiles, dataTableModelFiles, tableModelFiles } from '../support/data-components';
import { readFactRows } from '../support/facts';
import {
  ROOT,
  codeBlocks,
  docJsonFiles,
  docPages,
  headingIds,
  linksOf,
  proseOf,
  type CodeBlock,
  type DocPage,
} from './docs-content';

const pages = docPages();
const blocks = pages.flatMap(codeBlocks);
const where = (block: CodeBlock): string => `${block.file}:${block.line} (${block.language})`;

/** The pages this suite owns, with the route and sidebar label the spec gives each. */
const contentPages: Record<string, { route: string; label: string; position: number }> = {
  'docs/models/llama.mdx': { route: '/models/llama', label: 'Llama 3', position: 1 },
  'docs/models/gemma.mdx': { route: '/models/gemma', label: 'Gemma', position: 2 },
  'docs/models/Mistral.mdx': { route: '/models/Mistral', label: 'Mistral', position: 3 },
  'docs/models/Phi.mdx': { route: '/models/Phi', label: 'Phi 3', position: 4 },
  'docs/models/Qwen.mdx': { route: '/models/Qwen', label: 'Qwen 2', position: 5 },
  'docs/inference/llamacpp.mdx': { route: '/inference/llamacpp', label: 'llama.cpp', position: 1 },
  'docs/inference/vllm.mdx': { route: '/inference/vllm', label: 'vLLM', position: 2 },
  'docs/inference/transformers.mdx': {
    route: '/inference/transformers',
    label: 'HuggingFace Transformers',
    position: 3,
  },
  'docs/benchmark.mdx': { route: '/benchmark', label: 'Benchmarks', position: 4 },
  'docs/faq.mdx': { route: '/faq', label: 'FAQ', position: 5 },
};

/** Every route of the site's docs and API, from the spec. */
const knownRoutes = new Set([
  '/',
  '/api',
  '/search',
  '/category/models',
  '/category/serving--inferencing',
  ...Object.values(contentPages).map((page) => page.route),
]);

function pageByRoute(route: string): DocPage | undefined {
  const file = Object.entries(contentPages).find(([, page]) => page.route === route)?.[0];
  return pages.find((page) => page.file === file);
}

function run(command: string, args: string[], input: string): { ok: boolean; output: string } {
  const result = spawnSync(command, args, { input, encoding: 'utf8' });
  if (result.error) {
    throw result.error;
  }
  return { ok: result.status === 0, output: `${result.stdout}${result.stderr}`.trim() };
}

const PYTHON_COMPILE = 'import sys; compile(sys.stdin.read(), sys.argv[1], "exec")';

const dockerKeywords = new Set([
  'ADD',
  'ARG',
  'CMD',
  'COPY',
  'ENTRYPOINT',
  'ENV',
  'EXPOSE',
  'FROM',
  'HEALTHCHECK',
  'LABEL',
  'ONBUILD',
  'SHELL',
  'STOPSIGNAL',
  'USER',
  'VOLUME',
  'WORKDIR',
]);

/** The problems of a Dockerfile, or an empty list when it is valid. */
export function dockerfileProblems(code: string): string[] {
  const problems: string[] = [];
  const instructions = DockerfileParser.parse(code).getInstructions();
  const firstBuildStep = instructions.find((instruction) => instruction.getKeyword() !== 'ARG');
  if (firstBuildStep?.getKeyword() !== 'FROM') {
    problems.push('the first instruction after ARG must be FROM');
  }
  for (const instruction of instructions) {
    const keyword = instruction.getKeyword();
    const line = instruction.getRange().start.line + 1;
    const args = instruction.getArgumentsContent() ?? '';
    if (!dockerKeywords.has(keyword) && keyword !== 'RUN') {
      problems.push(`line ${line}: unknown instruction ${keyword}`);
    }
    if (!args.trim()) {
      problems.push(`line ${line}: ${keyword} has no arguments`);
    }
    if (args.trim().startsWith('[')) {
      try {
        const parsed: unknown = JSON.parse(args);
        if (!Array.isArray(parsed) || !parsed.every((item) => typeof item === 'string')) {
          problems.push(`line ${line}: the exec form of ${keyword} must be a JSON array of strings`);
        }
      } catch (error) {
        problems.push(`line ${line}: the exec form of ${keyword} is not valid JSON: ${String(error)}`);
      }
    } else if (keyword === 'RUN') {
      const shell = run('bash', ['-n'], args);
      if (!shell.ok) {
        problems.push(`line ${line}: RUN is not valid shell: ${shell.output}`);
      }
    }
    if (keyword === 'EXPOSE' && !/^\d+(\/(tcp|udp))?$/.test(args.trim())) {
      problems.push(`line ${line}: EXPOSE needs a port number`);
    }
  }
  return problems;
}

describe('docs front matter', () => {
  it.each(pages.map((page) => [page.file, page] as const))('%s has a description', (_file, page) => {
    const description = page.frontMatter.description;
    expect(typeof description, `${page.file}: front matter needs a description`).toBe('string');
    expect(String(description).length, `${page.file}: the description is too short`).toBeGreaterThanOrEqual(50);
    expect(String(description).length, `${page.file}: the description is too long`).toBeLessThanOrEqual(300);
  });

  it('gives each content page the route, sidebar label and position the spec fixes', () => {
    for (const [file, expected] of Object.entries(contentPages)) {
      const page = pages.find((p) => p.file === file);
      expect(page, `${file} is missing`).toBeDefined();
      expect(page?.frontMatter.slug, `${file}: slug`).toBe(expected.route);
      expect(page?.frontMatter.sidebar_label, `${file}: sidebar_label`).toBe(expected.label);
      expect(page?.frontMatter.sidebar_position, `${file}: sidebar_position`).toBe(expected.position);
      expect(String(page?.frontMatter.title ?? ''), `${file}: title`).not.toBe('');
    }
    expect(pages.find((p) => p.file === 'docs/benchmark.mdx')?.frontMatter.title).toBe('Benchmarks');
  });

  it('orders the sidebar: main doc, Models, Serving / Inferencing, Benchmarks, FAQ', () => {
    const categories = docJsonFiles();
    expect(categories.map((c) => c.file)).toEqual(['docs/inference/_category_.json', 'docs/models/_category_.json']);
    expect(categories[1]?.data).toMatchObject({
      label: 'Models',
      position: 2,
      link: { type: 'generated-index', slug: '/category/models' },
    });
    expect(categories[0]?.data).toMatchObject({
      label: 'Serving / Inferencing',
      position: 3,
      link: { type: 'generated-index', slug: '/category/serving--inferencing' },
    });
    for (const { file, data } of categories) {
      const description = (data as { link?: { description?: string } }).link?.description ?? '';
      expect(description.length, `${file}: the category needs a one-line description`).toBeGreaterThan(30);
      expect(description).not.toContain('\n');
    }
    const readme = pages.find((p) => p.file === 'docs/README.mdx');
    expect(readme?.frontMatter.sidebar_position).toBe(1);
  });
});

/**
 * What renders the data tables a reader sees: each data component's file, the model
 * file of each page's <DataTable>, and the table models.
 */
const dataComponentSources = dataComponentFiles(ROOT, pages);
const dataTableModelSources = dataTableModelFiles(ROOT, pages);
const dataTableFiles = [
  ...new Set([...dataComponentSources.values(), ...dataTableModelSources, ...tableModelFiles(ROOT)]),
];

describe('the data components', () => {
  it('are found, through their registration, in the file each page imports them from', () => {
    const used = Object.keys(dataComponents).filter((tag) => pages.some((page) => page.body.includes(`<${tag}`)));
    expect(used.length).toBeGreaterThan(0);
    expect([...dataComponentSources.keys()].sort()).toEqual(used.sort());
  });

  it('and the models of the pages’ <DataTable> tags, through each page’s imports', () => {
    expect(dataTableModelSources).toContain('src/shared/tables/enhanced-models.ts');
    expect(dataTableModelSources).toContain('src/shared/tables/chat-templates.ts');
  });

  it('and their table models are spell-checked by lint:content, folder by folder', () => {
    const packageJson = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    const command = packageJson.scripts['lint:content'] ?? '';
    const folders = [...command.matchAll(/"([^"]+)\/\*\*"/g)].map(([, folder]) => `${folder}/`);
    for (const file of dataTableFiles) {
      expect(
        folders.some((folder) => file.startsWith(folder)),
        `${file} is in no folder that lint:content checks whole`,
      ).toBe(true);
    }
  });
});

describe('words that do not belong in published docs', () => {
  const banned = /\b(TODO|TBD|FIXME|XXX|lorem|ipsum|coming soon|placeholder)\b/i;
  const files = [
    ...pages.map((page) => page.file),
    ...docJsonFiles().map((json) => json.file),
    'src/data/benchmarks.ts',
    ...dataTableFiles,
  ];

  it.each(files)('%s has none', (file) => {
    readFileSync(join(ROOT, file), 'utf8')
      .split('\n')
      .forEach((line, index) => {
        expect(banned.exec(line)?.[0], `${file}:${index + 1}`).toBeUndefined();
      });
  });
});

describe('code blocks', () => {
  const validated = new Set(['json', 'python', 'bash', 'docker']);
  const allowed = new Set([...validated, 'text']);

  it('use only languages the suite checks, or plain text', () => {
    expect(blocks.length).toBeGreaterThan(20);
    for (const block of blocks) {
      expect(allowed.has(block.language), `${where(block)}: use one of ${[...allowed].join(', ')}`).toBe(true);
    }
  });

  it('carry a title on the guides, so readers know what each block is', () => {
    for (const block of blocks.filter((b) => b.file.startsWith('docs/inference/'))) {
      expect(block.meta, `${where(block)}: add title="…"`).toMatch(/\btitle="[^"]+"/);
    }
  });

  it.each(blocks.filter((b) => b.language === 'json').map((b) => [where(b), b] as const))(
    'JSON at %s parses',
    (_where, block) => {
      expect(() => JSON.parse(block.code), where(block)).not.toThrow();
    },
  );

  it.each(blocks.filter((b) => b.language === 'python').map((b) => [where(b), b] as const))(
    'Python at %s compiles',
    (_where, block) => {
      const result = run('python3', ['-c', PYTHON_COMPILE, where(block)], block.code);
      expect(result.output, where(block)).toBe('');
      expect(result.ok, where(block)).toBe(true);
    },
  );

  it.each(blocks.filter((b) => b.language === 'bash').map((b) => [where(b), b] as const))(
    'bash at %s passes bash -n',
    (_where, block) => {
      const result = run('bash', ['-n'], block.code);
      expect(result.output, where(block)).toBe('');
      expect(result.ok, where(block)).toBe(true);
    },
  );

  it.each(blocks.filter((b) => b.language === 'docker').map((b) => [where(b), b] as const))(
    'Dockerfile at %s parses',
    (_where, block) => {
      expect(dockerfileProblems(block.code), where(block)).toEqual([]);
    },
  );

  it('has checkers that reject broken code', () => {
    expect(run('python3', ['-c', PYTHON_COMPILE, 'broken.py'], 'def f(:\n  pass\n').ok).toBe(false);
    expect(run('bash', ['-n'], 'if true; then echo\n').ok).toBe(false);
    expect(dockerfileProblems('RUN echo hi\n')).toContain('the first instruction after ARG must be FROM');
    expect(dockerfileProblems('FROM scratch\nCOPYY a b\n')).toContain('line 2: unknown instruction COPYY');
    expect(dockerfileProblems('FROM scratch\nCMD ["a", \n').join()).toMatch(/not valid JSON/);
    expect(dockerfileProblems('FROM scratch\nRUN if true; then echo\n').join()).toMatch(/RUN is not valid shell/);
  });

  it('includes a container example for the vLLM fork with its build and run commands', () => {
    const docker = blocks.filter((b) => b.language === 'docker');
    expect(docker.map((b) => b.file)).toEqual(['docs/inference/vllm.mdx']);
    const commands = blocks.filter((b) => b.file === 'docs/inference/vllm.mdx' && b.language === 'bash');
    expect(commands.some((b) => /^docker build /m.test(b.code) && /^docker run /m.test(b.code))).toBe(true);
  });
});

describe('links', () => {
  const links = pages.flatMap(linksOf);

  it('finds the links of every page', () => {
    expect(links.length).toBeGreaterThan(50);
  });

  it('use https for every external link, and well-formed URLs', () => {
    for (const link of links.filter((l) => /^[a-z]+:/i.test(l.url))) {
      const at = `${link.file}:${link.line}: ${link.url}`;
      expect(() => new URL(link.url), at).not.toThrow();
      const url = new URL(link.url);
      expect(url.protocol, at).toBe('https:');
      expect(url.hostname, at).toMatch(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/);
      expect(link.url, at).not.toMatch(/[.,;:]$/);
    }
  });

  it('point inside the site only at routes that exist, and at anchors that exist', () => {
    for (const link of links.filter((l) => !/^[a-z]+:/i.test(l.url))) {
      const at = `${link.file}:${link.line}: ${link.url}`;
      const [path = '', anchor] = link.url.split('#');
      if (path === '') {
        const page = pages.find((p) => p.file === link.file) as DocPage;
        expect(headingIds(page), at).toContain(anchor);
        continue;
      }
      expect(knownRoutes.has(path), at).toBe(true);
      const target = pageByRoute(path);
      if (anchor && target) {
        expect(headingIds(target), at).toContain(anchor);
      }
    }
  });
});

describe('page structure', () => {
  it('gives every heading of the content pages an explicit, unique anchor', () => {
    for (const file of Object.keys(contentPages)) {
      const page = pages.find((p) => p.file === file) as DocPage;
      const headings = proseOf(page)
        .split('\n')
        .filter((line) => /^#{2,3} /.test(line));
      for (const heading of headings) {
        expect(heading, `${file}: ${heading}`).toMatch(/\{#[a-z0-9-]+\}$/);
      }
      const ids = headingIds(page);
      expect(new Set(ids).size, `${file}: duplicate heading ids`).toBe(ids.length);
    }
  });

  it('renders each model guide from the data of its own family', () => {
    for (const info of families) {
      const page = pageByRoute(info.route) as DocPage;
      for (const tag of [
        'ModelSpecs',
        'DataTable model={familyBenchmarks}',
        'DataTable model={mtBenchPairwiseTable}',
        'ChatTemplateOf',
      ]) {
        expect(page.body, `${page.file}: <${tag} family="${info.family}" />`).toContain(
          `<${tag} family="${info.family}" />`,
        );
      }
      expect(page.body.match(/family="([^"]+)"/g)?.every((attr) => attr === `family="${info.family}"`)).toBe(true);
      for (const heading of ['specifications', 'benchmarks', 'mt-bench-pairwise', 'serving', 'things-to-know']) {
        expect(headingIds(page), page.file).toContain(heading);
      }
    }
  });

  it('answers the seven FAQ topics, each under its own heading', () => {
    const faq = pageByRoute('/faq') as DocPage;
    expect(headingIds(faq)).toEqual([
      'who-is-rubra-for',
      'why-rubra',
      'mistral-tool-calling',
      'vllm-tool-calling',
      'training',
      'benchmark-differences',
      'training-data',
    ]);
    expect(faq.body).toMatch(/<details>\s*<summary>[^<]+<\/summary>[\s\S]*"name": "find"[\s\S]*<\/details>/);
  });

  it('uses one tab group for platforms, so a reader’s choice carries across pages', () => {
    const platformTabs = pages.filter((page) => page.body.includes('<Tabs groupId="platform">'));
    expect(platformTabs.map((page) => page.file).sort()).toEqual([
      'docs/inference/llamacpp.mdx',
      'docs/inference/vllm.mdx',
    ]);
    for (const page of platformTabs) {
      expect(page.body).toContain('<TabItem value="macos" label="macOS" default>');
      expect(page.body).toContain('<TabItem value="cuda" label="NVIDIA CUDA">');
    }
  });

  it('never types a benchmark figure into prose: figures come from src/data', () => {
    const figures = new Set(
      readFactRows('benchmarks').flatMap((row) =>
        Object.entries(row)
          .filter(([column, value]) => column !== 'params_billion' && /^\d+\.\d+$/.test(value))
          .flatMap(([, value]) => [value, Number(value).toFixed(2)]),
      ),
    );
    for (const page of pages) {
      proseOf(page)
        .split('\n')
        .forEach((line, index) => {
          for (const number of line.match(/\b\d+\.\d+\b/g) ?? []) {
            expect(figures.has(number), `${page.file}:${page.bodyLine + index}: ${number}`).toBe(false);
          }
        });
    }
  });
});
