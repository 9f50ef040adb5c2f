/**
 * The scale run's generated sources, seeded so that every run builds the same site:
 * - doc pages of realistic length and structure (front matter, h2/h3 headings, tables,
 *   titled code blocks, admonitions, tabs with a groupId, details, links between the
 *   pages) in category folders, filled in from scale-page.mdx.template;
 * - an OpenAPI 3.1 description of many operations, five per resource, each with the
 *   `x-sdk-call` that says how the SDKs call it, filled in from scale-api-template.json.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { SDK_CALL_KEY } from '../../src/plugins/api-reference/load';
import type { SdkCall } from '../../src/shared/api-request';
import template from './scale-api-template.json';
import lists from './scale-lists.json';

/** A small deterministic generator (a linear congruential one): the same seed, the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647;
  if (state <= 0) state += 2147483646;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

const { nouns: NOUNS, verbs: VERBS, adjectives: ADJECTIVES } = lists;
const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
/** The generated docs' folder under docs/, and its category folders. */
const ROOT = 'scale';
export const CATEGORIES = lists.categories.map((label) => ({ folder: slugify(label), label }));
/** The pages are spread over the categories in turn. */
const folder = (page: number) => CATEGORIES[page % CATEGORIES.length]?.folder;
const file = (page: number) => `page-${String(page).padStart(4, '0')}.mdx`;

/**
 * The page template. `{{name}}` is a value of the page or a random word; `{{paragraph:suffix:sentences}}`,
 * `{{sentence:suffix}}` and `{{link:target:text:anchor}}` are written here. They fill in reading order,
 * so a seed gives the same page.
 */
const PAGE_TEMPLATE = readFileSync(path.join(__dirname, 'scale-page.mdx.template'), 'utf8');

function docPage(index: number, count: number, random: () => number): string {
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)] as T;
  const sentence = (unique: string) =>
    [
      `To ${pick(VERBS)} a ${pick(ADJECTIVES)} ${pick(NOUNS)},`,
      `set \`${unique}\` before you ${pick(VERBS)} the ${pick(NOUNS)}`,
      `so that each ${pick(NOUNS)} keeps its ${pick(ADJECTIVES)} ${pick(NOUNS)}.`,
    ].join(' ');
  const title = (page: number) => `${pick(VERBS).replace(/^./, (c) => c.toUpperCase())} the ${pick(NOUNS)} ${page}`;
  const unique = `opt_${index}`;
  const targets: Record<string, number> = {
    next: (index + 1) % count,
    previous: (index + count - 1) % count,
    far: (index * 7 + 13) % count,
    more: (index * 31 + 5) % count,
  };
  const values: Record<string, string> = {
    title: title(index),
    rows: Array.from(
      { length: 6 },
      (_, row) =>
        `| \`${unique}_${pick(NOUNS)}_${row}\` | ${pick(['integer', 'string', 'boolean', 'number'])} | ${row * 16} | ${pick(ADJECTIVES)} ${pick(NOUNS)} for the ${pick(NOUNS)} |`,
    ).join('\n'),
    position: String(Math.floor(index / CATEGORIES.length) + 1),
    index: String(index),
    unique,
    version: `1.${index % 10}.0`,
    port: `8${String(index % 1000).padStart(3, '0')}`,
    limit: String(index % 97),
    retries: String(index % 5),
  };
  const fill = (name: string, suffix = '', argument = '', anchor = ''): string => {
    const list = { noun: NOUNS, verb: VERBS, adjective: ADJECTIVES }[name];
    if (list) return pick(list);
    switch (name) {
      case 'noun-slug':
        return slugify(pick(NOUNS));
      case 'paragraph': {
        const sentences = Array.from({ length: argument ? Number(argument) : 4 }, (_, at) => `${suffix}_${at}`);
        return sentences.map((key) => sentence(`${unique}${key}`)).join(' ');
      }
      case 'sentence':
        return sentence(`${unique}${suffix}`);
      case 'link': {
        // Without a text, the target page's title; a page in the same category is linked beside.
        const to = targets[suffix] ?? 0;
        const target = folder(to) === folder(index) ? `./${file(to)}` : `../${folder(to)}/${file(to)}`;
        return `[${argument || title(to)}](${target}${anchor})`;
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
export function generateDocs(pageCount: number) {
  const random = seededRandom(42);
  const categories = CATEGORIES.map(({ folder, label }, index) => {
    const link = {
      type: 'generated-index',
      slug: `/${ROOT}/${folder}`,
      description: `Guides on ${label.toLowerCase()}.`,
    };
    const content = { label, position: 100 + index, collapsed: true, link };
    return { path: `${ROOT}/${folder}/_category_.json`, content: `${JSON.stringify(content, null, 2)}\n` };
  });
  const pages = Array.from({ length: pageCount }, (_, index) => ({
    path: `${ROOT}/${folder(index)}/${file(index)}`,
    content: docPage(index, pageCount, random),
  }));
  return [...categories, ...pages];
}

const camel = (text: string) => text.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const singular = (name: string) => name.replace(/(ie)?s$/, (_, ie: string | undefined) => (ie ? 'y' : ''));

/**
 * A template with its `{name}` tokens replaced, in keys and strings; a string that is
 * one token of a value that is not a string becomes that value.
 */
function fill(node: unknown, values: Record<string, unknown>): unknown {
  if (typeof node === 'string') {
    const whole = values[/^\{(\w+)\}$/.exec(node)?.[1] ?? ''];
    if (whole !== undefined && typeof whole !== 'string') return whole;
    return node.replace(/\{(\w+)\}/g, (token, name: string) => String(values[name] ?? token));
  }
  if (Array.isArray(node)) return node.map((item) => fill(item, values));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [fill(key, values), fill(value, values)]));
  }
  return node;
}

/** Each action of a resource, in order: its method, whether its path names one item, and its operationId's verb. */
const ROUTES = [
  ['list', 'get', false, 'list'],
  ['create', 'post', false, 'create'],
  ['retrieve', 'get', true, 'get'],
  ['update', 'post', true, 'modify'],
  ['delete', 'delete', true, 'delete'],
] as const satisfies readonly [SdkCall['action'], string, boolean, string][];

/**
 * An OpenAPI 3.1 description of `operationCount` operations (five per resource: list,
 * create, get, update, delete), with path and query parameters, request bodies,
 * responses with examples, shared error schemas and tags. The resources are those of
 * the list, then the list again with a version suffix; the first is `assistants`, so
 * `listAssistants` exists for the API landing page.
 */
export function generateOpenApi(operationCount: number): Record<string, unknown> {
  const { resources, tags } = lists;
  const names = Array.from({ length: Math.ceil(operationCount / 5) }, (_, index) => {
    const base = resources[index % resources.length] ?? 'items';
    return index < resources.length ? base : `${singular(base)}_v${Math.floor(index / resources.length) + 1}s`;
  });
  const schemas: Record<string, unknown> = { Error: template.errorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  let operations = 0;
  names.forEach((name, index) => {
    const one = singular(name);
    const type = camel(one);
    const tag = tags[index % tags.length] as string;
    // `assistants`, `assistant`, `Assistant`, and the words of each.
    const values: Record<string, unknown> = {
      index,
      one,
      type,
      words: one.replace(/_/g, ' '),
      names: name.replace(/_/g, ' '),
      createdAt: 1717000000 + index,
    };
    for (const [part, value] of Object.entries(template.parts)) values[part] = fill(value, values);
    Object.assign(schemas, fill(template.schemas, values));
    const planned = fill(template.operations, values) as Record<SdkCall['action'], { summary: string }>;
    for (const [action, method, item, verb] of ROUTES) {
      if (operations >= operationCount) break;
      const path = item ? `/${name}/{${one}_id}` : `/${name}`;
      const operation = planned[action];
      const result = action === 'list' ? name : action === 'delete' ? 'deleted' : one;
      const call: SdkCall = { resource: `beta.${name}`, action, result };
      (paths[path] ??= {})[method] = {
        operationId: `${verb}${action === 'list' ? camel(name) : type}`,
        [SDK_CALL_KEY]: call,
        tags: [tag],
        description: `${operation.summary}. Part of the ${tag} group.`,
        ...operation,
      };
      operations += 1;
    }
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Rubra API', version: 'v1', description: 'A generated description for the scale run.' },
    servers: [{ url: 'http://localhost:8000/v1', description: 'A local server.' }],
    security: [{}, { bearerAuth: [] }],
    tags: tags.slice(0, names.length).map((name) => ({ name, description: `Operations of the ${name} group.` })),
    paths,
    components: { schemas, securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  };
}
