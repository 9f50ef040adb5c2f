import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';

import { sdkCallProblem } from '@site/src/plugins/api-reference/load';

import { phasePeaks, treeRss } from '../../scripts/bench/build';
import {
  BUDGET_KINDS,
  BUDGETS,
  budgetFailures,
  checkBudgets,
  KB,
  PAGE_TYPES,
  resolvePagePath,
  VISIT_CAP_KIB,
  type PageType,
} from '../../scripts/bench/budgets';
import { CATEGORIES, generateDocs, generateOpenApi, seededRandom } from '../../scripts/bench/scale-sources';
import { belongsTo, classify, CONSOLE, describeFetched, SEARCH, tally, type Fetched } from '../../scripts/bench/weight';

const origin = 'http://127.0.0.1:4000';
const text = (value: string) => new TextEncoder().encode(value);

describe('page weight', () => {
  it('classifies a response by its content type, else by its extension', () => {
    expect(classify('text/javascript', `${origin}/a`)).toBe('js');
    expect(classify('application/javascript; charset=utf-8', `${origin}/a`)).toBe('js');
    expect(classify('text/css', `${origin}/a`)).toBe('css');
    expect(classify('text/html; charset=utf-8', `${origin}/404`)).toBe('html');
    expect(classify('font/woff2', `${origin}/a`)).toBe('font');
    expect(classify('image/svg+xml', `${origin}/a`)).toBe('image');
    expect(classify('', `${origin}/assets/fonts/inter.woff2`)).toBe('font');
    expect(classify('application/octet-stream', `${origin}/img/logo.PNG`)).toBe('image');
    expect(classify('application/octet-stream', `${origin}/assets/js/main.js?v=1`)).toBe('js');
    expect(classify('application/wasm', `${origin}/pagefind/wasm.en.pagefind`)).toBe('other');
  });

  it('recognises search code and index, and nothing else', () => {
    expect(belongsTo(SEARCH, `${origin}/pagefind/pagefind.js`, 'js', text(''))).toBe(true);
    expect(belongsTo(SEARCH, `${origin}/pagefind/index/en_1.pf_index`, 'other', text(''))).toBe(true);
    expect(belongsTo(SEARCH, `${origin}/assets/js/6553.js`, 'js', text('x="DocSearch-Modal"'))).toBe(true);
    expect(belongsTo(SEARCH, `${origin}/assets/js/6318.js`, 'js', text('import(`${p}pagefind.js`)'))).toBe(true);
    expect(belongsTo(SEARCH, `${origin}/assets/js/main.js`, 'js', text('DocSearch-Button'))).toBe(false);
    expect(belongsTo(SEARCH, `${origin}/assets/css/search-modal.css`, 'css', text('.DocSearch-Modal{}'))).toBe(true);
    expect(belongsTo(SEARCH, `${origin}/assets/css/styles.css`, 'css', text('.DocSearch-Button{}'))).toBe(false);
    expect(belongsTo(SEARCH, `${origin}/search`, 'html', text('DocSearch-Modal'))).toBe(false);
  });

  it('recognises the API console’s files, and not the runtime that names its chunks', () => {
    expect(belongsTo(CONSOLE, `${origin}/api-console/create-run.json`, 'other', text('{}'))).toBe(true);
    expect(belongsTo(CONSOLE, `${origin}/assets/js/api-console.1.js`, 'js', text('"data-api-console":""'))).toBe(true);
    expect(belongsTo(CONSOLE, `${origin}/assets/css/a.css`, 'css', text('.editorLayer_x1{}'))).toBe(true);
    expect(belongsTo(CONSOLE, `${origin}/assets/js/runtime~main.js`, 'js', text('{"api-console":"1a"}'))).toBe(false);
    expect(belongsTo(CONSOLE, `${origin}/api/create-run`, 'html', text('data-api-console'))).toBe(false);
  });

  it('weighs a body raw and gzip', () => {
    const body = text('a'.repeat(10_000));
    const file = describeFetched(`${origin}/a.js`, 'text/javascript', body, 'load');
    expect(file).toMatchObject({ kind: 'js', phase: 'load', raw: 10_000, search: false, console: false });
    expect(file.gzip).toBeGreaterThan(0);
    expect(file.gzip).toBeLessThan(200);
  });

  it('sums by kind and phase, with a total', () => {
    const files: Fetched[] = [
      { url: 'a', kind: 'js', phase: 'load', raw: 100, gzip: 40, search: false, console: false },
      { url: 'b', kind: 'js', phase: 'load', raw: 50, gzip: 20, search: false, console: false },
      { url: 'c', kind: 'css', phase: 'load', raw: 30, gzip: 10, search: false, console: false },
      { url: 'd', kind: 'js', phase: 'afterLoad', raw: 999, gzip: 333, search: true, console: false },
    ];
    const load = tally(files, 'load');
    expect(load.js).toEqual({ count: 2, raw: 150, gzip: 60 });
    expect(load.css).toEqual({ count: 1, raw: 30, gzip: 10 });
    expect(load.font).toEqual({ count: 0, raw: 0, gzip: 0 });
    expect(load.total).toEqual({ count: 3, raw: 180, gzip: 70 });
    expect(tally(files, 'afterLoad').total).toEqual({ count: 1, raw: 999, gzip: 333 });
  });
});

describe('byte budgets', () => {
  it('has a budget of every kind for every page type', () => {
    for (const type of PAGE_TYPES) {
      const budget = BUDGETS[type.id];
      for (const kind of BUDGET_KINDS) {
        expect(budget[kind], `${type.id} ${kind}`).toBeGreaterThan(0);
      }
    }
  });

  it('passes a figure at its budget and fails one byte over, naming page, kind, figure and budget', () => {
    const budget = BUDGETS.model;
    const atBudget = {
      js: budget.js * KB,
      css: budget.css * KB,
      html: budget.html * KB,
      afterLoad: budget.afterLoad * KB,
      visit: budget.visit * KB,
    };
    expect(budgetFailures('model', checkBudgets('model', atBudget))).toEqual([]);
    const failures = budgetFailures('model', checkBudgets('model', { ...atBudget, js: budget.js * KB + 1 }));
    expect(failures).toEqual([
      `/models/llama (model guide): first-load JS is ${(budget.js + 1 / KB).toFixed(1)} KiB gzip, over its budget of ${budget.js.toFixed(1)} KiB`,
    ]);
  });

  it('holds every page type’s whole visit to 245 KiB of 1,024 bytes', () => {
    expect(VISIT_CAP_KIB).toBe(245);
    expect(KB).toBe(1024);
    for (const type of PAGE_TYPES) {
      expect(BUDGETS[type.id].visit, type.id).toBeLessThanOrEqual(VISIT_CAP_KIB);
    }
  });

  it('fails a visit one byte over the cap, in KiB', () => {
    const budget = BUDGETS.search;
    const figures = {
      js: budget.js * KB,
      css: budget.css * KB,
      html: budget.html * KB,
      afterLoad: budget.afterLoad * KB,
      visit: VISIT_CAP_KIB * KB + 1,
    };
    expect(budgetFailures('search', checkBudgets('search', figures))).toEqual([
      '/search?q=llama (search): the whole visit is 245.0 KiB gzip, over its budget of 245.0 KiB',
    ]);
  });
});

describe('page types', () => {
  const files = (...paths: string[]) => {
    const set = new Set(paths);
    return (file: string) => set.has(file);
  };
  const type = (id: string) => PAGE_TYPES.find((page) => page.id === id) as PageType;

  it('visits a page itself when the build has it, in any clean-URL form', () => {
    expect(resolvePagePath(type('model'), files('/models/llama.html', '/docs/intro/index.html'))).toBe('/models/llama');
    expect(resolvePagePath(type('home'), files('/index.html'))).toBe('/');
    expect(resolvePagePath(type('category'), files('/category/models/index.html'))).toBe('/category/models');
  });

  it("falls back to a template's closest page, or reports the type absent", () => {
    const template = files(
      '/index.html',
      '/404.html',
      '/docs/intro/index.html',
      '/docs/category/tutorial---basics/index.html',
    );
    expect(resolvePagePath(type('model'), template)).toBe('/docs/intro');
    expect(resolvePagePath(type('category'), template)).toBe('/docs/category/tutorial---basics');
    expect(resolvePagePath(type('operation'), template)).toBeNull();
    expect(resolvePagePath(type('notFound'), template)).toBe('/no-such-page');
    expect(resolvePagePath(type('notFound'), files('/index.html'))).toBeNull();
  });

  it('needs a search index for the search page', () => {
    expect(resolvePagePath(type('search'), files('/search.html'))).toBeNull();
    expect(resolvePagePath(type('search'), files('/search.html', '/pagefind/pagefind.js'))).toBe('/search?q=llama');
  });
});

describe('build memory', () => {
  it('sums a process and all its descendants, and nothing else', () => {
    const processes = [
      { pid: 1, ppid: 0, rss: 1000 },
      { pid: 10, ppid: 1, rss: 100 },
      { pid: 11, ppid: 10, rss: 20 },
      { pid: 12, ppid: 11, rss: 3 },
      { pid: 13, ppid: 10, rss: 4 },
      { pid: 20, ppid: 1, rss: 500 },
    ];
    expect(treeRss(10, processes)).toBe(127);
    expect(treeRss(12, processes)).toBe(3);
    expect(treeRss(99, processes)).toBe(0);
  });

  it("reads each phase's peak from Docusaurus's performance lines: the build's phases of 1 s or more", () => {
    const GiB = 1024 ** 3;
    const memory = [1, 2, 5, 3, 4, 1, 1].map((gib, t) => ({ t, rss: gib * GiB }));
    const lines = [
      { t: 0.5, text: 'Loading…' },
      {
        t: 1.1,
        text: '\u001b[33m[PERF]\u001b[39m Build > en > Load site - \u001b[32m1000.00 ms\u001b[39m - (Heap 1mb)',
      },
      { t: 3, text: '[PERF] Build > en > Bundling with rspack - 1.90 seconds! - (Heap 2mb)' },
      { t: 4, text: '[PERF] Build > en > Bundling with rspack > Compile - 1.00 seconds! - (Heap 2mb)' },
      { t: 5, text: '[PERF][KO] Build > en > SSG - 2.00 seconds! - (Heap 2mb)' },
      { t: 5.5, text: '[PERF] Build > en > Write redirects - 500.00 ms - (Heap 2mb)' },
      { t: 6, text: '[PERF] Build > en - 6.00 seconds! - (Heap 2mb)' },
    ];
    expect(phasePeaks({ memory, lines })).toEqual([
      { label: 'Build > en > Load site', start: expect.closeTo(0.1, 5), seconds: 1, peakBytes: 2 * GiB },
      { label: 'Build > en > Bundling with rspack', start: expect.closeTo(1.1, 5), seconds: 1.9, peakBytes: 5 * GiB },
      { label: 'Build > en > SSG', start: 3, seconds: 2, peakBytes: 4 * GiB },
    ]);
  });
});

describe('scale content', () => {
  it('is the same for the same seed', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
    expect(generateDocs(30)).toEqual(generateDocs(30));
  });

  it('writes pages of realistic structure in category folders, linking only to pages that exist', () => {
    const files = generateDocs(200);
    const pages = files.filter((file) => file.path.endsWith('.mdx'));
    const categories = files.filter((file) => file.path.endsWith('_category_.json'));
    expect(pages).toHaveLength(200);
    expect(categories).toHaveLength(CATEGORIES.length);
    for (const category of categories) {
      expect(JSON.parse(category.content)).toMatchObject({
        label: expect.any(String),
        link: { type: 'generated-index' },
      });
    }
    const paths = new Set(pages.map((page) => page.path));
    for (const page of pages) {
      const { content } = page;
      expect(content).toMatch(/^---\ntitle: .+\nsidebar_position: \d+\ndescription: .+\n---\n/);
      expect(content.match(/^## /gm)?.length).toBeGreaterThanOrEqual(5);
      expect(content).toMatch(/^### /m);
      expect(content).toMatch(/^\| --- \| --- \| --- \| --- \|$/m);
      expect(content).toMatch(/^```\w+ title="[^"]+"$/m);
      expect(content).toMatch(/^:::(note|warning)/m);
      expect(content).toContain('<Tabs groupId="platform">');
      expect(content).toContain('<details>');
      expect(content.split(/\s+/).length).toBeGreaterThan(600);
      const folder = page.path.split('/').slice(0, -1).join('/');
      for (const [, link] of content.matchAll(/\]\((\.{1,2}\/[^)#]+)(#[a-z-]+)?\)/g)) {
        const target = new URL(link as string, `file:///${folder}/`).pathname.slice(1);
        expect(paths.has(target), `${page.path} links to ${link}`).toBe(true);
      }
    }
  });

  it('describes 300 operations in a valid OpenAPI 3.1 document, each with a valid x-sdk-call', async () => {
    const document = generateOpenApi(300);
    const api = await SwaggerParser.validate(structuredClone(document) as never);
    const operations = Object.values(api.paths ?? {}).flatMap((item) =>
      Object.entries(item as Record<string, { operationId: string; tags: string[] } & Record<string, unknown>>),
    );
    expect(operations).toHaveLength(300);
    const ids = operations.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(300);
    expect(ids).toContain('listAssistants');
    for (const [, operation] of operations) {
      expect(sdkCallProblem(operation['x-sdk-call']), operation.operationId).toBeUndefined();
    }
    const tags = new Set((document.tags as { name: string }[]).map((tag) => tag.name));
    for (const [, operation] of operations) {
      expect(tags.has(operation.tags[0] as string)).toBe(true);
    }
    const create = JSON.stringify(api.paths?.['/widgets']?.post);
    expect(create).toContain('"requestBody"');
    expect(create).toContain('"example"');
  });
});
