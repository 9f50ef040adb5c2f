import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import { loadApiDescription } from '@site/src/plugins/api-reference/load';
import type { ApiReference } from '@site/src/plugins-lib/api-reference';
import { buildApiReference } from '@site/src/plugins/api-reference/operations';
import { codeSamples, outgoingRequest, requestUrl, type ApiRequest } from '@site/src/shared/api-request';
import type { ApiConsoleData } from '@site/src/shared/api-types';

/** One request model for what is sent and what the samples say (src/shared/api-request.ts). */

const SPEC = path.resolve(__dirname, '../../openapi/rubra.yaml');
let reference: ApiReference;

beforeAll(async () => {
  const loaded = await loadApiDescription(SPEC, 'openapi/rubra.yaml');
  reference = buildApiReference(loaded.dereferenced, {
    file: 'openapi/rubra.yaml',
    pageHref: (pageId) => `/api/${pageId}`,
    downloads: { yaml: '/openapi.yaml', json: '/openapi.json' },
  });
});

function consoleOf(pageId: string): ApiConsoleData {
  const data = reference.consoles.get(pageId);
  if (!data) throw new Error(`no console data for ${pageId}`);
  return data;
}

const runs: ApiRequest = {
  serverUrl: 'http://gpu-box:8000/rubra',
  method: 'GET',
  path: '/threads/{thread_id}/runs/{run_id}',
  pathParams: [
    { name: 'thread_id', value: 'thread/1 2' },
    { name: 'run_id', value: '' },
  ],
  query: [
    { name: 'limit', value: 20 },
    { name: 'after', value: '' },
    { name: 'q', value: 'a&b=c' },
  ],
  headers: [],
};

describe('the request model', () => {
  it('writes the URL with a path prefix, percent-encoded values, and an empty path value left as its name', () => {
    expect(requestUrl(runs)).toBe(
      'http://gpu-box:8000/rubra/threads/thread%2F1%202/runs/{run_id}?limit=20&q=a%26b%3Dc',
    );
  });

  it('sends Authorization only with a key, and a JSON body as typed', () => {
    const request: ApiRequest = {
      ...runs,
      method: 'POST',
      pathParams: [
        { name: 'thread_id', value: 't' },
        { name: 'run_id', value: 'r' },
      ],
      body: { kind: 'json', contentType: 'application/json', value: { a: 1 }, text: '{ "a": 1 }' },
    };
    const anonymous = outgoingRequest(request);
    expect(anonymous.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(anonymous.body).toBe('{ "a": 1 }');
    expect(outgoingRequest(request, { apiKey: '  ' }).headers).not.toHaveProperty('Authorization');
    expect(outgoingRequest(request, { apiKey: 'sk-1' }).headers.Authorization).toBe('Bearer sk-1');
  });

  it('sends a multipart body as FormData with the file’s bytes and no Content-Type of its own', async () => {
    const request: ApiRequest = {
      ...runs,
      method: 'POST',
      path: '/files',
      pathParams: [],
      query: [],
      body: {
        kind: 'multipart',
        fields: [
          { name: 'file', value: 'notes.bin', file: true },
          { name: 'purpose', value: 'assistants', file: false },
        ],
      },
    };
    const bytes = new Uint8Array([0, 13, 10, 255, 45, 45]);
    const sent = outgoingRequest(request, { files: { file: new Blob([bytes]) } });
    expect(sent.headers).toEqual({});
    const form = sent.body as FormData;
    const file = form.get('file') as File;
    expect(file.name).toBe('notes.bin');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(bytes);
    expect(form.get('purpose')).toBe('assistants');
  });

  it('keeps $OPENAI_API_KEY in every sample, whatever key is sent', () => {
    for (const data of reference.consoles.values()) {
      const [curl, python, node] = codeSamples(data.request, data.call);
      expect(curl?.code).toContain('Bearer $OPENAI_API_KEY');
      expect(python?.code).toContain('os.environ.get("OPENAI_API_KEY"');
      expect(node?.code).toContain('process.env.OPENAI_API_KEY');
    }
  });
});

describe('each operation’s console data', () => {
  it('holds the very request the page’s samples were written from', () => {
    expect(reference.consoles.size).toBe(reference.pages.length);
    for (const page of reference.pages) {
      const data = consoleOf(page.pageId);
      expect(codeSamples(data.request, data.call).map((sample) => sample.code)).toEqual(
        page.samples.map((sample) => sample.code),
      );
    }
  });

  it('carries the dereferenced schemas as plain JSON, without prose', () => {
    const create = consoleOf('create-assistant');
    const text = JSON.stringify(create.bodySchema);
    expect(text).not.toContain('$ref');
    expect(text).not.toContain('"description":"');
    expect((create.bodySchema as { required?: string[] }).required).toContain('model');
    expect(consoleOf('list-assistants').parameters.map((parameter) => parameter.name)).toEqual([
      'limit',
      'order',
      'after',
      'before',
    ]);
    expect(consoleOf('create-file').request.body).toEqual({
      kind: 'multipart',
      fields: [
        { name: 'file', value: 'launch-plan.pdf', file: true },
        { name: 'purpose', value: 'assistants', file: false },
      ],
    });
  });
});
