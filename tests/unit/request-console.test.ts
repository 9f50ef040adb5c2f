import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { errorMessages, isTextual, statusLine } from '@site/src/client/answer';
import { pickModel } from '@site/src/client/completion';
import { baseUrlHint, classifyFailure, MODEL_SERVER, type FailureSignals } from '@site/src/client/failure';
import { MAX_URL_LENGTH, readForm, urlProblem } from '@site/src/components/RequestConsole/form';
import { deletedId, idsInAnswer, withRememberedIds } from '@site/src/components/RequestConsole/ids';
import { checkAgainstSchema, parseJson } from '@site/src/components/RequestConsole/json';
import { checkServerUrl } from '@site/src/client/serverUrl';
import { requestUrl } from '@site/src/shared/api-request';
import type { ApiConsoleData } from '@site/src/shared/api-types';

describe('the server URL', () => {
  it.each([
    ['http://localhost:8000/', 'http://localhost:8000'],
    ['  https://rubra.example.com/api/v1/ ', 'https://rubra.example.com/api/v1'],
    ['http://127.0.0.1:1234', 'http://127.0.0.1:1234'],
  ])('accepts %s as %s', (text, url) => {
    expect(checkServerUrl(text)).toEqual({ ok: true, url });
  });

  it.each([
    ['javascript:alert(1)', /Only http: and https: .*javascript: is refused/],
    ['file:///etc/passwd', /file: is refused/],
    ['http://0.0.0.0:8000', /Use 127\.0\.0\.1 or localhost/],
    ['localhost:8000', /refused|not a URL/],
    ['', /Enter the address/],
    ['http://user:secret@localhost:8000', /Leave the user name and password out/],
    ['http://localhost:8000/?a=1', /no query or fragment/],
  ])('refuses %s', (text, message) => {
    const check = checkServerUrl(text);
    expect(check.ok).toBe(false);
    expect(check.ok ? '' : check.message).toMatch(message);
  });
});

describe('the body', () => {
  it('names the line and column of a JSON mistake', () => {
    const parsed = parseJson('{\n  "model": "m",\n  "name": \n}');
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? null : [parsed.line, parsed.column]).toEqual([4, 1]);
    const end = parseJson('{"a": [1, 2');
    expect(end.ok ? null : end.line).toBe(1);
  });

  it('lists each schema problem at its JSON pointer, not the ones that only point deeper', () => {
    const schema = {
      type: 'object',
      required: ['model'],
      properties: {
        model: { type: 'string' },
        tools: {
          type: 'array',
          items: { oneOf: [{ properties: { type: { const: 'a' } } }, { properties: { type: { const: 'b' } } }] },
        },
      },
    };
    expect(checkAgainstSchema({ model: 5, tools: [{ type: 'c' }] }, schema)).toEqual([
      { pointer: '/model', message: expect.stringMatching(/Expected "string"/) },
      { pointer: '/tools/0', message: expect.stringMatching(/exactly one subschema/) },
    ]);
    expect(checkAgainstSchema({}, schema)).toEqual([{ pointer: '', message: expect.stringMatching(/model/) }]);
    expect(checkAgainstSchema({ model: 'm' }, schema)).toEqual([]);
  });
});

const signals: FailureSignals = {
  url: 'http://localhost:8000/assistants',
  serverUrl: 'http://localhost:8000',
  pageOrigin: 'http://localhost:3000',
  server: { name: 'Rubra server', allowOrigin: () => 'Start it with the origin allowed.', underV1: false },
  timeoutSeconds: 30,
};

describe('a 404 from the wrong base', () => {
  it('names the /v1 base a model server wants', () => {
    expect(baseUrlHint(MODEL_SERVER, 'http://localhost:8000/', 404)).toBe(
      'A model server serves its API under /v1: try http://localhost:8000/v1 as the Server URL.',
    );
    expect(baseUrlHint(MODEL_SERVER, 'http://localhost:8000/v1', 404)).toBeNull();
    expect(baseUrlHint(MODEL_SERVER, 'http://localhost:8000', 401)).toBeNull();
  });
  it('names the base without /v1 a server wants when it serves none', () => {
    expect(baseUrlHint(signals.server, 'http://localhost:8000/v1', 404)).toBe(
      'A Rubra server serves its API without /v1: try http://localhost:8000 as the Server URL.',
    );
    expect(baseUrlHint(signals.server, 'http://localhost:8000', 404)).toBeNull();
  });
});

describe('why a request failed', () => {
  it('tells a server that is not there from one whose CORS hides its answer', () => {
    expect(classifyFailure({ ...signals, serverAnswers: false })).toMatchObject({
      kind: 'unreachable',
      message: 'Could not connect to http://localhost:8000. Is the Rubra server running?',
    });
    const cors = classifyFailure({ ...signals, serverAnswers: true });
    expect(cors.kind).toBe('cors');
    expect(cors.message).toContain('CORS');
    expect(cors.fix).toBe('Allow the origin http://localhost:3000 on the server. Start it with the origin allowed.');
    expect(classifyFailure({ ...signals, serverAnswers: true, sentWithoutPreflight: true }).message).toMatch(
      /may have acted on it/,
    );
    const withKey = classifyFailure({ ...signals, serverAnswers: true, withKey: true });
    expect(withKey.message).toContain('(or the Authorization header that carries the key)');
    expect(withKey.fix).toMatch(/and the Authorization header on the server, or leave API key empty/);
  });

  it('names the addresses the policy allows when the policy refused', () => {
    const csp = classifyFailure({
      ...signals,
      url: 'https://elsewhere.example/x',
      cspAllowed: ["'self'", 'http://localhost:*', 'http://127.0.0.1:*'],
      serverAnswers: true,
    });
    expect(csp.kind).toBe('csp');
    expect(csp.message).toContain('https://elsewhere.example');
    expect(csp.fix).toContain('http://localhost:*, http://127.0.0.1:*');
  });

  it('says mixed content when an https page calls an http address off this machine', () => {
    const https = { ...signals, pageOrigin: 'https://docs.rubra.ai' };
    expect(classifyFailure({ ...https, url: 'http://gpu-box:8000/models', serverAnswers: false }).kind).toBe(
      'mixed-content',
    );
    expect(classifyFailure({ ...https, url: 'http://127.0.0.1:8000/models', serverAnswers: false }).kind).toBe(
      'unreachable',
    );
    expect(classifyFailure({ ...https, url: 'https://gpu-box/models', serverAnswers: false }).kind).toBe('unreachable');
  });

  it('says the browser’s local-network permission is denied, before guessing at the server', () => {
    const denied = classifyFailure({ ...signals, pageOrigin: 'https://docs.rubra.ai', localNetwork: 'denied' });
    expect(denied.kind).toBe('local-network');
    expect(denied.fix).toContain('https://docs.rubra.ai');
    expect(classifyFailure({ ...signals, localNetwork: 'prompt', serverAnswers: false }).kind).toBe('unreachable');
  });

  it('says timed out and cancelled apart from the rest', () => {
    expect(classifyFailure({ ...signals, aborted: 'timeout', serverAnswers: true })).toMatchObject({
      kind: 'timeout',
      message: 'No answer from http://localhost:8000 within 30 seconds.',
    });
    expect(classifyFailure({ ...signals, aborted: 'cancel' }).kind).toBe('cancelled');
  });
});

describe('ids that carry over', () => {
  it('finds the ids of an object and of a list’s items, by the parameter that takes them', () => {
    expect(idsInAnswer({ id: 'run_1', object: 'thread.run', thread_id: 'thread_1' })).toEqual([
      { param: 'run_id', id: 'run_1' },
    ]);
    expect(
      idsInAnswer({
        object: 'list',
        data: [
          { id: 'msg_2', object: 'thread.message' },
          { id: 'msg_1', object: 'thread.message' },
        ],
      }),
    ).toEqual([
      { param: 'message_id', id: 'msg_2' },
      { param: 'message_id', id: 'msg_1' },
    ]);
    expect(idsInAnswer({ id: 'file-1', object: 'assistant.file' })).toEqual([{ param: 'file_id', id: 'file-1' }]);
    expect(idsInAnswer('text')).toEqual([]);
  });

  it('knows what a delete removed, and that detaching a file keeps the file', () => {
    expect(deletedId({ id: 'thread_1', object: 'thread.deleted', deleted: true })).toEqual({
      param: 'thread_id',
      id: 'thread_1',
    });
    expect(deletedId({ id: 'file-1', object: 'file', deleted: true })).toEqual({ param: 'file_id', id: 'file-1' });
    expect(deletedId({ id: 'file-1', object: 'assistant.file.deleted', deleted: true })).toBeNull();
  });

  it('fills a body’s id fields with the newest ids', () => {
    const ids = { assistant_id: ['asst_new', 'asst_old'], file_id: ['file-new'] };
    expect(withRememberedIds({ assistant_id: 'asst_example', file_ids: ['file-x'], name: 'n' }, ids)).toEqual({
      assistant_id: 'asst_new',
      file_ids: ['file-new'],
      name: 'n',
    });
    expect(withRememberedIds({ file_ids: [] }, ids)).toEqual({ file_ids: [] });
  });
});

const listData: ApiConsoleData = {
  call: { resource: 'beta.threads.messages', action: 'list', result: 'messages' },
  request: {
    serverUrl: 'http://localhost:8000',
    method: 'GET',
    path: '/threads/{thread_id}/messages',
    pathParams: [{ name: 'thread_id', value: 'thread_1' }],
    query: [{ name: 'limit', value: 20 }],
    headers: [],
  },
  parameters: [
    { name: 'thread_id', in: 'path', schema: { type: 'string' } },
    { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } },
    { name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } },
    { name: 'after', in: 'query', schema: { type: 'string' } },
  ],
};

const form = (params: Record<string, string>, serverUrl = 'http://localhost:8000') =>
  readForm({ serverUrl, params, bodyText: '', fields: {} }, listData, undefined);

describe('the form', () => {
  it('reads typed values as their schema’s types, and leaves empty query values out', () => {
    const read = form({ thread_id: 'thread 9', limit: '5', order: 'asc', after: '' });
    expect(read.problems).toEqual([]);
    expect(requestUrl(read.request)).toBe('http://localhost:8000/threads/thread%209/messages?limit=5&order=asc');
  });

  it('sends nothing with an empty required path parameter or a value of the wrong type', () => {
    expect(form({ thread_id: '', limit: '20' }).problems).toEqual([
      { field: 'param:thread_id', message: 'Enter thread_id: the path needs it.' },
    ]);
    expect(form({ thread_id: 't', limit: 'twenty' }).problems).toEqual([
      { field: 'param:limit', message: expect.stringMatching(/^limit: .*integer/) },
    ]);
    expect(form({ thread_id: 't', limit: '500' }).problems[0]?.message).toMatch(/^limit: /);
    expect(form({ thread_id: 't' }, 'javascript:alert(1)').problems[0]?.field).toBe('server');
  });

  it('percent-encodes a 5,000-character query value, and refuses a URL past 8 KB', () => {
    const long = 'é&'.repeat(2500);
    const read = form({ thread_id: 't', after: long });
    const url = requestUrl(read.request);
    expect(url).toContain(`after=${encodeURIComponent(long)}`);
    expect(url.length).toBeGreaterThan(MAX_URL_LENGTH);
    expect(urlProblem(url)?.message).toMatch(/over the 8,192 that servers accept/);
    expect(urlProblem(requestUrl(form({ thread_id: 't', after: 'x'.repeat(5000) }).request))).toBeNull();
  });

  it('names the line and column of a body that does not parse, while the samples keep the last one that did', () => {
    const data: ApiConsoleData = {
      ...listData,
      parameters: [],
      request: {
        ...listData.request,
        method: 'POST',
        path: '/assistants',
        pathParams: [],
        query: [],
        body: { kind: 'json', contentType: 'application/json', value: { model: 'm' } },
      },
      bodySchema: { type: 'object', properties: { model: { type: 'string' } } },
    };
    const read = readForm(
      { serverUrl: 'http://localhost:8000', params: {}, bodyText: '{\n  "model": 5,\n}', fields: {} },
      data,
      { model: 'last' },
    );
    expect(read.problems).toEqual([{ field: 'body', message: expect.stringMatching(/^Line 3, column 1: /) }]);
    expect(read.request.body).toMatchObject({ value: { model: 'last' }, text: '{\n  "model": 5,\n}' });
    const wrongType = readForm(
      { serverUrl: 'http://localhost:8000', params: {}, bodyText: '{"model": 5}', fields: {} },
      data,
      undefined,
    );
    expect(wrongType.problems).toEqual([]);
    expect(wrongType.schemaProblems).toEqual([{ pointer: '/model', message: expect.stringMatching(/string/) }]);
  });
});

describe('the answer', () => {
  it('reads the error bodies of FastAPI, problem details and OpenAI-style servers', () => {
    expect(errorMessages({ detail: 'No assistant found' })).toEqual(['No assistant found']);
    expect(errorMessages({ detail: [{ loc: ['body', 'model'], msg: 'field required', type: 'x' }] })).toEqual([
      'body → model: field required',
    ]);
    expect(
      errorMessages({
        title: 'Invalid request',
        validation: [{ location: ['body', 'model'], message: 'must be string' }],
      }),
    ).toEqual(['Invalid request', 'body → model: must be string']);
    expect(errorMessages({ error: { message: 'tools are not supported' } })).toEqual(['tools are not supported']);
    expect(errorMessages({ object: 'error', message: 'The model `x` does not exist.', code: 404 })).toEqual([
      'The model `x` does not exist.',
    ]);
    expect(errorMessages({ error: { message: 'first' }, message: 'second' })).toEqual(['first']);
  });

  it('knows text from bytes, and a status’s reason phrase', () => {
    expect(isTextual('application/json; charset=utf-8')).toBe(true);
    expect(isTextual('application/problem+json')).toBe(true);
    expect(isTextual('text/html')).toBe(true);
    expect(isTextual('application/octet-stream')).toBe(false);
    expect(statusLine(404, '')).toBe('404 Not Found');
    expect(statusLine(201, 'Created')).toBe('201 Created');
  });
});

describe('what the console keeps', () => {
  const stores = { session: new Map<string, string>(), local: new Map<string, string>() };
  const storage = (map: Map<string, string>) => ({
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => map.set(key, value),
    removeItem: (key: string) => map.delete(key),
  });
  beforeEach(() => {
    stores.session.clear();
    stores.local.clear();
    vi.stubGlobal('window', { sessionStorage: storage(stores.session), localStorage: storage(stores.local) });
    vi.resetModules();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('holds the key in memory, writes it to the device only when remembered, and forgets it when emptied', async () => {
    const store = await import('@site/src/client/store');
    store.keepApiKey('sk-secret', false);
    expect(store.readApiKey()).toEqual({ key: 'sk-secret', remembered: false });
    expect([...stores.local.values(), ...stores.session.values()].join()).not.toContain('sk-secret');
    store.keepApiKey('sk-secret', true);
    expect([...stores.local.values()]).toEqual(['sk-secret']);
    store.keepApiKey('', false);
    expect(store.readApiKey()).toEqual({ key: '', remembered: false });
    expect(stores.local.size).toBe(0);
  });

  it('keeps servers and ids for the tab, newest first, and clears them together', async () => {
    const store = await import('@site/src/client/store');
    store.rememberServer('api', 'http://localhost:8000');
    store.rememberServer('api', 'http://127.0.0.1:9000');
    store.rememberServer('api', 'http://localhost:8000');
    expect(store.usedServers('api')).toEqual(['http://localhost:8000', 'http://127.0.0.1:9000']);
    store.rememberIds([
      { param: 'thread_id', id: 'thread_2' },
      { param: 'thread_id', id: 'thread_1' },
    ]);
    store.rememberIds([{ param: 'thread_id', id: 'thread_3' }]);
    expect(store.rememberedIds().thread_id).toEqual(['thread_3', 'thread_2', 'thread_1']);
    store.forgetId('thread_id', 'thread_2');
    expect(store.rememberedIds().thread_id).toEqual(['thread_3', 'thread_1']);
    store.clearRemembered();
    expect(store.usedServers('api')).toEqual([]);
    expect(store.rememberedIds()).toEqual({});
    expect(stores.local.size).toBe(0);
  });
});

describe('the model a request names', () => {
  it("is the reader's choice when the server lists it", () => {
    expect(pickModel(['a', 'b'], 'b')).toBe('b');
  });
  it('is the first listed model when the server does not list the choice', () => {
    expect(pickModel(['rubra-ai/Phi-3-mini-128k-instruct'], 'default')).toBe('rubra-ai/Phi-3-mini-128k-instruct');
    expect(pickModel(['a', 'b'], '')).toBe('a');
  });
  it('is the reader\'s choice, or "default", when the server lists nothing', () => {
    expect(pickModel(null, ' mine ')).toBe('mine');
    expect(pickModel([], '')).toBe('default');
  });
});
