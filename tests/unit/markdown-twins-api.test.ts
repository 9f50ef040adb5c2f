import { readFileSync } from 'node:fs';

import { createSlugger } from '@docusaurus/utils';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

import { API_HEADINGS, LANDING_PAGE_ID } from '@site/src/plugins-lib/api-reference';
import { generateFiles } from '@site/src/plugins/api-reference/generate';
import { loadApiReference } from '@site/src/plugins/api-reference/index';
import type { ApiOperationPage } from '@site/src/shared/api-types';
import { apiPageMarkdown } from '@site/src/plugins-lib/twins/api';
import { tableText } from '@site/src/plugins-lib/twins/mdx';
import { markdownReader, readPage, textOf } from '@site/src/plugins-lib/twins/remark';
import { headingIds } from '../support/heading-ids';

/**
 * The API twins against the OpenAPI description, read here on its own with a plain
 * YAML parser: every parameter, every top-level property and every example of
 * each operation must be in its twin.
 */
type Json = Record<string, unknown>;

const SPEC_PATH = 'openapi/rubra.yaml';
const spec = parse(readFileSync(SPEC_PATH, 'utf8')) as Json;

const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/** Follows a local `$ref` (the description only uses `#/components/...`). */
function resolve(value: unknown): Json {
  const node = record(value);
  if (typeof node.$ref !== 'string') {
    return node;
  }
  return resolve(
    node.$ref
      .slice(2)
      .split('/')
      .reduce<unknown>((at, key) => record(at)[key], spec),
  );
}

interface SpecOperation {
  operationId: string;
  parameters: Json[];
  operation: Json;
}

const operations: SpecOperation[] = Object.values(record(spec.paths)).flatMap((pathItem) => {
  const item = record(pathItem);
  return ['get', 'post', 'put', 'patch', 'delete']
    .filter((method) => item[method])
    .map((method) => {
      const operation = record(item[method]);
      const byName = new Map<string, Json>();
      for (const list of [item.parameters, operation.parameters]) {
        for (const parameter of Array.isArray(list) ? list.map(resolve) : []) {
          byName.set(`${String(parameter.in)}:${String(parameter.name)}`, parameter);
        }
      }
      return { operationId: String(operation.operationId), parameters: [...byName.values()], operation };
    });
});

const { reference } = await loadApiReference({ siteDir: process.cwd(), baseUrl: '/' }, SPEC_PATH, 'api');

const files = generateFiles(reference, '/api');

/**
 * The h2 and h3 headings of an API page's MDX, each with its id on the HTML page: its
 * `{#id}`, or else the slug of its text as Docusaurus makes it. The code samples stand
 * beside the reference, in a region the layout gives their section's anchor.
 */
function pageHeadings(pageId: string): string[][] {
  const mdx = files.get(`${pageId}.mdx`) ?? '';
  const slugger = createSlugger();
  return [...mdx.matchAll(/^(#{2,6}) (.*?)(?: \{#([\w-]+)\})?$/gm)]
    .map(([, marks = '', text = '', id]) => [marks, text, id ?? slugger.slug(text)])
    .filter(([marks]) => marks === '##' || marks === '###')
    .map(([, text = '', id = '']) => [text, id])
    .concat([[API_HEADINGS.codeSamples.text, API_HEADINGS.codeSamples.id]]);
}

/** An API page's twin as the plugin makes it: the landing page has the API's description too. */
function twinOf(page: ApiOperationPage): string {
  return apiPageMarkdown(page, {
    description: reference.descriptions.get(page.operationId) ?? '',
    ...(page.pageId === LANDING_PAGE_ID
      ? { about: { title: reference.title, description: reference.description } }
      : {}),
  });
}

/** The h2 and h3 headings of a twin with the anchors a reader of the twin computes for them. */
function twinAnchors(twin: string): string[][] {
  return [...headingIds(readPage(twin, 'markdown'))]
    .filter(([heading]) => heading.depth <= 3)
    .map(([heading, id]) => [textOf(heading), id]);
}

/** The lines of a twin from a heading to the next heading of the same or a higher level. */
function section(markdown: string, heading: string): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(heading);
  if (start < 0) {
    throw new Error(`no "${heading}" in the twin`);
  }
  const level = heading.indexOf(' ');
  let inCode = false;
  const end = lines.findIndex((line, index) => {
    if (line.startsWith('```')) {
      inCode = !inCode;
    }
    return index > start && !inCode && /^#{1,6} /.test(line) && line.indexOf(' ') <= level;
  });
  return lines.slice(start + 1, end < 0 ? undefined : end).join('\n');
}

/** The top-level properties of a schema outline: name, and whether it is marked required. */
function outlineProperties(text: string): Map<string, boolean> {
  return new Map(
    [...text.matchAll(/^- `([^`]+)` \(([^)]*)\)/gm)].map((match) => [
      match[1] ?? '',
      (match[2] ?? '').split(', ').includes('required'),
    ]),
  );
}

function schemaProperties(schema: Json): Map<string, boolean> {
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : []);
  return new Map(Object.keys(record(schema.properties)).map((name) => [name, required.has(name)]));
}

function codeBlock(text: string, title: string): string | undefined {
  const match = new RegExp('^```\\w*\\s+title="' + title + '"\\n([\\s\\S]*?)\\n```$', 'm').exec(text);
  return match?.[1];
}

function exampleOf(media: Json): unknown {
  return media.example ?? record(Object.values(record(media.examples))[0]).value;
}

describe('the API twins against the OpenAPI description', () => {
  it('give the landing page, with the API’s description, the anchors of /api and of its page', () => {
    const page = reference.pages.find((candidate) => candidate.pageId === LANDING_PAGE_ID);
    if (!page) {
      throw new Error(`no page ${LANDING_PAGE_ID}`);
    }
    const twin = twinOf(page);
    expect(twin).toContain(`## About the ${reference.title} {#about-the-api}`);
    expect(twinAnchors(twin)).toEqual(pageHeadings('index'));
    expect(twinAnchors(twin)).toEqual(pageHeadings(LANDING_PAGE_ID));
  });

  it('cover every operation of the description', () => {
    expect(reference.pages.map((page) => page.operationId).sort()).toEqual(
      operations.map((operation) => operation.operationId).sort(),
    );
  });

  for (const { operationId, parameters, operation } of operations) {
    describe(operationId, () => {
      const page = reference.pages.find((candidate) => candidate.operationId === operationId);
      if (!page) {
        throw new Error(`no page for ${operationId}`);
      }
      const twin = twinOf(page);

      it('starts with the method and path and holds the summary’s description', () => {
        expect(twin.split('\n')[0]).toBe(`\`${page.method} ${page.path}\``);
        const description = String(operation.description ?? '').trim();
        expect(twin).toContain(description);
      });

      it('lists every parameter with where it goes and whether it is required', () => {
        if (parameters.length === 0) {
          expect(twin).not.toContain('## Parameters');
          return;
        }
        const table = markdownReader
          .parse(section(twin, '## Parameters'))
          .children.find((node) => node.type === 'table');
        if (!table || table.type !== 'table') {
          throw new Error('no parameters table');
        }
        const rows = tableText(table).rows.map((cells) => [cells[0], cells[1], cells[3]]);
        expect(rows).toEqual(
          parameters.map((parameter) => [
            String(parameter.name),
            String(parameter.in),
            parameter.required === true ? 'yes' : 'no',
          ]),
        );
      });

      const body = resolve(operation.requestBody);
      const bodyMedia = record(Object.values(record(body.content))[0]);
      it('outlines every top-level property of the request body and holds its example', () => {
        if (!operation.requestBody) {
          expect(twin).not.toContain('## Request body');
          return;
        }
        const text = section(twin, '## Request body');
        expect(outlineProperties(text)).toEqual(schemaProperties(resolve(bodyMedia.schema)));
        const example = exampleOf(bodyMedia);
        if (example !== undefined) {
          expect(JSON.parse(codeBlock(text, 'Example request body') ?? 'null')).toEqual(example);
        }
      });

      for (const [status, response] of Object.entries(record(operation.responses))) {
        it(`describes the ${status} response: its top-level properties and its example`, () => {
          const heading = twin.split('\n').find((line) => line.startsWith(`### ${status}`));
          expect(heading, `a heading for ${status}`).toBeDefined();
          const text = section(twin, heading ?? '');
          const media = record(Object.values(record(resolve(response).content))[0]);
          const schema = resolve(media.schema);
          if (schema.properties) {
            expect(outlineProperties(text)).toEqual(schemaProperties(schema));
          }
          const example = exampleOf(media);
          if (example !== undefined) {
            const block = codeBlock(text, `Example ${status} response`) ?? '';
            expect(typeof example === 'string' ? block : JSON.parse(block)).toEqual(example);
          }
        });
      }

      it('gives every heading the anchor it has on the page, with `{#id}` only where the slug differs', () => {
        expect(twinAnchors(twin)).toEqual(pageHeadings(page.pageId));
        expect(twin).toMatch(/^## Authentication$/m);
        for (const status of Object.keys(record(operation.responses))) {
          expect(twin).toMatch(new RegExp(`^### ${status}\\b.* \\{#response-${status}\\}$`, 'm'));
        }
      });

      it('holds the code samples the page shows', () => {
        const text = section(twin, '## Code samples');
        for (const sample of page.samples) {
          expect(text).toContain(
            `**${sample.label}**\n\n\`\`\`${sample.language}\n${sample.code.replace(/\n$/, '')}\n`,
          );
        }
        expect(page.samples.map((sample) => sample.id)).toEqual(['curl', 'python', 'node']);
      });
    });
  }
});
