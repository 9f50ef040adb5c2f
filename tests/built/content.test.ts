import { describe, expect, inject, test } from 'vitest';

import { EARLY_SCRIPT_ATTRIBUTE, EARLY_SEARCH_SCRIPT } from '../../src/search/backends/pagefindEarly';
import { identity } from '../../src/site/identity';
import { PAGE_TYPES } from '../../scripts/bench/budgets';
import { servedHtml, servedPage } from '../support/built-site';

/**
 * The content pages as served, before any script runs, read as a crawler reads them:
 * each page's heading, outline and description, the home page's lead, the category
 * pages' lists, the FAQ's blocks and a nested page's breadcrumbs. What needs a page
 * (tables, code, the chart) is in tests/e2e/content.spec.ts.
 */
const origin = inject('origin');

interface ContentPage {
  route: string;
  h1: string;
  /** The h2 headings the table of contents lists, in order. */
  toc: string[];
  /** A page with wide content lists them in a collapsible list above it, rendered when opened. */
  collapsibleToc?: true;
}

const modelToc = ['Specifications', 'Benchmarks', 'Serving', 'Things to know'];
const pages: ContentPage[] = [
  { route: '/models/llama', h1: 'Rubra Llama 3', toc: modelToc },
  { route: '/models/gemma', h1: 'Rubra Gemma', toc: modelToc },
  { route: '/models/Mistral', h1: 'Rubra Mistral', toc: modelToc },
  { route: '/models/Phi', h1: 'Rubra Phi-3', toc: modelToc },
  { route: '/models/Qwen', h1: 'Rubra Qwen2', toc: modelToc },
  {
    route: '/inference/llamacpp',
    h1: 'Serve Rubra models with llama.cpp',
    toc: [
      '1. Get the source',
      '2. Build',
      '3. Install the JSON repair helper',
      '4. Download a model',
      '5. Start the server',
      '6. Check the server',
      '7. Call a tool from Python',
      '8. Stream the response',
      'Chat templates',
      'Tools on upstream llama-server',
      'Troubleshooting',
    ],
  },
  {
    route: '/inference/vllm',
    h1: 'Serve Rubra models with vLLM',
    toc: [
      '1. Install',
      '2. Start the server',
      '3. Check the server',
      '4. Call a tool from Python',
      'Tools on upstream vLLM',
      'Run it in a container',
      'Troubleshooting',
    ],
  },
  {
    route: '/inference/transformers',
    h1: 'Use Rubra models with Hugging Face transformers',
    toc: [
      '1. Install',
      '2. How rubra_tools works',
      '3. Call a tool',
      '4. Multi-turn tool use',
      'Qwen2',
      'Troubleshooting',
    ],
  },
  {
    route: '/benchmark',
    h1: 'Benchmarks',
    toc: ['Function calling at a glance', 'All results', 'MT-bench pairwise', 'Methods'],
    collapsibleToc: true,
  },
  {
    route: '/faq',
    h1: 'Frequently asked questions',
    toc: [
      'Who is Rubra for?',
      'Why Rubra rather than plain Llama or Mistral, or fine-tunes such as Hermes Pro and Gorilla?',
      "Mistral 7B Instruct v0.3 already calls tools. Why use Rubra's version?",
      "vLLM already has tool calling. Why use Rubra's fork?",
      'How were the models trained?',
      "Why do the benchmark results differ from the parent models' cards?",
      'How was the training set built?',
    ],
  },
];

const categories = [
  {
    route: '/category/models',
    h1: 'Models',
    children: ['/models/llama', '/models/gemma', '/models/Mistral', '/models/Phi', '/models/Qwen'],
  },
  {
    route: '/category/serving--inferencing',
    h1: 'Serving / Inferencing',
    children: ['/inference/llamacpp', '/inference/vllm', '/inference/transformers'],
  },
];

describe('content pages, as served', () => {
  for (const expected of pages) {
    test(`${expected.route} has its heading, its outline and a description in its HTML`, async () => {
      const $ = await servedHtml(origin, expected.route);
      expect($('article h1').text()).toBe(expected.h1);
      const headings = $('article .markdown h2:not(#footnote-label)')
        .toArray()
        .map((h) => ({
          text: $(h)
            .text()
            .replace(/\u200b/g, '')
            .trim(),
          id: h.attribs.id ?? '',
        }));
      expect(headings.map((h) => h.text)).toEqual(expected.toc);
      expect(headings.every((h) => /^[a-z0-9-]+$/.test(h.id))).toBe(true);
      const toc = $('.theme-doc-toc-desktop .table-of-contents > li > a')
        .toArray()
        .map((a) => $(a).text().trim());
      if (expected.collapsibleToc) {
        expect(toc).toEqual([]);
        expect($('article button:contains("On this page")')).toHaveLength(1);
      } else {
        expect(toc).toEqual(expected.toc);
      }
      expect($('meta[name="description"]').attr('content')).toMatch(/.{50,}/);
    });
  }

  test('the home page leads with the tagline and describes itself with it', async () => {
    const $ = await servedHtml(origin, '/');
    expect($('title').text()).toBe(`Rubra | ${identity.title}`);
    expect($('article .lede').text()).toBe(identity.tagline);
    expect($('meta[name="description"]').attr('content')).toMatch(new RegExp(`^${identity.tagline}`));
    expect($('article table caption').text()).toMatch(/^Rubra enhanced models/);
    expect($('a:contains("Edit this page")').attr('href')).toBe(`${identity.editUrl}/README.mdx`);
  });

  for (const category of categories) {
    test(`${category.route} lists its pages`, async () => {
      const $ = await servedHtml(origin, category.route);
      expect($('h1').text()).toBe(category.h1);
      const links = $('article a.card')
        .toArray()
        .map((a) => a.attribs.href);
      expect(links).toEqual(category.children);
      expect($('main header p').first().text().trim()).not.toBe('');
    });
  }

  test('the FAQ keeps the function definitions in a details block and shows both outputs in tabs', async () => {
    const $ = await servedHtml(origin, '/faq');
    const details = $('details').filter((_index, element) =>
      $(element).text().includes('The three function definitions'),
    );
    expect(details).toHaveLength(1);
    expect(details.text()).toContain('"name": "count"');
    const tabs = $('[role="tab"]')
      .toArray()
      .map((tab) => $(tab).text());
    expect(tabs).toEqual(['Mistral 7B Instruct v0.3', 'Rubra Mistral 7B Instruct v0.3']);
    expect($('[role="tabpanel"]').eq(1).text()).toContain('422');
  });
});

test('a nested page’s breadcrumbs lead home and to its category', async () => {
  const $ = await servedHtml(origin, '/models/llama');
  const crumbs = $('nav[aria-label="Breadcrumbs"]');
  expect(crumbs.find('a[aria-label="Home page"]').attr('href')).toBe('/');
  expect(crumbs.find('a:contains("Models")').attr('href')).toBe('/category/models');
  expect(crumbs.find('.breadcrumbs__item--active').text()).toBe('Llama 3');
});

test('the search page’s early script is a deferred module: it runs once the page is parsed, never halfway through', async () => {
  const $ = await servedHtml(origin, '/search');
  const early = $(`script[${EARLY_SCRIPT_ATTRIBUTE}]`);
  expect(early).toHaveLength(1);
  expect(early.attr('type')).toBe('module');
  expect(early.attr('src')).toMatch(new RegExp(`/${EARLY_SEARCH_SCRIPT.replace('.', '\\.')}$`));
  // An async script runs as soon as it arrives, mid-parse included, and the browser may
  // paint the half-parsed page (a navbar still growing) and then shift it.
  expect(early.attr('async')).toBeUndefined();
});

describe('the search files, as served', () => {
  test('no search code or modal styles are in the first load of a page', async () => {
    const $ = await servedHtml(origin, '/');
    const files = [
      ...$('script[src]').map((_index, element) => $(element).attr('src') ?? ''),
      ...$('link[rel="stylesheet"]').map((_index, element) => $(element).attr('href') ?? ''),
    ];
    expect($('script[src]').length).toBeGreaterThan(0);
    expect($('link[rel="stylesheet"]').length).toBeGreaterThan(0);
    for (const file of files) {
      const code = await (await fetch(new URL(file, origin))).text();
      expect(code, file).not.toContain('DocSearch-Modal');
      expect(code, file).not.toContain('pagefind-entry.json');
    }
  });

  test('only the search page hints at them, and it preloads Pagefind’s module', async () => {
    for (const type of PAGE_TYPES) {
      const { $ } = await servedPage(origin, type.path);
      expect($, `${type.path} answers HTML`).not.toBeNull();
      if (type.id === 'search') {
        expect($?.('link[rel="modulepreload"][href="/pagefind/pagefind.js"]'), type.path).toHaveLength(1);
      } else {
        expect($?.html(), type.path).not.toContain('/pagefind/');
      }
    }
  });

  test('the search page describes itself', async () => {
    const description = (await servedHtml(origin, '/search'))('meta[name="description"]').attr('content') ?? '';
    expect(description).toMatch(/^Search /);
    expect(description.length).toBeGreaterThan(50);
  });
});
