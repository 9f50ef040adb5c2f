import { randomBytes } from 'node:crypto';

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  AGENT,
  AUTH,
  BIG_BODY_BYTES,
  BIG_CHUNKED_PATH,
  CORS_POLICIES,
  CORS_REFUSED,
  FASTAPI_NOT_FOUND,
  HEALTHY,
  HTML_BODY,
  LLAMA_NOJINJA,
  MAX_HEADER_BYTES,
  MODELS,
  NOT_FOUND,
  REQUEST_ID_HEADER,
  SCENARIOS,
  STREAM_DELAY_MS,
  UNEXPECTED,
  USAGE,
  VLLM_MODEL_ID,
  VLLM_NOTOOLS,
  WEATHER_TOOL,
  startFakeServer,
  vllmModelNotFound,
} from '../support/fake-server.mjs';
import { startPrism } from '../support/prism.mjs';
import { FILE_PURPOSES, MISSING_MODEL_ERROR, RUBRA_MODELS, RUBRA_NOT_FOUND } from '../support/rubra-store.mjs';

const ORIGIN = 'http://127.0.0.1:4173';

interface ToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}
interface Delta {
  role?: string;
  content?: string;
  tool_calls?: { index: number; id?: string; type?: string; function: { name?: string; arguments: string } }[];
}
type Message = Record<string, unknown>;

/** The body of a response, chunk by chunk as the reader delivered it. */
async function readChunks(response: Response): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const reader = response.body?.getReader();
  for (;;) {
    const { done, value } = (await reader?.read()) ?? { done: true, value: undefined };
    if (done) {
      return chunks;
    }
    chunks.push(value);
  }
}

/** The events of a server-sent event stream, each as its one `field: value` line. */
function eventsOf(chunks: Uint8Array[]) {
  const decoder = new TextDecoder();
  const text = chunks.map((bytes) => decoder.decode(bytes, { stream: true })).join('') + decoder.decode();
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [, field = '', value = ''] = /^([a-z]+): (.*)$/.exec(block) ?? [];
      return { field, value };
    });
}

/**
 * A reply as a client reads it, plain or streamed: the content, the tool calls put
 * together from their fragments by index, the finish reason, and for a stream its
 * content deltas, each call's argument fragments and whether it ended with [DONE].
 */
interface Reply {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  deltas?: string[];
  fragments?: string[][];
  done?: boolean;
}

async function replyOf(response: Response): Promise<Reply> {
  expect(response.status).toBe(200);
  if (response.headers.get('content-type') !== 'text/event-stream') {
    const body = (await response.json()) as {
      usage: unknown;
      choices: { message: { content: string | null; tool_calls?: ToolCall[] }; finish_reason: string }[];
    };
    expect(body.usage).toEqual(USAGE);
    const [choice] = body.choices;
    return {
      content: choice?.message.content ?? '',
      toolCalls: choice?.message.tool_calls ?? [],
      finishReason: choice?.finish_reason ?? null,
    };
  }
  const events = eventsOf(await readChunks(response));
  const chunks = events
    .filter(({ field, value }) => field === 'data' && value !== '[DONE]')
    .map(({ value }) => JSON.parse(value) as { choices: { delta: Delta; finish_reason: string | null }[] });
  const deltas = chunks.map((chunk) => chunk.choices[0]?.delta ?? {});
  expect(deltas[0]?.role).toBe('assistant');
  const toolCalls: ToolCall[] = [];
  const fragments: string[][] = [];
  for (const piece of deltas.flatMap(({ tool_calls }) => tool_calls ?? [])) {
    const call = toolCalls[piece.index];
    if (call) {
      // Only a call's first chunk names it.
      expect([piece.id, piece.function.name]).toEqual([undefined, undefined]);
      call.function.arguments += piece.function.arguments;
      fragments[piece.index]?.push(piece.function.arguments);
    } else {
      expect(piece.index).toBe(toolCalls.length);
      toolCalls.push({
        id: piece.id ?? '',
        type: piece.type ?? '',
        function: { name: piece.function.name ?? '', arguments: piece.function.arguments },
      });
      fragments.push([]);
    }
  }
  const contents = deltas.flatMap(({ content }) => (content === undefined ? [] : [content]));
  return {
    content: contents.join(''),
    toolCalls,
    finishReason: chunks.at(-1)?.choices[0]?.finish_reason ?? null,
    deltas: contents,
    fragments,
    done: events.at(-1)?.value === '[DONE]',
  };
}

const textReply = (content: string) => ({ content, toolCalls: [], finishReason: 'stop' });
const callsReply = (calls: { toolCall: ToolCall }[]) => ({
  toolCalls: calls.map(({ toolCall }) => toolCall),
  finishReason: 'tool_calls',
});

const question = (content = 'How do I let this site call vLLM?'): Message[] => [{ role: 'user', content }];
/** What a client appends after a reply that ends with tool calls: the reply, then one tool message per call. */
const toolRound = (calls: ToolCall[], contentOf: (call: ToolCall) => string = () => 'ok'): Message[] => [
  { role: 'assistant', content: null, tool_calls: calls },
  ...calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: contentOf(call) })),
];

const corsHeaderNames = (response: Response) =>
  [...response.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('the fake server of the console tests', () => {
  let server: Awaited<ReturnType<typeof startFakeServer>>;

  beforeAll(async () => {
    server = await startFakeServer();
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    server.reset();
  });

  /** A chat completion request to a scenario from a page on ORIGIN. */
  const post = (name: string, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
    fetch(`${server.baseUrl(name)}/chat/completions`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const ask = async (name: string, body: Record<string, unknown>) => replyOf(await post(name, body));
  const preflight = (url: string, headers = 'content-type') =>
    fetch(url, {
      method: 'OPTIONS',
      headers: { origin: ORIGIN, 'access-control-request-method': 'POST', 'access-control-request-headers': headers },
    });

  it('records every request, preflights included, and forgets them on reset', async () => {
    const url = `${server.baseUrl(SCENARIOS.text.name)}/chat/completions`;
    await preflight(url);
    await (await post(SCENARIOS.text.name, { messages: question(), stream: true })).arrayBuffer();
    await fetch(`${server.origin}/nope/v1/models?x=1`);
    expect(server.received).toEqual([
      expect.objectContaining({ scenario: 'text', method: 'OPTIONS', path: '/v1/chat/completions', json: null }),
      expect.objectContaining({
        scenario: 'text',
        method: 'POST',
        path: '/v1/chat/completions',
        headers: expect.objectContaining({ origin: ORIGIN, 'content-type': 'application/json' }),
        body: Buffer.from(JSON.stringify({ messages: question(), stream: true })),
        json: { messages: question(), stream: true },
      }),
      expect.objectContaining({ scenario: 'nope', path: '/v1/models', query: { x: '1' } }),
    ]);
    server.reset();
    expect(server.received).toEqual([]);
  });

  describe('as llama-server', () => {
    it('lists its model and reflects the Origin; answers 404 to an unknown scenario or path', async () => {
      const models = await fetch(`${server.baseUrl('text')}/models`, { headers: { origin: ORIGIN } });
      expect(await models.json()).toEqual(MODELS);
      expect(models.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      for (const url of [`${server.origin}/nope/v1/models`, `${server.baseUrl('text')}/completions`]) {
        const response = await fetch(url, { headers: { origin: ORIGIN } });
        expect([response.status, await response.json()]).toEqual([404, NOT_FOUND]);
      }
    });

    it('allows Content-Type and not Authorization in a preflight, and caches none', async () => {
      const response = await preflight(`${server.baseUrl('text')}/chat/completions`, 'authorization,content-type');
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(response.headers.get('access-control-allow-headers')).toBe(CORS_POLICIES.llama.headers);
      expect(CORS_POLICIES.llama.headers.toLowerCase()).not.toContain('authorization');
      expect(response.headers.get('access-control-max-age')).toBe('0');
    });
  });

  describe('the guides’ console', () => {
    it('text: streams in several reads, cut mid-line and mid-character, deltas joining to the text', async () => {
      const { text, deltas } = SCENARIOS.text;
      expect(await ask('text', { messages: question() })).toMatchObject(textReply(text));
      const chunks = await readChunks(await post('text', { messages: question(), stream: true }));
      const strict = new TextDecoder('utf-8', { fatal: true });
      const cutsCharacter = chunks.some((bytes) => {
        try {
          strict.decode(bytes);
          return false;
        } catch {
          return true;
        }
      });
      expect(cutsCharacter).toBe(true);
      const texts = chunks.map((bytes) => Buffer.from(bytes).toString('latin1'));
      expect(texts.some((piece) => !piece.endsWith('\n'))).toBe(true);
      expect(texts.some((piece) => /^data: .*\n\ndata: .*\n\n/.test(piece))).toBe(true);
      const reply = await replyOf(
        new Response(new Blob(chunks.map((bytes) => Uint8Array.from(bytes))), {
          headers: { 'content-type': 'text/event-stream' },
        }),
      );
      expect(reply).toMatchObject({ ...textReply(text), deltas, done: true });
    });

    it('tools: a call, or its fragments in a stream that ends without [DONE]; badargs: arguments not JSON', async () => {
      const { toolCall, fragments } = SCENARIOS.tools;
      expect(await ask('tools', { messages: question() })).toMatchObject(callsReply([SCENARIOS.tools]));
      const streamed = await ask('tools', { messages: question(), stream: true });
      expect(streamed).toMatchObject({ ...callsReply([{ toolCall }]), fragments: [fragments], done: false });
      const bad = await ask('badargs', { messages: question(), stream: true });
      expect(bad).toMatchObject({ ...callsReply([SCENARIOS.badargs]), done: true });
      expect(() => JSON.parse(bad.toolCalls[0]?.function.arguments ?? '')).toThrow();
    });

    it('error: a 500, or a stream cut short by an error event', async () => {
      const { status, partial, error } = SCENARIOS.error;
      const plain = await post('error', { messages: question() });
      expect([plain.status, await plain.json()]).toEqual([status, { error }]);
      const events = eventsOf(await readChunks(await post('error', { messages: question(), stream: true })));
      expect(events.map(({ field }) => field)).toEqual(['data', 'error']);
      expect(events[0]?.value).toContain(partial);
      expect(JSON.parse(events[1]?.value ?? '')).toEqual(error);
    });

    it('stall: holds a plain request, streams one chunk and then nothing, and sees each client abort', async () => {
      const controller = new AbortController();
      const pending = fetch(`${server.baseUrl('stall')}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: question() }),
        signal: controller.signal,
      });
      await expect.poll(() => server.held.length).toBe(1);
      controller.abort();
      await expect(pending).rejects.toThrow();
      await expect.poll(() => server.held[0]?.aborted).toBe(true);

      const streaming = new AbortController();
      const response = await fetch(`${server.baseUrl('stall')}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: question(), stream: true }),
        signal: streaming.signal,
      });
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect(new TextDecoder().decode(first?.value)).toContain(SCENARIOS.stall.partial);
      const next = reader?.read().then(
        () => false,
        () => false,
      );
      const silent = await Promise.race([
        next,
        new Promise((done) => setTimeout(() => done(true), 10 * STREAM_DELAY_MS)),
      ]);
      expect(silent).toBe(true);
      streaming.abort();
      await expect.poll(() => server.held[1]?.aborted).toBe(true);
      expect(server.held.map(({ scenario, aborted }) => [scenario, aborted])).toEqual([
        ['stall', true],
        ['stall', true],
      ]);
    });
  });

  describe('Ask AI', () => {
    it('agent: searches, reads the page it found, then answers with a link; an unexpected turn is an error', async () => {
      const messages = question();
      const first = await ask(AGENT.name, { messages, stream: true });
      expect(first).toMatchObject({ ...callsReply([AGENT.search]), fragments: [AGENT.search.fragments] });
      messages.push(...toolRound(first.toolCalls));
      const second = await ask(AGENT.name, { messages, stream: true });
      expect(second).toMatchObject(callsReply([AGENT.read]));
      messages.push(...toolRound(second.toolCalls));
      expect(await ask(AGENT.name, { messages, stream: true })).toMatchObject({
        ...textReply(AGENT.text),
        deltas: AGENT.deltas,
      });
      expect(AGENT.text).toContain(`](${AGENT.path}#install)`);

      const response = await post(AGENT.name, {
        messages: [...question(), ...toolRound([{ ...AGENT.search.toolCall, id: 'call_other' }])],
      });
      expect([response.status, await response.json()]).toEqual([
        UNEXPECTED.status,
        {
          error: {
            message: `The ${AGENT.name} scenario does not expect a turn of: assistant, tool (call_other)`,
            type: UNEXPECTED.type,
          },
        },
      ]);
    });
  });

  describe('the real servers’ set-ups', () => {
    const weather = (extra: Record<string, unknown> = {}) => ({
      model: VLLM_MODEL_ID,
      messages: question(HEALTHY.question),
      tools: [WEATHER_TOOL],
      ...extra,
    });

    it('vllm-notools: refuses "auto" tools in vLLM’s words, answers a plain chat, and allows a key', async () => {
      const models = await fetch(`${server.baseUrl(VLLM_NOTOOLS.name)}/models`, { headers: { origin: ORIGIN } });
      expect(((await models.json()) as { data: { id: string }[] }).data.map(({ id }) => id)).toEqual([VLLM_MODEL_ID]);
      expect(models.headers.get('access-control-allow-origin')).toBe('*');
      for (const extra of [{}, { tool_choice: 'auto' }, { stream: true }]) {
        const refused = await post(VLLM_NOTOOLS.name, weather(extra));
        expect([refused.status, await refused.json()]).toEqual([400, VLLM_NOTOOLS.error]);
      }
      expect(VLLM_NOTOOLS.error.error.message).toBe(
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      );
      expect(await ask(VLLM_NOTOOLS.name, { model: VLLM_MODEL_ID, messages: question() })).toMatchObject(
        textReply(VLLM_NOTOOLS.text),
      );
      const allowed = await preflight(`${server.baseUrl(VLLM_NOTOOLS.name)}/chat/completions`, 'authorization');
      expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization');
    });

    it('vllm-notools: 404s an unknown model and a path without /v1, in vLLM’s and FastAPI’s words', async () => {
      const unknown = await post(VLLM_NOTOOLS.name, { model: 'default', messages: question() });
      expect([unknown.status, await unknown.json()]).toEqual([404, vllmModelNotFound('default')]);
      expect(vllmModelNotFound('default').error.message).toBe('The model `default` does not exist.');
      const bare = await fetch(`${server.url(VLLM_NOTOOLS.name)}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: question() }),
      });
      expect([bare.status, await bare.json()]).toEqual([404, FASTAPI_NOT_FOUND]);
    });

    it('llama-nojinja: refuses tools with a 500 in llama-server’s words, and answers a plain chat', async () => {
      for (const stream of [false, true]) {
        const refused = await post(LLAMA_NOJINJA.name, weather({ stream }));
        expect([refused.status, await refused.json()]).toEqual([500, LLAMA_NOJINJA.error]);
      }
      expect(LLAMA_NOJINJA.error.error.message).toBe('tools param requires --jinja flag');
      expect(await ask(LLAMA_NOJINJA.name, { messages: question() })).toMatchObject(textReply(LLAMA_NOJINJA.text));
    });

    it('healthy: a call whose arguments meet the tool’s schema, the same streamed in fragments', async () => {
      const plain = await ask(HEALTHY.name, weather());
      expect(plain).toMatchObject(callsReply([HEALTHY.places.Boston]));
      const args = JSON.parse(plain.toolCalls[0]?.function.arguments ?? '') as Record<string, unknown>;
      const { properties, required } = WEATHER_TOOL.function.parameters;
      expect(Object.keys(args).every((key) => key in properties)).toBe(true);
      expect(required.every((key) => typeof args[key] === 'string')).toBe(true);
      expect(properties.unit.enum).toContain(args.unit);
      const streamed = await ask(HEALTHY.name, weather({ stream: true }));
      expect(streamed).toMatchObject({ ...callsReply([HEALTHY.places.Boston]), done: true });
      expect(streamed.fragments?.[0]?.length).toBeGreaterThan(2);
      expect(await ask(HEALTHY.name, { messages: question() })).toMatchObject(textReply(HEALTHY.text));
    });

    it('healthy: answers from the tool’s result, and supports parallel calls and tool_choice "required"', async () => {
      const result = JSON.stringify({ temperature: 72, unit: 'fahrenheit' });
      const messages = [...question(HEALTHY.question), ...toolRound([HEALTHY.places.Boston.toolCall], () => result)];
      for (const stream of [false, true]) {
        const reply = await ask(HEALTHY.name, weather({ messages, stream }));
        expect(reply).toMatchObject(textReply(HEALTHY.answer([result])));
      }
      expect(HEALTHY.answer([result])).toContain('72 degrees fahrenheit');

      const both = weather({ messages: question(HEALTHY.parallelQuestion) });
      const parallel = await ask(HEALTHY.name, { ...both, stream: true });
      expect(parallel).toMatchObject(callsReply(Object.values(HEALTHY.places)));
      expect(new Set(parallel.toolCalls.map(({ id }) => id)).size).toBe(2);
      expect(await ask(HEALTHY.name, { ...both, parallel_tool_calls: false })).toMatchObject(
        callsReply([HEALTHY.places.Boston]),
      );
      expect(await ask(HEALTHY.name, weather({ tool_choice: 'required' }))).toMatchObject(
        callsReply([HEALTHY.places.Boston]),
      );
      expect(await ask(HEALTHY.name, weather({ tool_choice: 'none' }))).toMatchObject(textReply(HEALTHY.text));
    });

    it('cors-refused: answers with no Access-Control-Allow-Origin, and fails every preflight', async () => {
      const answer = await post(CORS_REFUSED.name, { messages: question() });
      expect(answer.status).toBe(200);
      expect(corsHeaderNames(answer)).toEqual([]);
      const refused = await preflight(`${server.baseUrl(CORS_REFUSED.name)}/chat/completions`);
      expect([refused.status, await refused.text()]).toEqual([400, CORS_POLICIES.refused.body]);
      expect(corsHeaderNames(refused)).toEqual([]);
    });

    it('auth: 401 without the key or with another, with no CORS headers; preflights allow Authorization', async () => {
      for (const headers of [{}, { authorization: 'Bearer sk-other' }] as Record<string, string>[]) {
        const response = await fetch(`${server.baseUrl(AUTH.name)}/models`, {
          headers: { origin: ORIGIN, ...headers },
        });
        expect([response.status, await response.json()]).toEqual([401, AUTH.error]);
        expect(corsHeaderNames(response)).toEqual([]);
      }
      expect(AUTH.error).toEqual({ error: 'Unauthorized' });
      const allowed = await preflight(`${server.baseUrl(AUTH.name)}/chat/completions`, 'authorization,content-type');
      expect([allowed.status, allowed.headers.get('access-control-allow-headers')]).toEqual([
        200,
        'authorization,content-type',
      ]);
      const withKey = await post(AUTH.name, weather(), { authorization: `Bearer ${AUTH.key}` });
      expect(await replyOf(withKey)).toMatchObject(callsReply([HEALTHY.places.Boston]));
    });
  });

  describe('the API console’s servers', () => {
    const rubra = () => server.url('rubra');
    const json = (body: unknown) => ({
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    it('rubra: exposes a fresh request id on every answer, and allows the headers a preflight asks for', async () => {
      const first = await fetch(`${rubra()}/`, { headers: { origin: ORIGIN } });
      const second = await fetch(`${rubra()}/models`, { headers: { origin: ORIGIN } });
      expect(await second.json()).toEqual({ object: 'list', data: RUBRA_MODELS });
      expect(second.headers.get('access-control-expose-headers')).toBe(REQUEST_ID_HEADER);
      const ids = [first, second].map((response) => response.headers.get(REQUEST_ID_HEADER));
      expect(ids[0]).not.toBe(ids[1]);
      expect(server.received.map(({ requestId }) => requestId)).toEqual(ids);
      const allowed = await preflight(`${rubra()}/assistants`, 'authorization,content-type');
      expect(allowed.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    });

    it('rubra: creates, lists, gets and deletes assistants with fresh ids, and answers 422 in FastAPI’s shape', async () => {
      const created = [];
      for (const name of ['One', 'Two']) {
        created.push(
          (await (await fetch(`${rubra()}/assistants`, json({ model: 'm', name }))).json()) as { id: string },
        );
      }
      expect(server.received.map(({ answerId }) => answerId)).toEqual(created.map(({ id }) => id));
      const list = await (await fetch(`${rubra()}/assistants?limit=1`)).json();
      expect(list).toMatchObject({ data: [created[1]], has_more: true });
      await fetch(`${rubra()}/assistants/${created[0]?.id}`, { method: 'DELETE' });
      const gone = await fetch(`${rubra()}/assistants/${created[0]?.id}`);
      expect([gone.status, await gone.json()]).toEqual([404, RUBRA_NOT_FOUND.assistant]);
      const noModel = await fetch(`${rubra()}/assistants`, json({ name: 'No model' }));
      expect([noModel.status, await noModel.json()]).toEqual([422, MISSING_MODEL_ERROR]);
    });

    it('rubra: keeps an uploaded file byte for byte, and takes a query longer than 16 KiB', async () => {
      const bytes = Buffer.concat([Buffer.from('\r\n--\r\n\0'), randomBytes(4096)]);
      const form = new FormData();
      form.append('file', new Blob([Uint8Array.from(bytes)]), 'notes.bin');
      form.append('purpose', FILE_PURPOSES[2] ?? '');
      const file = (await (await fetch(`${rubra()}/files`, { method: 'POST', body: form })).json()) as { id: string };
      expect(server.received.at(-1)?.upload).toMatchObject({ filename: 'notes.bin', purpose: 'assistants', bytes });
      const content = await fetch(`${rubra()}/files/${file.id}/content`);
      expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);

      const value = 'é&='.repeat(1700).slice(0, 5000);
      const url = `${rubra()}/assistants?after=${encodeURIComponent(value)}`;
      expect(url.length).toBeGreaterThan(16 * 1024);
      expect(url.length).toBeLessThan(MAX_HEADER_BYTES);
      expect((await fetch(url)).status).toBe(200);
      expect(server.received.at(-1)?.query.after).toBe(value);
    });

    it('hang: answers its root and preflights, holds anything else, and sees the client abort', async () => {
      expect((await fetch(`${server.url('hang')}/`)).status).toBe(200);
      expect((await preflight(`${server.url('hang')}/assistants`)).status).toBe(200);
      const controller = new AbortController();
      const pending = fetch(`${server.url('hang')}/assistants`, { ...json({}), signal: controller.signal });
      await expect
        .poll(() => server.held)
        .toEqual([{ scenario: 'hang', method: 'POST', path: '/assistants', aborted: false }]);
      controller.abort();
      await expect(pending).rejects.toThrow();
      await expect.poll(() => server.held[0]?.aborted).toBe(true);
    });

    it.each([
      ['with', ''],
      ['without', BIG_CHUNKED_PATH],
    ])('big: sends exactly BIG_BODY_BYTES of valid JSON %s a Content-Length', async (_, path) => {
      const response = await fetch(`${server.url('big')}${path}`);
      expect(response.headers.get('content-length')).toBe(path ? null : String(BIG_BODY_BYTES));
      const text = await response.text();
      expect(Buffer.byteLength(text)).toBe(BIG_BODY_BYTES);
      expect((JSON.parse(text) as { data: string }).data).toMatch(/^x+$/);
    });

    it('html: sends its page as text/html; a closed port refuses connections', async () => {
      const response = await fetch(`${server.url('html')}/`);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toBe(HTML_BODY);
      await expect(fetch(`${server.closedUrl}/models`)).rejects.toThrow();
    });
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
      const invalid = await fetch(`${prism.url}/assistants`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ model: 5 }),
      });
      expect(invalid.status).toBe(422);
      expect(await invalid.json()).toMatchObject({ detail: expect.any(Array) });
    } finally {
      await prism.close();
    }
  });
});
