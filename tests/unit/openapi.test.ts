import path from 'node:path';

import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';

import { HTTP_METHODS, isRecord, loadApiDescription, pageIdOf } from '@site/src/plugins/api-reference/load';

const SPEC = path.resolve(__dirname, '../../openapi/rubra.yaml');

/** The API reference pages the product spec lists under /api/. */
const PAGE_IDS = [
  'create-assistant',
  'create-assistant-file',
  'create-file',
  'create-message',
  'create-run',
  'create-thread',
  'delete-assistant',
  'delete-assistant-file',
  'delete-file',
  'delete-thread',
  'download-file',
  'get-assistant',
  'get-assistant-file',
  'get-message',
  'get-run',
  'get-run-step',
  'get-thread',
  'list-assistant-files',
  'list-assistants',
  'list-files',
  'list-messages',
  'list-models',
  'list-run-steps',
  'modify-assistant',
  'modify-message',
  'modify-run',
  'modify-thread',
  'retrieve-file',
];

const TAGS = ['Assistants', 'Assistant Files', 'Threads', 'Messages', 'Runs', 'Run Steps', 'Files', 'Models'];

type Json = Record<string, unknown>;

interface Operation {
  pointer: string;
  path: string;
  method: string;
  operation: Json;
  pathItem: Json;
}

let loaded: Awaited<ReturnType<typeof loadApiDescription>>;
let operations: Operation[];

beforeAll(async () => {
  loaded = await loadApiDescription(SPEC, 'openapi/rubra.yaml');
  operations = Object.entries(loaded.dereferenced.paths as Json).flatMap(([route, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = (item as Json)[method];
      return isRecord(operation)
        ? [{ pointer: `${route} ${method}`, path: route, method, operation, pathItem: item as Json }]
        : [];
    }),
  );
});

function record(value: unknown): Json {
  return isRecord(value) ? value : {};
}

describe('openapi/rubra.yaml', () => {
  it('is OpenAPI 3.1 with the title, server and an optional bearer scheme', () => {
    const doc = loaded.document;
    expect(doc.openapi).toBe('3.1.0');
    expect(record(doc.info).title).toBe('Rubra API');
    expect(doc.servers).toEqual([expect.objectContaining({ url: 'http://localhost:8000' })]);
    expect(record(record(record(doc.components).securitySchemes).bearerAuth)).toMatchObject({
      type: 'http',
      scheme: 'bearer',
    });
    expect(doc.security).toContainEqual({});
  });

  it('declares and describes the tags in the reference order', () => {
    const tags = (loaded.document.tags as Json[]).map((tag) => [
      tag.name,
      typeof tag.description === 'string' && tag.description.length > 0,
    ]);
    expect(tags).toEqual(TAGS.map((name) => [name, true]));
  });

  it('maps the operationIds one to one onto the page ids the spec names', () => {
    const ids = operations.map(({ operation }) => pageIdOf(String(operation.operationId)));
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([...PAGE_IDS].sort());
  });

  it('gives every operation a summary, a description, a tag, and 200, 404 and 422 responses', () => {
    for (const { pointer, operation } of operations) {
      expect(operation.summary, pointer).toEqual(expect.any(String));
      expect(operation.description, pointer).toEqual(expect.any(String));
      expect(TAGS, pointer).toContain((operation.tags as string[])[0]);
      expect(Object.keys(record(operation.responses)).sort(), pointer).toEqual(['200', '404', '422']);
    }
  });

  it('answers 404 and 422 with the error schemas', () => {
    for (const { pointer, operation } of operations) {
      const responses = record(operation.responses);
      const validation = record(record(record(record(responses['422']).content)['application/json']).schema);
      expect(Object.keys(record(validation.properties)), pointer).toEqual(['detail']);
      const entry = record(record(record(validation.properties).detail).items);
      expect(Object.keys(record(entry.properties)).sort(), pointer).toEqual(['loc', 'msg', 'type']);
      expect(record(record(responses['404']).content)['application/json'], pointer).toBeDefined();
    }
  });

  it('uploads files as multipart and sends every other body as JSON', () => {
    for (const { pointer, operation } of operations) {
      const body = record(operation.requestBody);
      if (!isRecord(body.content)) {
        continue;
      }
      const expected = operation.operationId === 'createFile' ? 'multipart/form-data' : 'application/json';
      expect(Object.keys(body.content), pointer).toEqual([expected]);
    }
  });

  it('describes every property of every component schema', () => {
    const missing: string[] = [];
    const visit = (schema: unknown, where: string) => {
      if (Array.isArray(schema)) {
        schema.forEach((item, index) => visit(item, `${where}/${index}`));
        return;
      }
      if (!isRecord(schema)) {
        return;
      }
      for (const [name, property] of Object.entries(record(schema.properties))) {
        const described =
          isRecord(property) && (typeof property.description === 'string' || typeof property.$ref === 'string');
        if (!described) {
          missing.push(`${where}/properties/${name}`);
        }
      }
      for (const [key, child] of Object.entries(schema)) {
        visit(child, `${where}/${key}`);
      }
    };
    const schemas = record(record(loaded.document.components).schemas);
    for (const [name, schema] of Object.entries(schemas)) {
      expect(record(schema).description, name).toEqual(expect.any(String));
      visit(schema, `#/components/schemas/${name}`);
    }
    expect(missing).toEqual([]);
  });

  it('has an example for every parameter, request body and response', () => {
    for (const { pointer, operation, pathItem } of operations) {
      const parameters = [...((pathItem.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])];
      for (const parameter of parameters) {
        expect(parameter.example, `${pointer} ${String(parameter.name)}`).toBeDefined();
      }
      for (const media of Object.values(record(record(operation.requestBody).content))) {
        expect(record(media).example, `${pointer} request body`).toBeDefined();
      }
      for (const [status, response] of Object.entries(record(operation.responses))) {
        for (const media of Object.values(record(record(response).content))) {
          expect(record(media).example, `${pointer} ${status}`).toBeDefined();
        }
      }
    }
  });

  it('validates every example against its schema (JSON Schema 2020-12)', () => {
    const ajv = new Ajv2020({ allErrors: true, strict: true });
    addFormats(ajv);
    // OpenAPI's own keywords beside JSON Schema: annotations that validate nothing.
    ajv.addVocabulary(['discriminator', 'example', 'xml', 'externalDocs']);
    const checked: string[] = [];
    const check = (schema: unknown, example: unknown, where: string) => {
      const validate = ajv.compile(record(schema));
      const valid = validate(example);
      expect(valid ? [] : validate.errors, where).toEqual([]);
      checked.push(where);
    };
    for (const { pointer, operation, pathItem } of operations) {
      const parameters = [...((pathItem.parameters as Json[]) ?? []), ...((operation.parameters as Json[]) ?? [])];
      for (const parameter of parameters) {
        check(parameter.schema, parameter.example, `${pointer} parameter ${String(parameter.name)}`);
      }
      for (const [type, media] of Object.entries(record(record(operation.requestBody).content))) {
        check(record(media).schema, record(media).example, `${pointer} request ${type}`);
      }
      for (const [status, response] of Object.entries(record(operation.responses))) {
        for (const [type, media] of Object.entries(record(record(response).content))) {
          check(record(media).schema, record(media).example, `${pointer} ${status} ${type}`);
        }
      }
    }
    // Every operation, each with at least its three responses.
    expect(checked.length).toBeGreaterThanOrEqual(operations.length * 3);
  });

  it('rejects an example that breaks its schema', () => {
    const ajv = new Ajv2020({ strict: true });
    ajv.addVocabulary(['discriminator', 'example', 'xml', 'externalDocs']);
    const run = operations.find(({ operation }) => operation.operationId === 'getRun');
    const schema = record(
      record(record(record(record(run?.operation.responses)['200']).content)['application/json']).schema,
    );
    const example = structuredClone(
      record(record(record(record(run?.operation.responses)['200']).content)['application/json']).example,
    ) as Json;
    expect(ajv.validate(schema, example)).toBe(true);
    example.status = 'sleeping';
    expect(ajv.validate(schema, example)).toBe(false);
  });

  it('uses the id prefixes of each object in the examples', () => {
    const text = JSON.stringify(loaded.document.paths);
    for (const prefix of ['asst_', 'thread_', 'msg_', 'run_', 'step_', 'file-']) {
      expect(text).toContain(`"${prefix}`);
    }
  });
});
