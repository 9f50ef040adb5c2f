import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  ALLOWED_HEADERS,
  ALLOWED_METHODS,
  COMPLETION_ID,
  MODEL_ID,
  MODELS,
  NOT_FOUND,
  SCENARIOS,
  STREAM_DELAY_MS,
  USAGE,
  startChatServer,
} from '../support/chat-server.mjs';

const ORIGIN = 'http://127.0.0.1:4173';
const MESSAGES = [{ role: 'user', content: 'What is the weather in Boston?' }];

/** A chat completion request from a page on ORIGIN, plain or streamed. */
function chat(stream: boolean, signal?: AbortSignal) {
  return {
    method: 'POST',
    headers: { origin: ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ model: MODEL_ID, messages: MESSAGES, stream }),
    signal,
  };
}

/** The body of a response, chunk by chunk as the reader delivered it. */
async function readChunks(response: Response) {
  if (!response.body) {
    throw new Error('The response has no body');
  }
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await reader.read();
    if (done) {
      return chunks;
    }
    chunks.push(value);
  }
}

interface SseEvent {
  field: string;
  value: string;
}

/** The events of a server-sent event stream, each as its one `field: value` line. */
function parseEvents(chunks: Uint8Array[]) {
  const decoder = new TextDecoder();
  const text = chunks.map((bytes) => decoder.decode(bytes, { stream: true })).join('') + decoder.decode();
  expect(text.endsWith('\n\n')).toBe(true);
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block): SseEvent => {
      const match = /^([a-z]+): (.*)$/.exec(block);
      if (!match) {
        throw new Error(`Not one field line: ${JSON.stringify(block)}`);
      }
      return { field: match[1] ?? '', value: match[2] ?? '' };
    });
}

interface Delta {
  role?: string;
  content?: string;
  tool_calls?: { index: number; id?: string; type?: string; function: { name?: string; arguments: string } }[];
}

interface Chunk {
  id: string;
  object: string;
  model: string;
  choices: { index: number; delta: Delta; finish_reason: string | null }[];
  usage?: unknown;
}

/** The completion chunks among the events, in order. */
function chunksOf(events: SseEvent[]) {
  return events
    .filter(({ field, value }) => field === 'data' && value !== '[DONE]')
    .map(({ value }) => JSON.parse(value) as Chunk);
}

const deltasOf = (chunks: Chunk[]) => chunks.map((chunk) => chunk.choices[0]?.delta ?? {});

describe('the chat server of the "Try it" console tests', () => {
  let server: Awaited<ReturnType<typeof startChatServer>>;

  beforeAll(async () => {
    server = await startChatServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
  });

  it('serves each scenario under /<scenario>/v1 on 127.0.0.1', () => {
    expect(server.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.baseUrl(SCENARIOS.text.name)).toBe(`${server.origin}/${SCENARIOS.text.name}/v1`);
  });

  it('lists its model in every scenario, with the Origin reflected', async () => {
    for (const { name } of Object.values(SCENARIOS)) {
      const response = await fetch(`${server.baseUrl(name)}/models`, { headers: { origin: ORIGIN } });
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual(MODELS);
    }
    expect(MODELS.data.map(({ id }) => id)).toEqual([MODEL_ID]);
  });

  it('answers 404 with CORS to an unknown scenario or path', async () => {
    for (const url of [
      `${server.origin}/nope/v1/models`,
      `${server.baseUrl(SCENARIOS.text.name)}/completions`,
      `${server.origin}/${SCENARIOS.text.name}/models`,
      `${server.origin}/`,
    ]) {
      const response = await fetch(url, { headers: { origin: ORIGIN } });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual(NOT_FOUND);
    }
    const get = await fetch(`${server.baseUrl(SCENARIOS.text.name)}/chat/completions`);
    expect(get.status).toBe(404);
  });

  it('allows Content-Type and not Authorization in a preflight, and caches none', async () => {
    const response = await fetch(`${server.baseUrl(SCENARIOS.text.name)}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(response.headers.get('access-control-allow-methods')).toBe(ALLOWED_METHODS);
    expect(response.headers.get('access-control-allow-headers')).toBe(ALLOWED_HEADERS);
    expect(ALLOWED_HEADERS.toLowerCase().split(/,\s*/)).toEqual(['content-type']);
    expect(response.headers.get('access-control-max-age')).toBe('0');
  });

  describe('text', () => {
    const { name, text, deltas } = SCENARIOS.text;

    it('answers a completion with the text', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(false));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual({
        id: COMPLETION_ID,
        object: 'chat.completion',
        created: expect.any(Number),
        model: MODEL_ID,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: USAGE,
      });
      expect(Buffer.byteLength(text)).toBeGreaterThan(text.length);
    });

    it('streams the text in deltas, then the finish and usage, then [DONE]', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(true));
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      const events = parseEvents(await readChunks(response));
      expect(events.map(({ field }) => field).every((field) => field === 'data')).toBe(true);
      expect(events.at(-1)?.value).toBe('[DONE]');
      const chunks = chunksOf(events);
      expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === COMPLETION_ID)).toBe(
        true,
      );
      const contents = deltasOf(chunks).flatMap(({ content }) => (content === undefined ? [] : [content]));
      expect(contents).toEqual(deltas);
      expect(contents.join('')).toBe(text);
      expect(deltasOf(chunks)[0]?.role).toBe('assistant');
      expect(chunks.at(-1)).toMatchObject({ choices: [{ delta: {}, finish_reason: 'stop' }], usage: USAGE });
      expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
    });

    it('streams in several reads, cut mid-line and mid-character, with two events in one read', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(true));
      const chunks = await readChunks(response);
      expect(chunks.length).toBeGreaterThan(3);
      const strict = new TextDecoder('utf-8', { fatal: true });
      const splitsCharacter = chunks.map((bytes) => {
        try {
          strict.decode(bytes);
          return false;
        } catch {
          return true;
        }
      });
      expect(splitsCharacter).toContain(true);
      const lenient = new TextDecoder();
      const texts = chunks.map((bytes) => lenient.decode(bytes, { stream: true }));
      expect(texts.some((chunk) => !chunk.endsWith('\n'))).toBe(true);
      expect(texts.some((chunk) => /^data: .*\n\ndata: .*\n\n/.test(chunk))).toBe(true);
    });
  });

  describe.each([
    ['tools', SCENARIOS.tools, true],
    ['badargs', SCENARIOS.badargs, false],
  ])('%s', (_, { name, toolCall, fragments }, endsWithoutDone) => {
    it('answers a completion with the tool call', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(false));
      expect(response.status).toBe(200);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual({
        id: COMPLETION_ID,
        object: 'chat.completion',
        created: expect.any(Number),
        model: MODEL_ID,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: null, tool_calls: [toolCall] },
            finish_reason: 'tool_calls',
          },
        ],
        usage: USAGE,
      });
    });

    it(`streams the tool call in fragments, and ${endsWithoutDone ? 'ends without' : 'ends with'} [DONE]`, async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(true));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      const events = parseEvents(await readChunks(response));
      expect(events.some(({ value }) => value === '[DONE]')).toBe(!endsWithoutDone);
      const chunks = chunksOf(events);
      const [first, ...rest] = deltasOf(chunks);
      expect(first).toEqual({
        role: 'assistant',
        tool_calls: [
          { index: 0, id: toolCall.id, type: toolCall.type, function: { name: toolCall.function.name, arguments: '' } },
        ],
      });
      const pieces = rest.flatMap(({ tool_calls }) => tool_calls?.map((call) => call.function.arguments) ?? []);
      expect(pieces.length).toBeGreaterThanOrEqual(3);
      expect(pieces).toEqual(fragments);
      expect(pieces.join('')).toBe(toolCall.function.arguments);
      expect(rest.flatMap(({ tool_calls }) => tool_calls ?? []).every((call) => call.index === 0)).toBe(true);
      expect(chunks.at(-1)).toMatchObject({ choices: [{ finish_reason: 'tool_calls' }], usage: USAGE });
    });
  });

  it('gives tool arguments that are JSON in tools and not JSON in badargs', () => {
    expect(JSON.parse(SCENARIOS.tools.toolCall.function.arguments)).toEqual({
      location: 'Boston, MA',
      unit: 'fahrenheit',
    });
    expect(() => JSON.parse(SCENARIOS.badargs.toolCall.function.arguments)).toThrow();
  });

  describe('error', () => {
    const { name, status, partial, error } = SCENARIOS.error;

    it('answers its status with the error', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(false));
      expect(response.status).toBe(status);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual({ error });
    });

    it('streams a partial content, then an error: line, then ends', async () => {
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(true));
      expect(response.status).toBe(200);
      const events = parseEvents(await readChunks(response));
      expect(events.map(({ field }) => field)).toEqual(['data', 'error']);
      expect(deltasOf(chunksOf(events))).toEqual([{ role: 'assistant', content: partial }]);
      expect(JSON.parse(events[1]?.value ?? '')).toEqual(error);
      expect(events[1]?.value).toBe(JSON.stringify(error));
    });
  });

  describe('stall', () => {
    const { name, partial } = SCENARIOS.stall;

    it('never answers a plain request, and sees the client abort', async () => {
      const controller = new AbortController();
      const pending = fetch(`${server.baseUrl(name)}/chat/completions`, chat(false, controller.signal));
      await expect.poll(() => server.stalled.length).toBe(1);
      expect(server.stalled).toEqual([{ aborted: false }]);
      controller.abort();
      await expect(pending).rejects.toThrow();
      await expect.poll(() => server.stalled[0]?.aborted).toBe(true);
    });

    it('streams one chunk and then nothing, and sees the client abort', async () => {
      const controller = new AbortController();
      const response = await fetch(`${server.baseUrl(name)}/chat/completions`, chat(true, controller.signal));
      expect(response.headers.get('content-type')).toBe('text/event-stream');
      if (!response.body) {
        throw new Error('The response has no body');
      }
      const reader = response.body.getReader();
      const first = await reader.read();
      const events = parseEvents(first.value ? [first.value] : []);
      expect(deltasOf(chunksOf(events))).toEqual([{ role: 'assistant', content: partial }]);
      // The pending read fails once the request is aborted below; that failure is expected.
      const next = reader.read().then(
        () => false,
        () => false,
      );
      const silent = await Promise.race([
        next,
        new Promise<boolean>((done) => setTimeout(() => done(true), 10 * STREAM_DELAY_MS)),
      ]);
      expect(silent).toBe(true);
      expect(server.stalled).toEqual([{ aborted: false }]);
      controller.abort();
      await expect.poll(() => server.stalled[0]?.aborted).toBe(true);
    });
  });

  it('records what it received, preflights included, and forgets it on reset', async () => {
    const url = `${server.baseUrl(SCENARIOS.text.name)}/chat/completions`;
    await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST' },
    });
    await (await fetch(url, chat(true))).arrayBuffer();
    await fetch(`${server.origin}/nope/v1/models`);
    expect(server.received).toEqual([
      expect.objectContaining({
        scenario: SCENARIOS.text.name,
        method: 'OPTIONS',
        path: '/chat/completions',
        body: null,
      }),
      {
        scenario: SCENARIOS.text.name,
        method: 'POST',
        path: '/chat/completions',
        headers: expect.objectContaining({ origin: ORIGIN, 'content-type': 'application/json' }),
        body: { model: MODEL_ID, messages: MESSAGES, stream: true },
      },
      expect.objectContaining({ scenario: 'nope', method: 'GET', path: '/models', body: null }),
    ]);
    server.reset();
    expect(server.received).toEqual([]);
    expect(server.stalled).toEqual([]);
  });
});
