import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  ALLOWED_METHODS,
  BIG_BODY_BYTES,
  BIG_CHUNKED_PATH,
  FILE_PURPOSES,
  HTML_BODY,
  MAX_HEADER_BYTES,
  MISSING_MODEL_ERROR,
  MODELS,
  NO_CORS_BODY,
  NOT_FOUND,
  REQUEST_ID_HEADER,
  startConsoleServers,
} from '../support/console-servers.mjs';
import { startPrism } from '../support/prism.mjs';

const ORIGIN = 'http://127.0.0.1:4173';

/** A POST of a JSON body from a page on ORIGIN. */
function json(body: unknown) {
  return {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

/** The preflight a browser on ORIGIN sends before a request with these method and headers. */
function preflight(url: string, method: string, headers: string) {
  return fetch(url, {
    method: 'OPTIONS',
    headers: { origin: ORIGIN, 'access-control-request-method': method, 'access-control-request-headers': headers },
  });
}

describe('the servers of the API console tests', () => {
  let servers: Awaited<ReturnType<typeof startConsoleServers>>;

  beforeAll(async () => {
    servers = await startConsoleServers();
  });
  afterAll(async () => {
    await servers.close();
  });
  beforeEach(() => {
    servers.reset();
  });

  describe('/rubra', () => {
    it('answers its root, and reflects the Origin and exposes a fresh request id on every answer', async () => {
      const first = await fetch(`${servers.rubraUrl}/`, { headers: { origin: ORIGIN } });
      const second = await fetch(`${servers.rubraUrl}/models`, { headers: { origin: ORIGIN } });
      expect(first.status).toBe(200);
      expect(await second.json()).toEqual({ object: 'list', data: MODELS });
      for (const response of [first, second]) {
        expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
        expect(response.headers.get('access-control-expose-headers')).toBe(REQUEST_ID_HEADER);
      }
      const ids = [first, second].map((response) => response.headers.get(REQUEST_ID_HEADER));
      expect(ids[0]).toMatch(/\S/);
      expect(ids[0]).not.toBe(ids[1]);
      expect(servers.received.map((request) => request.requestId)).toEqual(ids);
    });

    it('answers a preflight with the methods and the headers asked for', async () => {
      const response = await preflight(`${servers.rubraUrl}/assistants`, 'POST', 'authorization,content-type');
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(response.headers.get('access-control-allow-methods')).toBe(ALLOWED_METHODS);
      expect(response.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
      expect(servers.received).toMatchObject([{ method: 'OPTIONS', path: '/assistants' }]);
    });

    it('creates assistants with fresh ids, lists, gets and deletes them', async () => {
      const created = [];
      for (const name of ['One', 'Two']) {
        const response = await fetch(
          `${servers.rubraUrl}/assistants`,
          json({ model: MODELS[0]?.id, name, instructions: 'Be brief.' }),
        );
        expect(response.status).toBe(200);
        created.push(await response.json());
      }
      expect(created[0]).toMatchObject({
        object: 'assistant',
        model: MODELS[0]?.id,
        name: 'One',
        instructions: 'Be brief.',
        tools: [],
        file_ids: [],
        metadata: {},
      });
      expect(created[0].id).toMatch(/^asst_\d+$/);
      expect(created[0].id).not.toBe(created[1].id);
      expect(servers.received.map((request) => request.answerId)).toEqual([created[0].id, created[1].id]);

      const list = await (await fetch(`${servers.rubraUrl}/assistants?limit=1`)).json();
      expect(list).toEqual({
        object: 'list',
        data: [created[1]],
        first_id: created[1].id,
        last_id: created[1].id,
        has_more: true,
      });
      expect(await (await fetch(`${servers.rubraUrl}/assistants/${created[0].id}`)).json()).toEqual(created[0]);

      const deleted = await fetch(`${servers.rubraUrl}/assistants/${created[0].id}`, { method: 'DELETE' });
      expect(await deleted.json()).toEqual({ id: created[0].id, object: 'assistant.deleted', deleted: true });
      const gone = await fetch(`${servers.rubraUrl}/assistants/${created[0].id}`, { headers: { origin: ORIGIN } });
      expect(gone.status).toBe(404);
      expect(gone.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await gone.json()).toEqual(NOT_FOUND.assistant);
    });

    it('answers 422 in its detail shape to a body that does not validate', async () => {
      const noModel = await fetch(`${servers.rubraUrl}/assistants`, json({ name: 'No model' }));
      expect(noModel.status).toBe(422);
      expect(await noModel.json()).toEqual(MISSING_MODEL_ERROR);
      const wrongType = await fetch(`${servers.rubraUrl}/assistants`, json({ model: 5 }));
      expect(wrongType.status).toBe(422);
      expect(await wrongType.json()).toMatchObject({ detail: [{ loc: ['body', 'model'] }] });
      const notJson = await fetch(`${servers.rubraUrl}/assistants`, { ...json(null), body: '{"model":' });
      expect(notJson.status).toBe(422);
    });

    it('takes a query string longer than 16 KiB, decoded', async () => {
      const value = 'é&='.repeat(1700).slice(0, 5000);
      const url = `${servers.rubraUrl}/assistants?after=${encodeURIComponent(value)}`;
      expect(url.length).toBeGreaterThan(16 * 1024);
      expect(url.length).toBeLessThan(MAX_HEADER_BYTES);
      expect((await fetch(url)).status).toBe(200);
      expect(servers.received.at(-1)?.query.after).toBe(value);
    });

    it('records what it received, and forgets it all on reset', async () => {
      await fetch(`${servers.rubraUrl}/assistants?limit=5`, {
        ...json({ model: 'm' }),
        headers: { authorization: 'Bearer sk-test', 'content-type': 'application/json' },
      });
      expect(servers.received).toEqual([
        expect.objectContaining({
          method: 'POST',
          path: '/assistants',
          query: { limit: '5' },
          headers: expect.objectContaining({ authorization: 'Bearer sk-test', 'content-type': 'application/json' }),
          body: Buffer.from('{"model":"m"}'),
          upload: null,
        }),
      ]);
      servers.reset();
      expect(servers.received).toEqual([]);
      expect((await (await fetch(`${servers.rubraUrl}/assistants`)).json()).data).toEqual([]);
    });

    it('keeps threads, their messages and runs', async () => {
      const assistant = await (await fetch(`${servers.rubraUrl}/assistants`, json({ model: 'm' }))).json();
      const thread = await (await fetch(`${servers.rubraUrl}/threads`, json({}))).json();
      expect(thread).toEqual({
        id: expect.stringMatching(/^thread_\d+$/),
        object: 'thread',
        created_at: expect.any(Number),
        metadata: {},
      });
      expect(await (await fetch(`${servers.rubraUrl}/threads/${thread.id}`)).json()).toEqual(thread);

      const message = await (
        await fetch(`${servers.rubraUrl}/threads/${thread.id}/messages`, json({ role: 'user', content: 'Hi' }))
      ).json();
      expect(message).toEqual({
        id: expect.stringMatching(/^msg_\d+$/),
        object: 'thread.message',
        thread_id: thread.id,
        role: 'user',
        content: [{ type: 'text', text: { value: 'Hi', annotations: [] } }],
        file_ids: [],
        assistant_id: null,
        run_id: null,
        metadata: {},
        created_at: expect.any(Number),
      });
      const messages = await (await fetch(`${servers.rubraUrl}/threads/${thread.id}/messages`)).json();
      expect(messages.data).toEqual([message]);

      const run = await (
        await fetch(`${servers.rubraUrl}/threads/${thread.id}/runs`, json({ assistant_id: assistant.id }))
      ).json();
      expect(run).toMatchObject({
        object: 'thread.run',
        thread_id: thread.id,
        assistant_id: assistant.id,
        status: 'queued',
      });
      expect(run.id).toMatch(/^run_\d+$/);
      expect(await (await fetch(`${servers.rubraUrl}/threads/${thread.id}/runs/${run.id}`)).json()).toEqual(run);
      const missing = await fetch(`${servers.rubraUrl}/threads/thread_0/runs/${run.id}`);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual(NOT_FOUND.thread);
      const noRun = await fetch(`${servers.rubraUrl}/threads/${thread.id}/runs/run_0`);
      expect(await noRun.json()).toEqual(NOT_FOUND.run);
    });

    it('stores an uploaded file byte for byte and sends it back as octet-stream', async () => {
      const bytes = Buffer.concat([Buffer.from('\r\n--\r\n\0'), randomBytes(4096), Buffer.from('\0\r\n')]);
      const form = new FormData();
      form.append('file', new Blob([Uint8Array.from(bytes)]), 'notes.bin');
      form.append('purpose', FILE_PURPOSES[2] ?? '');
      const uploaded = await fetch(`${servers.rubraUrl}/files`, { method: 'POST', body: form });
      expect(uploaded.status).toBe(200);
      const file = await uploaded.json();
      expect(file).toMatchObject({ object: 'file', bytes: bytes.length, filename: 'notes.bin', purpose: 'assistants' });
      expect(file.id).toMatch(/^file-\d+$/);
      expect(servers.received.at(-1)).toMatchObject({
        answerId: file.id,
        upload: { filename: 'notes.bin', purpose: 'assistants', bytes },
      });

      const content = await fetch(`${servers.rubraUrl}/files/${file.id}/content`, { headers: { origin: ORIGIN } });
      expect(content.headers.get('content-type')).toBe('application/octet-stream');
      expect(content.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);

      const noPurpose = new FormData();
      noPurpose.append('file', new Blob(['x']), 'x.txt');
      const rejected = await fetch(`${servers.rubraUrl}/files`, { method: 'POST', body: noPurpose });
      expect(rejected.status).toBe(422);
      expect(await rejected.json()).toMatchObject({ detail: [{ loc: ['body', 'purpose'] }] });
    });
  });

  describe('/nocors', () => {
    it('answers everything without any CORS header, and records it', async () => {
      for (const url of [`${servers.noCorsUrl}/`, `${servers.noCorsUrl}/assistants`]) {
        const response = await fetch(url, json({ model: 'm' }));
        expect(response.status).toBe(200);
        expect(await response.json()).toEqual(NO_CORS_BODY);
        expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
      }
      const response = await preflight(`${servers.noCorsUrl}/assistants`, 'POST', 'content-type');
      expect(response.status).toBe(204);
      expect([...response.headers.keys()].filter((name) => name.startsWith('access-control-'))).toEqual([]);
      expect(servers.noCorsReceived.map(({ method, path }) => `${method} ${path}`)).toEqual([
        'POST /',
        'POST /assistants',
        'OPTIONS /assistants',
      ]);
    });
  });

  describe('/hang', () => {
    it('answers its root and preflights, holds every other request, and sees the client abort', async () => {
      expect((await fetch(`${servers.hangUrl}/`, { headers: { origin: ORIGIN } })).status).toBe(200);
      const response = await preflight(`${servers.hangUrl}/assistants`, 'POST', 'content-type');
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);

      const controller = new AbortController();
      const pending = fetch(`${servers.hangUrl}/assistants`, { ...json({ model: 'm' }), signal: controller.signal });
      await expect.poll(() => servers.hung.length).toBe(1);
      expect(servers.hung[0]).toMatchObject({ method: 'POST', path: '/assistants', aborted: false });
      controller.abort();
      await expect(pending).rejects.toThrow();
      await expect.poll(() => servers.hung[0]?.aborted).toBe(true);
    });
  });

  describe('/big', () => {
    it.each([
      ['with', ''],
      ['without', BIG_CHUNKED_PATH],
    ])('sends exactly BIG_BODY_BYTES of valid JSON %s a Content-Length', async (_, path) => {
      const response = await fetch(`${servers.bigUrl}${path}`, { headers: { origin: ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(response.headers.get('content-length')).toBe(path ? null : String(BIG_BODY_BYTES));
      const text = await response.text();
      expect(Buffer.byteLength(text)).toBe(BIG_BODY_BYTES);
      expect(servers.bigBytes).toBe(BIG_BODY_BYTES);
      expect((JSON.parse(text) as { data: string }).data).toMatch(/^x+$/);
    });
  });

  describe('/html', () => {
    it('sends its page as text/html with CORS', async () => {
      const response = await fetch(`${servers.htmlUrl}/`, { headers: { origin: ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.text()).toBe(HTML_BODY);
      expect(servers.htmlBody).toBe(HTML_BODY);
    });
  });

  it('gives a closed port, which refuses connections', async () => {
    await expect(fetch(`${servers.closedUrl}/models`)).rejects.toThrow();
  });
});

describe('Prism, mocking openapi/rubra.yaml', () => {
  it('answers with CORS for the Origin, and 422 to a body that does not validate', { timeout: 90_000 }, async () => {
    const prism = await startPrism();
    try {
      const models = await fetch(`${prism.url}/models`, { headers: { origin: ORIGIN } });
      expect(models.status).toBe(200);
      expect(models.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await models.json()).toMatchObject({ object: 'list', data: expect.any(Array) });
      const invalid = await fetch(`${prism.url}/assistants`, json({ model: 5 }));
      expect(invalid.status).toBe(422);
      expect(await invalid.json()).toMatchObject({ detail: expect.any(Array) });
    } finally {
      await prism.close();
    }
  });
});
