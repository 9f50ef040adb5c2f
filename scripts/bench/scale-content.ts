/**
 * Generated content for the scale run: doc pages of realistic length and structure
 * (front matter, h2/h3 headings, tables, titled code blocks, admonitions, tabs with a
 * groupId, details, links between the pages) in category folders, and an OpenAPI 3.1
 * description of many operations. Seeded, so every run builds the same site.
 */

export interface GeneratedFile {
  /** Path relative to the site's docs folder. */
  path: string;
  content: string;
}

/** A small deterministic generator (a linear congruential one): the same seed, the same site. */
export function seededRandom(seed: number): () => number {
  let state = seed % 2147483647;
  if (state <= 0) state += 2147483646;
  return () => {
    state = (state * 48271) % 2147483647;
    return (state - 1) / 2147483646;
  };
}

const NOUNS = [
  'model',
  'adapter',
  'tokenizer',
  'server',
  'worker',
  'cache',
  'batch',
  'request',
  'response',
  'stream',
  'thread',
  'message',
  'assistant',
  'tool',
  'function',
  'schema',
  'prompt',
  'template',
  'context',
  'window',
  'quantization',
  'checkpoint',
  'weight',
  'layer',
  'kernel',
  'device',
  'queue',
  'scheduler',
  'endpoint',
  'client',
  'token',
  'embedding',
  'index',
  'shard',
  'replica',
  'gateway',
  'policy',
  'quota',
  'metric',
  'trace',
  'container',
  'volume',
  'secret',
  'config',
  'profile',
  'runtime',
  'sampler',
  'decoder',
  'grammar',
  'parser',
];
const VERBS = [
  'configure',
  'serve',
  'stream',
  'validate',
  'cache',
  'retry',
  'deploy',
  'tune',
  'measure',
  'limit',
  'rotate',
  'export',
  'import',
  'shard',
  'replicate',
  'schedule',
  'inspect',
  'profile',
  'quantize',
  'merge',
];
const ADJECTIVES = [
  'default',
  'optional',
  'required',
  'larger',
  'smaller',
  'faster',
  'stable',
  'experimental',
  'local',
  'remote',
  'concurrent',
  'idle',
  'warm',
  'cold',
  'persistent',
  'temporary',
  'structured',
  'partial',
  'complete',
  'strict',
];
const CATEGORY_NAMES = [
  'Deployment',
  'Configuration',
  'Operations',
  'Tool calling',
  'Evaluation',
  'Fine-tuning',
  'Quantization',
  'Observability',
  'Security',
  'Clients',
  'Streaming',
  'Scheduling',
  'Storage',
  'Networking',
  'Troubleshooting',
  'Integrations',
  'Migration',
  'Performance',
  'Prompting',
  'Reference',
];

function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}

function sentence(random: () => number, unique: string): string {
  const words = [
    `To ${pick(random, VERBS)} a ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)},`,
    `set \`${unique}\` before you ${pick(random, VERBS)} the ${pick(random, NOUNS)}`,
    `so that each ${pick(random, NOUNS)} keeps its ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)}.`,
  ];
  return words.join(' ');
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

export interface DocsLayout {
  /** Folder under docs/ that holds the generated categories. */
  root: string;
  categories: { folder: string; label: string }[];
  /** Per page: its category index and its file name. */
  pages: { category: number; file: string }[];
}

export function docsLayout(pageCount: number, categoryCount = 20, root = 'scale'): DocsLayout {
  const categories = Array.from({ length: categoryCount }, (_, index) => {
    const label = CATEGORY_NAMES[index % CATEGORY_NAMES.length] ?? `Section ${index}`;
    const suffix = index >= CATEGORY_NAMES.length ? ` ${Math.floor(index / CATEGORY_NAMES.length) + 1}` : '';
    return { folder: slugify(`${label}${suffix}`), label: `${label}${suffix}` };
  });
  const pages = Array.from({ length: pageCount }, (_, index) => ({
    category: index % categoryCount,
    file: `page-${String(index).padStart(4, '0')}.mdx`,
  }));
  return { root, categories, pages };
}

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

function docPage(layout: DocsLayout, index: number, random: () => number): string {
  const count = layout.pages.length;
  const title = pageTitle(index, random);
  const unique = `opt_${index}`;
  const next = (index + 1) % count;
  const previous = (index + count - 1) % count;
  const far = (index * 7 + 13) % count;
  const link = (to: number, text: string, anchor = '') => `[${text}](${relativeLink(layout, index, to)}${anchor})`;
  const rows = Array.from(
    { length: 6 },
    (_, row) =>
      `| \`${unique}_${pick(random, NOUNS)}_${row}\` | ${pick(random, ['integer', 'string', 'boolean', 'number'])} | ${row * 16} | ${pick(random, ADJECTIVES)} ${pick(random, NOUNS)} for the ${pick(random, NOUNS)} |`,
  );
  return `---
title: ${title}
sidebar_position: ${Math.floor(index / layout.categories.length) + 1}
description: How to ${pick(random, VERBS)} the ${pick(random, NOUNS)} and the ${pick(random, NOUNS)} of a Rubra server, step by step (guide ${index}).
---

import Tabs from '@theme/Tabs';
import TabItem from '@theme/TabItem';

${paragraph(random, unique, 3)} Read ${link(previous, 'the previous guide')} first; ${link(next, 'the next guide')} goes further.

## Overview

${paragraph(random, `${unique}_overview`)}

${paragraph(random, `${unique}_scope`, 3)}

### Requirements

| Setting | Type | Default | What it does |
| --- | --- | --- | --- |
${rows.join('\n')}

## Install

:::note[Before you start]

${paragraph(random, `${unique}_note`, 2)}

:::

<Tabs groupId="platform">
<TabItem value="linux" label="Linux" default>

\`\`\`bash title="Install on Linux"
pip install rubra-toolkit==1.${index % 10}.0
rubra-server --${slugify(pick(random, NOUNS))} ${unique} --port 8${String(index % 1000).padStart(3, '0')}
\`\`\`

</TabItem>
<TabItem value="macos" label="macOS">

\`\`\`bash title="Install on macOS"
brew install rubra-toolkit
rubra-server --${slugify(pick(random, NOUNS))} ${unique}
\`\`\`

</TabItem>
<TabItem value="windows" label="Windows">

\`\`\`powershell title="Install on Windows"
py -m pip install rubra-toolkit
rubra-server.exe --${slugify(pick(random, NOUNS))} ${unique}
\`\`\`

</TabItem>
</Tabs>

## Configure

${paragraph(random, `${unique}_configure`)}

\`\`\`yaml title="rubra.yaml"
${unique}:
  ${pick(random, NOUNS)}: ${pick(random, ADJECTIVES)}
  ${pick(random, NOUNS)}_limit: ${index % 97}
  retries: ${index % 5}
\`\`\`

### Options

${paragraph(random, `${unique}_options`, 3)} See ${link(far, 'a related guide', '#configure')}.

## Examples

${paragraph(random, `${unique}_examples`, 3)}

\`\`\`python title="example_${index}.py"
from openai import OpenAI

client = OpenAI(base_url="http://localhost:8000/v1", api_key="unused")
reply = client.chat.completions.create(
    model="rubra-${pick(random, NOUNS)}",
    messages=[{"role": "user", "content": "${pick(random, VERBS)} the ${pick(random, NOUNS)}"}],
)
print(reply.choices[0].message)
\`\`\`

<details>
<summary>What the server logs</summary>

${paragraph(random, `${unique}_logs`, 2)}

</details>

## Troubleshooting

:::warning

${paragraph(random, `${unique}_warning`, 2)}

:::

### Common errors

- ${sentence(random, `${unique}_error_a`)}
- ${sentence(random, `${unique}_error_b`)}
- ${sentence(random, `${unique}_error_c`)}

## See also

- ${link(next, pageTitle(next, random))}
- ${link(far, pageTitle(far, random))}
- ${link((index * 31 + 5) % count, 'More on this topic')}
`;
}

/** The generated docs: each category's _category_.json and its pages. */
export function generateDocs(pageCount: number, seed = 42): GeneratedFile[] {
  const random = seededRandom(seed);
  const layout = docsLayout(pageCount);
  const files: GeneratedFile[] = layout.categories.map((category, index) => ({
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
  for (let index = 0; index < pageCount; index += 1) {
    files.push({ path: pagePath(layout, index), content: docPage(layout, index, random) });
  }
  return files;
}

const RESOURCES = [
  'assistants',
  'widgets',
  'projects',
  'datasets',
  'evaluations',
  'deployments',
  'endpoints',
  'adapters',
  'prompts',
  'templates',
  'pipelines',
  'schedules',
  'secrets',
  'webhooks',
  'quotas',
  'tokens',
  'workers',
  'queues',
  'snapshots',
  'exports',
  'imports',
  'reports',
  'metrics',
  'traces',
  'policies',
  'teams',
  'members',
  'invites',
  'keys',
  'sessions',
  'caches',
  'indexes',
  'shards',
  'replicas',
  'gateways',
  'routes',
  'volumes',
  'profiles',
  'runtimes',
  'kernels',
  'devices',
  'checkpoints',
  'tokenizers',
  'samplers',
  'grammars',
  'schemas',
  'tools',
  'functions',
  'threads',
  'messages',
  'runs',
  'steps',
  'files',
  'models',
  'jobs',
  'events',
  'alerts',
  'notes',
  'labels',
  'regions',
];
const TAGS = [
  'Core',
  'Data',
  'Serving',
  'Automation',
  'Security',
  'Observability',
  'Access',
  'Storage',
  'Runtime',
  'Conversations',
  'Operations',
  'Catalogue',
];

interface SdkCall {
  resource: string;
  action: 'list' | 'create' | 'retrieve' | 'update' | 'delete';
  result: string;
}

export interface GeneratedApi {
  document: Record<string, unknown>;
  /** How each generated operation is called with the SDKs, by operationId. */
  sdkCalls: Record<string, SdkCall>;
}

const camel = (text: string) => text.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const singular = (name: string) => name.replace(/(ie)?s$/, (_, ie: string | undefined) => (ie ? 'y' : ''));

/**
 * An OpenAPI 3.1 description of `operationCount` operations (five per resource: list,
 * create, get, update, delete), with path and query parameters, request bodies,
 * responses with examples, shared error schemas and tags. The first resource is
 * `assistants`, so `listAssistants` exists for the API landing page.
 */
export function generateOpenApi(operationCount: number): GeneratedApi {
  const resourceCount = Math.ceil(operationCount / 5);
  const names = Array.from({ length: resourceCount }, (_, index) => {
    const base = RESOURCES[index % RESOURCES.length] ?? 'items';
    return index < RESOURCES.length ? base : `${singular(base)}_v${Math.floor(index / RESOURCES.length) + 1}s`;
  });
  const schemas: Record<string, unknown> = {
    Error: {
      type: 'object',
      required: ['detail'],
      properties: {
        detail: {
          type: 'array',
          description: 'What went wrong, one entry per problem.',
          items: {
            type: 'object',
            properties: {
              loc: { type: 'array', items: { type: 'string' } },
              msg: { type: 'string' },
              type: { type: 'string' },
            },
          },
        },
      },
    },
  };
  const paths: Record<string, Record<string, unknown>> = {};
  const sdkCalls: Record<string, SdkCall> = {};
  const errors = {
    '404': {
      description: 'No object has this id.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
    '422': {
      description: 'The request does not validate.',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
    },
  };
  let operations = 0;
  names.forEach((name, index) => {
    const one = singular(name);
    const type = camel(one);
    const plural = camel(name);
    const tag = TAGS[index % TAGS.length] as string;
    const idParam = `${one}_id`;
    const example = {
      id: `${one}_abc${index}`,
      object: one,
      created_at: 1717000000 + index,
      name: `My ${one}`,
      metadata: {},
    };
    schemas[type] = {
      type: 'object',
      description: `A ${one.replace(/_/g, ' ')}.`,
      required: ['id', 'object', 'created_at'],
      properties: {
        id: { type: 'string', description: 'The identifier.' },
        object: { type: 'string', const: one },
        created_at: { type: 'integer', description: 'Creation time, in seconds since the Unix epoch.' },
        name: { type: ['string', 'null'], maxLength: 256, description: 'A name to show.' },
        status: { type: 'string', enum: ['active', 'paused', 'archived'] },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
        metadata: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Up to 16 key-value pairs.',
        },
      },
    };
    schemas[`Create${type}Request`] = {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 256 },
        status: { type: 'string', enum: ['active', 'paused'] },
        metadata: { type: 'object', additionalProperties: { type: 'string' } },
      },
    };
    const ref = { $ref: `#/components/schemas/${type}` };
    const body = {
      required: true,
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/Create${type}Request` },
          example: { name: `My ${one}`, status: 'active' },
        },
      },
    };
    const objectResponse = (description: string) => ({
      description,
      content: { 'application/json': { schema: ref, example } },
    });
    const idParameter = {
      name: idParam,
      in: 'path',
      required: true,
      description: `The id of the ${one.replace(/_/g, ' ')}.`,
      schema: { type: 'string' },
      example: example.id,
    };
    const planned: [string, string, string, SdkCall['action'], Record<string, unknown>][] = [
      [
        `/${name}`,
        'get',
        `list${plural}`,
        'list',
        {
          summary: `List ${name.replace(/_/g, ' ')}`,
          parameters: [
            {
              name: 'limit',
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
              description: 'How many to return.',
            },
            {
              name: 'order',
              in: 'query',
              schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
              description: 'Sort order by creation time.',
            },
            {
              name: 'after',
              in: 'query',
              schema: { type: 'string' },
              description: 'A cursor: the last id of the previous page.',
            },
          ],
          responses: {
            '200': {
              description: `A page of ${name.replace(/_/g, ' ')}.`,
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['object', 'data', 'has_more'],
                    properties: {
                      object: { type: 'string', const: 'list' },
                      data: { type: 'array', items: ref },
                      has_more: { type: 'boolean' },
                    },
                  },
                  example: { object: 'list', data: [example], has_more: false },
                },
              },
            },
            '422': errors['422'],
          },
        },
      ],
      [
        `/${name}`,
        'post',
        `create${type}`,
        'create',
        {
          summary: `Create a ${one.replace(/_/g, ' ')}`,
          requestBody: body,
          responses: { '200': objectResponse(`The new ${one.replace(/_/g, ' ')}.`), '422': errors['422'] },
        },
      ],
      [
        `/${name}/{${idParam}}`,
        'get',
        `get${type}`,
        'retrieve',
        {
          summary: `Retrieve a ${one.replace(/_/g, ' ')}`,
          parameters: [idParameter],
          responses: { '200': objectResponse(`The ${one.replace(/_/g, ' ')}.`), '404': errors['404'] },
        },
      ],
      [
        `/${name}/{${idParam}}`,
        'post',
        `modify${type}`,
        'update',
        {
          summary: `Modify a ${one.replace(/_/g, ' ')}`,
          parameters: [idParameter],
          requestBody: body,
          responses: {
            '200': objectResponse(`The changed ${one.replace(/_/g, ' ')}.`),
            '404': errors['404'],
            '422': errors['422'],
          },
        },
      ],
      [
        `/${name}/{${idParam}}`,
        'delete',
        `delete${type}`,
        'delete',
        {
          summary: `Delete a ${one.replace(/_/g, ' ')}`,
          parameters: [idParameter],
          responses: {
            '200': {
              description: 'The deletion status.',
              content: {
                'application/json': {
                  schema: { type: 'object', properties: { id: { type: 'string' }, deleted: { type: 'boolean' } } },
                  example: { id: example.id, deleted: true },
                },
              },
            },
            '404': errors['404'],
          },
        },
      ],
    ];
    for (const [path, method, operationId, action, operation] of planned) {
      if (operations >= operationCount) break;
      paths[path] ??= {};
      paths[path][method] = {
        operationId,
        tags: [tag],
        description: `${operation.summary as string}. Part of the ${tag} group.`,
        ...operation,
      };
      sdkCalls[operationId] = {
        resource: `beta.${name}`,
        action,
        result: action === 'list' ? name : action === 'delete' ? 'deleted' : one,
      };
      operations += 1;
    }
  });
  const document = {
    openapi: '3.1.0',
    info: { title: 'Rubra API', version: 'v1', description: 'A generated description for the scale run.' },
    servers: [{ url: 'http://localhost:8000/v1', description: 'A local server.' }],
    security: [{}, { bearerAuth: [] }],
    tags: TAGS.slice(0, Math.min(TAGS.length, resourceCount)).map((name) => ({
      name,
      description: `Operations of the ${name} group.`,
    })),
    paths,
    components: {
      schemas,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
  return { document, sdkCalls };
}
