import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

import { escapeMdx, generateFiles, SIDEBAR_FILE, writeGeneratedFiles } from '@site/src/plugins/api-reference/generate';
import { parseInline } from '@site/src/plugins/api-reference/inline';
import { ALSO_SHOWN_AT } from '@site/src/shared/sidebar-props';
import { isRecord, loadApiDescription, pageIdOf } from '@site/src/plugins/api-reference/load';
import { LANDING_PAGE_ID, type ApiReference } from '@site/src/plugins-lib/api-reference';
import { buildApiReference } from '@site/src/plugins/api-reference/operations';
import type { ApiOperationPage, SchemaNode } from '@site/src/shared/api-types';

const SPEC = path.resolve(__dirname, '../../openapi/rubra.yaml');
const FIXTURES = path.resolve(__dirname, 'fixtures/openapi');

const options = (file: string) => ({
  file,
  pageHref: (pageId: string) => `/api/${pageId}`,
  downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
});

let reference: ApiReference;
let descriptions: Map<string, string>;
let operationCount: number;

beforeAll(async () => {
  const loaded = await loadApiDescription(SPEC, 'openapi/rubra.yaml');
  reference = buildApiReference(loaded.dereferenced, options('openapi/rubra.yaml'));
  descriptions = new Map();
  operationCount = 0;
  for (const item of Object.values(loaded.dereferenced.paths as Record<string, Record<string, unknown>>)) {
    for (const operation of Object.values(item)) {
      if (isRecord(operation) && typeof operation.operationId === 'string') {
        operationCount += 1;
        descriptions.set(operation.operationId, String(operation.description));
      }
    }
  }
});

function page(pageId: string): ApiOperationPage {
  const found = reference.pages.find((candidate) => candidate.pageId === pageId);
  if (!found) {
    throw new Error(`no page ${pageId}`);
  }
  return found;
}

function topLevel(node: SchemaNode | undefined): string[] {
  return (node?.properties ?? []).map((property) => property.name ?? '');
}

describe('the API reference generator', () => {
  it('turns every operation into a page, grouped by tag in the description order', () => {
    expect(operationCount).toBeGreaterThan(0);
    expect(reference.pages).toHaveLength(operationCount);
    expect([...new Set(reference.pages.map((candidate) => candidate.tag))]).toEqual([
      'Assistants',
      'Assistant Files',
      'Threads',
      'Messages',
      'Runs',
      'Run Steps',
      'Files',
      'Models',
    ]);
    expect(reference.descriptions).toEqual(descriptions);
  });

  it('writes one MDX page per operation, /api, the data and the sidebar', () => {
    const files = generateFiles(reference, '/api');
    const mdx = [...files.keys()].filter((name) => name.endsWith('.mdx')).sort();
    expect(mdx).toEqual([...reference.pages.map((candidate) => `${candidate.pageId}.mdx`), 'index.mdx'].sort());
    for (const candidate of reference.pages) {
      const data = /^export const operation = (.*);$/m.exec(files.get(`${candidate.pageId}.mdx`) ?? '')?.[1];
      expect(JSON.parse(data ?? 'null')).toEqual(candidate);
    }
    const sidebar = JSON.parse(files.get(SIDEBAR_FILE) ?? '{}') as {
      api: { label: string; items: { id: string; className: string }[] }[];
    };
    expect(sidebar.api.map((category) => category.label)).toEqual([
      ...new Set(reference.pages.map((candidate) => candidate.tag)),
    ]);
    for (const category of sidebar.api) {
      expect(category.items.map((item) => item.id)).toEqual(
        reference.pages.filter((candidate) => candidate.tag === category.label).map((candidate) => candidate.pageId),
      );
    }
    expect(sidebar.api.flatMap((category) => category.items)).toHaveLength(operationCount);
    expect(sidebar.api[0]?.items[0]?.className).toContain('api-sidebar-item--get');
  });

  it('gives /api exactly the body of the list-assistants page', () => {
    const files = generateFiles(reference, '/api');
    const body = (name: string) => (files.get(name) ?? '').replace(/^---\n[\s\S]*?\n---\n/, '');
    expect(body('index.mdx')).toBe(body(`${LANDING_PAGE_ID}.mdx`));
    expect(files.get('index.mdx')).toMatch(/^slug: "\/"$/m);
    expect(body('index.mdx')).toContain('## About the Rubra API');
  });

  it('marks the landing operation current at /api too, and gives /api its neighbours', () => {
    const files = generateFiles(reference, '/api');
    const sidebar = JSON.parse(files.get(SIDEBAR_FILE) ?? '{}') as {
      api: { items: { id: string; customProps?: Record<string, string> }[] }[];
    };
    const entries = sidebar.api.flatMap((category) => category.items);
    expect(entries.filter((entry) => entry.customProps && ALSO_SHOWN_AT in entry.customProps)).toEqual([
      expect.objectContaining({ id: LANDING_PAGE_ID, customProps: { [ALSO_SHOWN_AT]: '/api' } }),
    ]);
    const landing = entries.findIndex((entry) => entry.id === LANDING_PAGE_ID);
    expect(files.get('index.mdx')).toMatch(/^pagination_prev: null$/m);
    expect(files.get('index.mdx')).toMatch(new RegExp(`^pagination_next: "${entries[landing + 1]?.id}"$`, 'm'));
  });

  it('puts the contents, the samples and the example response around the reference', () => {
    const files = generateFiles(reference, '/api');
    for (const candidate of reference.pages) {
      const mdx = files.get(`${candidate.pageId}.mdx`) ?? '';
      expect(mdx).toMatch(/^hide_table_of_contents: true$/m);
      expect(mdx).toContain('<ApiOperationLayout operation={operation} toc={toc}>');
      expect(mdx.trimEnd().endsWith('</ApiOperationLayout>')).toBe(true);
    }
  });

  it('collects parameters, request bodies and responses', () => {
    const list = page('list-assistants');
    expect(list.method).toBe('GET');
    expect(list.path).toBe('/assistants');
    expect(list.serverUrl).toBe('http://localhost:8000');
    expect(list.parameters.map((parameter) => parameter.name)).toEqual(['limit', 'order', 'after', 'before']);
    expect(list.parameters[0]).toMatchObject({
      in: 'query',
      type: 'integer',
      required: false,
      default: '20',
      constraints: ['1 to 100'],
    });
    expect(list.parameters[1]).toMatchObject({ default: '"desc"', enum: ['"asc"', '"desc"'] });
    expect(list.responses.map((response) => response.status)).toEqual(['200', '404', '422']);
    expect(list.security.optional).toBe(true);

    const create = page('create-assistant');
    expect(create.requestBody?.contentType).toBe('application/json');
    expect(topLevel(create.requestBody?.schema)).toEqual([
      'model',
      'name',
      'description',
      'instructions',
      'tools',
      'file_ids',
      'metadata',
    ]);
    const model = create.requestBody?.schema.properties?.find((property) => property.name === 'model');
    expect(model?.required).toBe(true);
    const tools = create.requestBody?.schema.properties?.find((property) => property.name === 'tools');
    expect(tools?.items?.variantKind).toBe('oneOf');
    expect(tools?.items?.variants?.map((variant) => variant.label)).toEqual([
      'CodeInterpreterTool (type: code_interpreter)',
      'RetrievalTool (type: retrieval)',
      'BrowserTool (type: browser)',
      'FunctionTool (type: function)',
    ]);

    expect(page('create-file').requestBody?.contentType).toBe('multipart/form-data');
  });

  it('marks nullable fields and unwraps "X or null"', () => {
    const run = page('get-run').responses[0]?.schema;
    const requiredAction = run?.properties?.find((property) => property.name === 'required_action');
    expect(requiredAction).toMatchObject({ nullable: true, type: 'object', ref: { name: 'RequiredAction' } });
    const expiresAt = run?.properties?.find((property) => property.name === 'expires_at');
    expect(expiresAt).toMatchObject({ nullable: true, type: 'integer' });
  });

  it('links shared schemas to the one page that describes each of them', () => {
    const homes = new Map<string, string>();
    for (const candidate of reference.pages) {
      const anchor = candidate.responses.find((response) => response.schemaAnchor)?.schemaAnchor;
      if (anchor) {
        homes.set(anchor.name, `/api/${candidate.pageId}#${anchor.id}`);
      }
    }
    expect(Object.fromEntries(homes)).toEqual({
      Assistant: '/api/get-assistant#schema-assistant',
      AssistantFile: '/api/get-assistant-file#schema-assistant-file',
      Thread: '/api/get-thread#schema-thread',
      Message: '/api/get-message#schema-message',
      Run: '/api/get-run#schema-run',
      RunStep: '/api/get-run-step#schema-run-step',
      File: '/api/retrieve-file#schema-file',
      Model: '/api/list-models#schema-model',
    });
    expect(page('create-run').responses[0]?.schema?.ref).toEqual({ name: 'Run', href: '/api/get-run#schema-run' });
  });

  it('generates curl, Python and Node.js samples against the server', () => {
    const samples = Object.fromEntries(page('get-run-step').samples.map((sample) => [sample.id, sample.code]));
    expect(samples.curl).toContain(
      `curl 'http://localhost:8000/threads/thread_7HcQ2mZs5WdE3yLa/runs/run_5TqW1eRy8UoI2pAs/steps/step_3JkL6mNb9VcX4zQw'`,
    );
    expect(samples.python).toContain('base_url="http://localhost:8000"');
    expect(samples.python).toContain(
      'client.beta.threads.runs.steps.retrieve(\n    "step_3JkL6mNb9VcX4zQw",\n    thread_id="thread_7HcQ2mZs5WdE3yLa",\n    run_id="run_5TqW1eRy8UoI2pAs",\n)',
    );
    expect(samples.node).toContain("baseURL: 'http://localhost:8000'");
    expect(samples.node).toContain(
      "await client.beta.threads.runs.steps.retrieve('thread_7HcQ2mZs5WdE3yLa', 'run_5TqW1eRy8UoI2pAs', 'step_3JkL6mNb9VcX4zQw')",
    );

    const upload = Object.fromEntries(page('create-file').samples.map((sample) => [sample.id, sample.code]));
    expect(upload.curl).toContain('-F file=@launch-plan.pdf');
    expect(upload.python).toContain('file=open("launch-plan.pdf", "rb")');
    expect(upload.node).toContain("file: fs.createReadStream('launch-plan.pdf')");

    const list = Object.fromEntries(page('list-assistants').samples.map((sample) => [sample.id, sample.code]));
    expect(list.curl).toContain(`'http://localhost:8000/assistants?limit=20&order=desc'`);
    expect(list.python).toContain('client.beta.assistants.list(\n    limit=20,\n    order="desc",\n)');
    expect(page('delete-thread').samples.find((sample) => sample.id === 'node')?.code).toContain(
      'client.beta.threads.del(',
    );
  });

  it('parses inline Markdown and escapes MDX', () => {
    expect(parseInline('Use `asc` or **desc**, see [runs](/api/get-run).')).toEqual([
      { kind: 'text', text: 'Use ' },
      { kind: 'code', text: 'asc' },
      { kind: 'text', text: ' or ' },
      { kind: 'strong', text: 'desc' },
      { kind: 'text', text: ', see ' },
      { kind: 'link', text: 'runs', href: '/api/get-run' },
      { kind: 'text', text: '.' },
    ]);
    expect(escapeMdx('Send {"a": 1} <b> but keep `{x} <y>`')).toBe('Send \\{"a": 1\\} &lt;b> but keep `{x} <y>`');
    expect(pageIdOf('listAssistantFiles')).toBe('list-assistant-files');
  });
});

describe('writing the generated files', () => {
  let dir: string;

  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('is deterministic, touches only changed files and removes stale pages', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'api-docs-'));
    const generated = generateFiles(reference, '/api');
    const first = await writeGeneratedFiles(dir, generated);
    expect(first).toHaveLength(generated.size);
    const before = await stat(path.join(dir, 'get-run.mdx'));

    await writeFile(path.join(dir, 'old-operation.mdx'), 'gone');
    const again = generateFiles(reference, '/api');
    expect([...again.entries()]).toEqual([...generated.entries()]);
    const second = await writeGeneratedFiles(dir, again);
    expect(second).toEqual([]);
    expect((await stat(path.join(dir, 'get-run.mdx'))).mtimeMs).toBe(before.mtimeMs);
    expect(await readdir(dir)).not.toContain('old-operation.mdx');

    await writeFile(path.join(dir, 'get-run.mdx'), 'edited by hand');
    expect(await writeGeneratedFiles(dir, again)).toEqual(['get-run.mdx']);
    expect(await readFile(path.join(dir, 'get-run.mdx'), 'utf8')).toBe(again.get('get-run.mdx'));
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});

describe('bad input fails with the file and the JSON pointer', () => {
  let scratch: string | undefined;
  const scratchFile = async (name: string, text: string) => {
    scratch ??= await mkdtemp(path.join(os.tmpdir(), 'api-bad-'));
    const file = path.join(scratch, name);
    await writeFile(file, text);
    return file;
  };

  afterAll(async () => {
    if (scratch) {
      await rm(scratch, { recursive: true, force: true });
    }
  });

  const load = (name: string) => loadApiDescription(path.join(FIXTURES, name), `fixtures/${name}`);

  it('accepts the valid fixture', async () => {
    const loaded = await load('valid.yaml');
    expect(buildApiReference(loaded.dereferenced, options('fixtures/valid.yaml')).pages).toHaveLength(1);
  });

  it('invalid YAML', async () => {
    // Written at run time: a broken YAML file would trip the repository's formatter.
    const text = (await readFile(path.join(FIXTURES, 'valid.yaml'), 'utf8')).replace(
      'summary: List assistants',
      'summary: {List assistants',
    );
    const file = await scratchFile('invalid-yaml.yaml', text);
    await expect(loadApiDescription(file, 'fixtures/invalid-yaml.yaml')).rejects.toThrow(
      /^fixtures\/invalid-yaml\.yaml: invalid YAML: Flow map .* at line 17, column 7:\n\n {6}summary: \{List assistants/,
    );
  });

  it('a missing operationId', async () => {
    await expect(load('missing-operation-id.yaml')).rejects.toThrow(
      'fixtures/missing-operation-id.yaml#/paths/~1assistants/get: the operation has no operationId',
    );
  });

  it('a duplicate page id', async () => {
    await expect(load('duplicate-page-id.yaml')).rejects.toThrow(
      'fixtures/duplicate-page-id.yaml#/paths/~1assistants~1all/get/operationId: operationId "ListAssistants" gives page id "list-assistants", which the operation at #/paths/~1assistants/get already uses',
    );
  });

  describe('an x-sdk-call', () => {
    const withCall = async (name: string, call: string) => {
      const fixture = await readFile(path.join(FIXTURES, 'valid.yaml'), 'utf8');
      const text = fixture.replace('x-sdk-call: { resource: beta.assistants, action: list, result: assistants }', call);
      expect(text, 'valid.yaml holds the x-sdk-call to replace').not.toBe(fixture);
      return loadApiDescription(await scratchFile(name, text), `fixtures/${name}`);
    };

    it.each([
      [
        'that is missing',
        '',
        'the operation has no x-sdk-call, so its SDK samples cannot be written; it needs x-sdk-call: { resource:',
      ],
      ['that is not a mapping', 'x-sdk-call: beta.assistants.list', '"x-sdk-call" must be of type object; it needs'],
      [
        'with an unknown action',
        'x-sdk-call: { resource: beta.assistants, action: fetch, result: assistants }',
        '"action" must be one of [list, create, retrieve, update, delete, content]; it needs',
      ],
      [
        'without a resource',
        'x-sdk-call: { action: list, result: assistants }',
        '"resource" is required; it needs x-sdk-call: { resource: <client path such as beta.threads.runs>',
      ],
      [
        'with a result that is no variable name',
        'x-sdk-call: { resource: beta.assistants, action: list, result: all assistants }',
        '"result" with value "all assistants" fails to match the required pattern',
      ],
      [
        'with a key it does not know',
        'x-sdk-call: { resource: beta.assistants, action: list, result: assistants, method: get }',
        '"method" is not allowed; it needs',
      ],
    ])('%s', async (_, call, problem) => {
      await expect(withCall('sdk-call.yaml', call)).rejects.toThrow(
        `fixtures/sdk-call.yaml#/paths/~1assistants/get/x-sdk-call: operationId "listAssistants": ${problem}`,
      );
    });

    it('that the samples follow', async () => {
      const loaded = await withCall(
        'sdk-call-models.yaml',
        'x-sdk-call: { resource: models, action: list, result: modelList }',
      );
      const [page] = buildApiReference(loaded.dereferenced, options('fixtures/sdk-call-models.yaml')).pages;
      const code = (id: string) => page?.samples.find((sample) => sample.id === id)?.code;
      expect(code('python')).toContain('model_list = client.models.list()');
      expect(code('node')).toContain('const modelList = await client.models.list();');
    });
  });

  it('a broken $ref', async () => {
    await expect(load('broken-ref.yaml')).rejects.toThrow(
      'fixtures/broken-ref.yaml#/paths/~1assistants/get/responses/200/content/application~1json/schema/$ref: broken $ref "#/components/schemas/Assistent"',
    );
  });

  it('a document that breaks the OpenAPI schema', async () => {
    const text = (await readFile(path.join(FIXTURES, 'valid.yaml'), 'utf8')).replace(
      'description: A list.',
      'description: 7',
    );
    const file = await scratchFile('schema.yaml', text);
    await expect(loadApiDescription(file, 'schema.yaml')).rejects.toThrow(
      'schema.yaml#/paths/~1assistants/get/responses/200/description: does not follow the OpenAPI 3.1 schema: must be string',
    );
  });
});
