/**
 * The scale run's generated doc pages: realistic length and structure (front matter,
 * h2/h3 headings, tables, titled code blocks, admonitions, tabs with a groupId,
 * details, links between the pages) in category folders. Seeded, so every run builds
 * the same site.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import words from './scale-lists.json';

/** A small deterministic generator (a linear congruential one): the same seed, the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647;
  if (state <= 0) state += 2147483646;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

const { nouns: NOUNS, verbs: VERBS, adjectives: ADJECTIVES } = words;

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function sentence(random: () => number, unique: string): string {
  return [
    `To ${pick(random, VERBS)} a ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)},`,
    `set \`${unique}\` before you ${pick(random, VERBS)} the ${pick(random, NOUNS)}`,
    `so that each ${pick(random, NOUNS)} keeps its ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}.`,
  ].join(' ');
}

function paragraph(random: () => number, unique: string, sentences = 4): string {
  return Array.from({ length: sentences }, (_, index) => sentence(random, `${unique}_${index}`)).join(' ');
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Where the generated docs go: `root`, the folder under docs/ that holds the categories;
 * each category's folder and label; per page, its category's index and its file name.
 */
export function docsLayout(pageCount: number) {
  const categories = words.categories.map((label) => ({ folder: slugify(label), label }));
  const pages = Array.from({ length: pageCount }, (_, index) => ({
    category: index % categories.length,
    file: `page-${String(index).padStart(4, '0')}.mdx`,
  }));
  return { root: 'scale', categories, pages };
}

type DocsLayout = ReturnType<typeof docsLayout>;

function pagePath(layout: DocsLayout, index: number): string {
  const page = layout.pages[index];
  if (!page) throw new Error(`no generated page ${index}`);
  return `${layout.root}/${layout.categories[page.category]?.folder}/${page.file}`;
}

/** A relative link from one generated page's file to another's. */
function relativeLink(layout: DocsLayout, from: number, to: number): string {
  const fromFolder = layout.categories[layout.pages[from]?.category ?? 0]?.folder;
  const target = pagePath(layout, to).slice(layout.root.length + 1);
  const [folder, file] = target.split('/');
  return folder === fromFolder ? `./${file}` : `../${target}`;
}

function pageTitle(index: number, random: () => number): string {
  return `${pick(random, VERBS).replace(/^./, (c) => c.toUpperCase())} the ${pick(random, NOUNS)} ${index}`;
}

/**
 * The page template. `{{name}}` is a value of the page or a random word; `{{paragraph:suffix:sentences}}`,
 * `{{sentence:suffix}}` and `{{link:target:text:anchor}}` are written here. They fill in reading order,
 * so a seed gives the same page.
 */
const PAGE_TEMPLATE = readFileSync(path.join(__dirname, 'scale-page.mdx.template'), 'utf8');

function docPage(layout: DocsLayout, index: number, random: () => number): string {
  const count = layout.pages.length;
  const title = pageTitle(index, random);
  const unique = `opt_${index}`;
  const targets: Record<string, number> = {
    next: (index + 1) % count,
    previous: (index + count - 1) % count,
    far: (index * 7 + 13) % count,
    more: (index * 31 + 5) % count,
  };
  const rows = Array.from(
    { length: 6 },
    (_, row) =>
      `| \`${unique}_${pick(random, NOUNS)}_${row}\` | ${pick(random, ['integer', 'string', 'boolean', 'number'])} | ${row * 16} | ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} for the ${pick(random, NOUNS)} |`,
  );
  const values: Record<string, string> = {
    title,
    position: String(Math.floor(index / layout.categories.length) + 1),
    index: String(index),
    unique,
    rows: rows.join('\n'),
    version: `1.${index % 10}.0`,
    port: `8${String(index % 1000).padStart(3, '0')}`,
    limit: String(index % 97),
    retries: String(index % 5),
  };
  const fill = (name: string, suffix = '', argument = '', anchor = ''): string => {
    const list = { noun: NOUNS, verb: VERBS, adjective: ADJECTIVES }[name];
    if (list) return pick(random, list);
    switch (name) {
      case 'noun-slug':
        return slugify(pick(random, NOUNS));
      case 'paragraph':
        return paragraph(random, `${unique}${suffix}`, argument ? Number(argument) : 4);
      case 'sentence':
        return sentence(random, `${unique}${suffix}`);
      case 'link': {
        // Without a text, the target page's title.
        const to = targets[suffix] ?? 0;
        return `[${argument || pageTitle(to, random)}](${relativeLink(layout, index, to)}${anchor})`;
      }
      default:
        return values[name] ?? '';
    }
  };
  return PAGE_TEMPLATE.replace(/\{\{([^}]+)\}\}/g, (_, spec: string) =>
    fill(...(spec.split(':') as [string, ...string[]])),
  );
}

/**
 * The generated docs, each a path relative to the site's docs folder and its content:
 * every category's _category_.json, then the pages.
 */
export function generateDocs(pageCount: number, seed = 42) {
  const random = seededRandom(seed);
  const layout = docsLayout(pageCount);
  const categories = layout.categories.map((category, index) => ({
    path: `${layout.root}/${category.folder}/_category_.json`,
    content: `${JSON.stringify(
      {
        label: category.label,
        position: 100 + index,
        collapsed: true,
        link: {
          type: 'generated-index',
          slug: `/${layout.root}/${category.folder}`,
          description: `Guides on ${category.label.toLowerCase()}.`,
        },
      },
      null,
      2,
    )}\n`,
  }));
  const pages = layout.pages.map((_, index) => ({
    path: pagePath(layout, index),
    content: docPage(layout, index, random),
  }));
  return [...categories, ...pages];
}
