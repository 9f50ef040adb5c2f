import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
  AGENT,
  ALLOWED_HEADERS,
  ALLOWED_METHODS,
  BADTOOL,
  COMPLETION_ID,
  HOSTILE,
  IGNORETOOLS,
  LOOP,
  MODEL_ID,
  MODELS,
  NOMODELS,
  NOT_FOUND,
  NOTOOLS,
  SCENARIOS,
  SLOW,
  STREAM_DELAY_MS,
  UNEXPECTED,
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

interface ToolCall {
  id: string;
  type: string;
  function: { name: string; arguments: string };
}

type Message = Record<string, unknown>;

/** The tools the Ask AI panel offers, as it describes them to the model. */
const ASK_TOOLS = [
  {
    type: 'function',
    function: {
      name: 'search_docs',
      description: 'Search the Rubra docs.',
      parameters: { type: 'object', properties: { query: { type: 'string' } }, required: ['query'] },
    },
  },
  {
    type: 'function',
    function: {
      name: 'read_page',
      description: 'Read one page of the Rubra docs as Markdown.',
      parameters: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] },
    },
  },
];
const ASK_TOOL_NAMES = ASK_TOOLS.map((tool) => tool.function.name);

/** The start of an Ask AI conversation: the panel's instructions and the reader's question. */
const question = (content = 'How do I let this site call vLLM?'): Message[] => [
  { role: 'system', content: 'Answer from the Rubra docs. Use the tools to find and read pages.' },
  { role: 'user', content },
];

/** What the panel appends after a reply that ends with tool calls: the reply, then one tool message per call. */
function toolRound(calls: ToolCall[], contentOf: (call: ToolCall) => string = () => 'ok'): Message[] {
  return [
    { role: 'assistant', content: null, tool_calls: calls },
    ...calls.map((call) => ({ role: 'tool', tool_call_id: call.id, content: contentOf(call) })),
  ];
}

/**
 * One reply as the panel reads it, plain or streamed: the content, the tool calls put
 * together from their fragments by index, and the finish reason. A streamed reply also
 * gives its content deltas and each call's argument fragments.
 */
interface Reply {
  content: string;
  toolCalls: ToolCall[];
  finishReason: string | null;
  deltas?: string[];
  fragments?: string[][];
}

/** A streamed reply, checked for the shape every Ask AI stream has: data events only, ending with [DONE]. */
async function streamedReply(response: Response): Promise<Reply> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('text/event-stream');
  expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  const events = parseEvents(await readChunks(response));
  expect(events.every(({ field }) => field === 'data')).toBe(true);
  expect(events.filter(({ value }) => value === '[DONE]')).toHaveLength(1);
  expect(events.at(-1)?.value).toBe('[DONE]');
  const chunks = chunksOf(events);
  expect(chunks.every((chunk) => chunk.object === 'chat.completion.chunk' && chunk.id === COMPLETION_ID)).toBe(true);
  const deltas = deltasOf(chunks);
  expect(deltas[0]?.role).toBe('assistant');
  expect(deltas.slice(1).some(({ role }) => role !== undefined)).toBe(false);
  expect(chunks.slice(0, -1).every((chunk) => chunk.choices[0]?.finish_reason === null)).toBe(true);
  expect(chunks.at(-1)).toMatchObject({ choices: [{ delta: {} }], usage: USAGE });
  const contents = deltas.flatMap(({ content }) => (content === undefined ? [] : [content]));
  const toolCalls: ToolCall[] = [];
  const fragments: string[][] = [];
  for (const piece of deltas.flatMap(({ tool_calls }) => tool_calls ?? [])) {
    const call = toolCalls[piece.index];
    if (call) {
      expect(piece.id).toBeUndefined();
      call.function.arguments += piece.function.arguments;
      fragments[piece.index]?.push(piece.function.arguments);
    } else {
      // A call's first piece names it, with empty arguments, and comes after the calls before it.
      expect(piece.index).toBe(toolCalls.length);
      expect(piece.function.arguments).toBe('');
      toolCalls.push({
        id: piece.id ?? '',
        type: piece.type ?? '',
        function: { name: piece.function.name ?? '', arguments: '' },
      });
      fragments.push([]);
    }
  }
  return {
    content: contents.join(''),
    toolCalls,
    finishReason: chunks.at(-1)?.choices[0]?.finish_reason ?? null,
    deltas: contents,
    fragments,
  };
}

interface Completion {
  choices: { message: { role: string; content: string | null; tool_calls?: ToolCall[] }; finish_reason: string }[];
}

/** A plain reply. */
async function plainReply(response: Response): Promise<Reply> {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
  const body = (await response.json()) as Completion;
  expect(body).toMatchObject({ id: COMPLETION_ID, object: 'chat.completion', model: MODEL_ID, usage: USAGE });
  expect(body.choices).toHaveLength(1);
  const [choice] = body.choices;
  expect(choice?.message.role).toBe('assistant');
  return {
    content: choice?.message.content ?? '',
    toolCalls: choice?.message.tool_calls ?? [],
    finishReason: choice?.finish_reason ?? null,
  };
}

const textReply = (text: string) => ({ content: text, toolCalls: [], finishReason: 'stop' });
const callsReply = (calls: { toolCall: ToolCall }[]) => ({
  content: '',
  toolCalls: calls.map(({ toolCall }) => toolCall),
  finishReason: 'tool_calls',
});

describe('the chat server of the "Try it" console and Ask AI tests', () => {
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

  /** Posts a chat completion request to a scenario from a page on ORIGIN, as the Ask AI panel does. */
  const post = (name: string, body: Record<string, unknown>) =>
    fetch(`${server.baseUrl(name)}/chat/completions`, {
      method: 'POST',
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ model: MODEL_ID, ...body }),
    });

  /** Asks a scenario with the panel's tools offered, plain or streamed, and reads the reply. */
  async function ask(name: string, messages: Message[], stream: boolean, extra: Record<string, unknown> = {}) {
    const response = await post(name, { messages, tools: ASK_TOOLS, stream, ...extra });
    return stream ? streamedReply(response) : plainReply(response);
  }

  /** The bodies of the chat completion requests received, in order. */
  const posted = () =>
    server.received.filter(({ method }) => method === 'POST').map(({ body }) => body as Record<string, unknown>);

  it('lists its model in every scenario but nomodels, with the Origin reflected', async () => {
    for (const { name } of Object.values(SCENARIOS).filter((scenario) => scenario.name !== NOMODELS.name)) {
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

  describe.each([
    ['stall', SCENARIOS.stall],
    ['slow', SLOW],
  ])('%s', (_, { name, partial }) => {
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

  describe.each([
    ['streamed', true],
    ['plain', false],
  ])('agent, %s', (_, stream) => {
    it('searches, reads the page it found, then answers with a link to it', async () => {
      const messages = question();
      const first = await ask(AGENT.name, messages, stream);
      expect(first).toMatchObject(callsReply([AGENT.search]));
      expect(JSON.parse(first.toolCalls[0]?.function.arguments ?? '')).toEqual({ query: AGENT.query });

      const hits = [{ title: 'Serve Rubra models with vLLM', url: AGENT.path, excerpt: 'Start vLLM with …' }];
      messages.push(...toolRound(first.toolCalls, () => JSON.stringify(hits)));
      const second = await ask(AGENT.name, messages, stream);
      expect(second).toMatchObject(callsReply([AGENT.read]));
      expect(JSON.parse(second.toolCalls[0]?.function.arguments ?? '')).toEqual({ path: AGENT.path });

      messages.push(...toolRound(second.toolCalls, () => '# Serve Rubra models with vLLM\n\n## 1. Install'));
      const third = await ask(AGENT.name, messages, stream);
      expect(third).toMatchObject(textReply(AGENT.text));

      const bodies = posted();
      expect(bodies.map((body) => (body.messages as Message[]).length)).toEqual([2, 4, 6]);
      expect(bodies.every((body) => body.stream === stream)).toBe(true);
      expect(bodies.at(-1)?.messages).toEqual(messages);
      expect(bodies.at(-1)?.tools).toEqual(ASK_TOOLS);
    });

    it('starts over with a search for a later question in the same conversation', async () => {
      const messages = [
        ...question(),
        ...toolRound([AGENT.search.toolCall]),
        ...toolRound([AGENT.read.toolCall]),
        { role: 'assistant', content: AGENT.text },
        { role: 'user', content: 'And with llama.cpp?' },
      ];
      expect(await ask(AGENT.name, messages, stream)).toMatchObject(callsReply([AGENT.search]));
    });

    it('answers a turn it does not expect with an error that names its messages', async () => {
      for (const [turn, named] of [
        [toolRound([{ ...AGENT.search.toolCall, id: 'call_other' }]), 'assistant, tool (call_other)'],
        [
          [...toolRound([AGENT.search.toolCall]), { role: 'assistant', content: 'Hm.' }],
          'assistant, tool (call_s1), assistant',
        ],
      ] as const) {
        const response = await post(AGENT.name, { messages: [...question(), ...turn], tools: ASK_TOOLS, stream });
        expect(response.status).toBe(UNEXPECTED.status);
        expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
        expect(await response.json()).toEqual({
          error: { message: `The ${AGENT.name} scenario does not expect a turn of: ${named}`, type: UNEXPECTED.type },
        });
      }
    });
  });

  describe('agent, streamed', () => {
    it('streams each tool call in two fragments, and the answer in deltas cut inside its code span and link', async () => {
      const messages = question();
      const first = await ask(AGENT.name, messages, true);
      expect(first.fragments).toEqual([AGENT.search.fragments]);
      expect(AGENT.search.fragments).toHaveLength(2);
      messages.push(...toolRound(first.toolCalls));
      const second = await ask(AGENT.name, messages, true);
      expect(second.fragments).toEqual([AGENT.read.fragments]);
      messages.push(...toolRound(second.toolCalls));
      const third = await ask(AGENT.name, messages, true);
      expect(third.deltas).toEqual(AGENT.deltas);
      expect(AGENT.deltas.length).toBeGreaterThan(2);
      expect(AGENT.deltas.some((delta) => delta.split('`').length === 2)).toBe(true);
      expect(AGENT.deltas.some((delta) => delta.includes('](') && !delta.includes(')'))).toBe(true);
    });
  });

  it('gives the agent ids of its own and an answer that links to the page it read', () => {
    expect([AGENT.search.toolCall.id, AGENT.read.toolCall.id]).toEqual(['call_s1', 'call_r1']);
    expect([AGENT.search.toolCall.function.name, AGENT.read.toolCall.function.name]).toEqual(ASK_TOOL_NAMES);
    expect(AGENT.text).toContain('`--allowed-origins`');
    expect(AGENT.text).toContain(`](${AGENT.path}#install)`);
  });

  describe.each([
    ['streamed', true],
    ['plain', false],
  ])('notools, %s', (_, stream) => {
    it('refuses a request that offers tools with a 400', async () => {
      const response = await post(NOTOOLS.name, { messages: question(), tools: ASK_TOOLS, stream });
      expect(response.status).toBe(NOTOOLS.status);
      expect(NOTOOLS.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual({ error: NOTOOLS.error });
      expect(NOTOOLS.error).toMatchObject({ type: 'invalid_request_error', param: 'tools' });
    });

    it('answers the retrieval request, which offers no tools', async () => {
      const [system, user] = question();
      const messages = [
        { ...system, content: `${String(system?.content)}\n\n# Serve Rubra models with vLLM\n\n…` },
        user,
      ];
      const response = await post(NOTOOLS.name, { messages, stream });
      const reply = await (stream ? streamedReply(response) : plainReply(response));
      expect(reply).toMatchObject(textReply(NOTOOLS.text));
      expect(posted().at(-1)).not.toHaveProperty('tools');
    });

    it('takes an empty list of tools for none', async () => {
      const response = await post(NOTOOLS.name, { messages: question(), tools: [], stream });
      expect(await (stream ? streamedReply(response) : plainReply(response))).toMatchObject(textReply(NOTOOLS.text));
    });
  });

  describe.each([
    ['streamed', true],
    ['plain', false],
  ])('ignoretools, %s', (_, stream) => {
    it('answers in plain text though tools are offered', async () => {
      const reply = await ask(IGNORETOOLS.name, question(), stream);
      expect(reply).toMatchObject(textReply(IGNORETOOLS.text));
      expect(reply.deltas).toEqual(stream ? IGNORETOOLS.deltas : undefined);
    });
  });

  describe.each([
    ['streamed', true],
    ['plain', false],
  ])('badtool, %s', (_, stream) => {
    it('calls two tools in one reply, one with arguments that are not JSON and one not offered', async () => {
      const reply = await ask(BADTOOL.name, question(), stream);
      expect(reply).toMatchObject(callsReply(BADTOOL.calls));
      const [search, unknown] = reply.toolCalls;
      expect(search?.function.name).toBe('search_docs');
      expect(() => JSON.parse(search?.function.arguments ?? '')).toThrow();
      expect(ASK_TOOL_NAMES).not.toContain(unknown?.function.name);
      expect(JSON.parse(unknown?.function.arguments ?? '')).toEqual({});
      expect(reply.toolCalls.map(({ id }) => id)).toEqual(['call_b1', 'call_b2']);
    });

    it('recovers once both calls have their tool messages', async () => {
      const messages = question();
      const first = await ask(BADTOOL.name, messages, stream);
      messages.push(...toolRound(first.toolCalls, ({ function: { name } }) => `Error: could not run ${name}.`));
      expect(await ask(BADTOOL.name, messages, stream)).toMatchObject(textReply(BADTOOL.text));
    });

    it('answers a turn that answers one call only with an error', async () => {
      const [first] = BADTOOL.calls;
      const messages = [
        ...question(),
        { role: 'assistant', content: null, tool_calls: BADTOOL.calls.map(({ toolCall }) => toolCall) },
        { role: 'tool', tool_call_id: first?.toolCall.id, content: 'Error' },
      ];
      const response = await post(BADTOOL.name, { messages, tools: ASK_TOOLS, stream });
      expect(response.status).toBe(UNEXPECTED.status);
      expect(await response.json()).toEqual({
        error: {
          message: `The ${BADTOOL.name} scenario does not expect a turn of: assistant, tool (call_b1)`,
          type: UNEXPECTED.type,
        },
      });
    });
  });

  describe('badtool, streamed', () => {
    it('streams the second call under index 1, after the first call and its fragments', async () => {
      const reply = await ask(BADTOOL.name, question(), true);
      expect(reply.fragments).toEqual(BADTOOL.calls.map(({ fragments }) => fragments));
    });
  });

  describe.each([
    ['streamed', true],
    ['plain', false],
  ])('loop, %s', (_, stream) => {
    it('calls search_docs with a fresh id in every round, until tools are withdrawn', async () => {
      const messages = question();
      for (const n of [1, 2, 3, 4, 5]) {
        const reply = await ask(LOOP.name, messages, stream);
        expect(reply).toMatchObject(callsReply([LOOP.call(n)]));
        expect(reply.toolCalls[0]?.id).toBe(`call_l${n}`);
        expect(JSON.parse(reply.toolCalls[0]?.function.arguments ?? '')).toEqual({ query: `again ${n}` });
        messages.push(...toolRound(reply.toolCalls, () => '[]'));
      }
      expect(await ask(LOOP.name, messages, stream, { tool_choice: 'none' })).toMatchObject(textReply(LOOP.text));
      const response = await post(LOOP.name, { messages, stream });
      expect(await (stream ? streamedReply(response) : plainReply(response))).toMatchObject(textReply(LOOP.text));
      // A reply without a call takes no number: the next call is the sixth.
      expect(await ask(LOOP.name, question(), stream)).toMatchObject(callsReply([LOOP.call(6)]));
    });

    it('numbers its calls from 1 again after a reset, whatever the conversation', async () => {
      await ask(LOOP.name, question(), stream);
      await ask(LOOP.name, question(), stream);
      server.reset();
      const messages = [...question(), ...toolRound([LOOP.call(7).toolCall])];
      expect(await ask(LOOP.name, messages, stream)).toMatchObject(callsReply([LOOP.call(1)]));
    });
  });

  describe('hostile', () => {
    it('streams an answer with script, an inline event handler and links in, none whole in one delta', async () => {
      const reply = await ask(HOSTILE.name, question(), true);
      expect(reply).toMatchObject(textReply(HOSTILE.text));
      expect(reply.deltas).toEqual(HOSTILE.deltas);
      for (const piece of Object.values(HOSTILE.pieces)) {
        expect(HOSTILE.text).toContain(piece);
      }
      const { script, image, scriptLink, externalLink, internalLink } = HOSTILE.pieces;
      for (const piece of [script, image, scriptLink]) {
        expect(piece).toContain(`window.${HOSTILE.flag}`);
      }
      expect(externalLink).toMatch(/\]\(https:\/\/example\.com\//);
      expect(internalLink).toMatch(/\]\(\/[a-z]/);
      expect(HOSTILE.text).toMatch(/\n\n<script>[^\n]*<\/script>\n\n/);
      expect(HOSTILE.deltas.some((delta) => delta.includes('<script>'))).toBe(false);
      expect(HOSTILE.deltas.some((delta) => delta.includes('javascript:'))).toBe(false);
    });

    it('answers the same text to a plain request', async () => {
      expect(await ask(HOSTILE.name, question(), false)).toMatchObject(textReply(HOSTILE.text));
    });
  });

  describe('nomodels', () => {
    it('answers GET /models with 404', async () => {
      const response = await fetch(`${server.baseUrl(NOMODELS.name)}/models`, { headers: { origin: ORIGIN } });
      expect(response.status).toBe(404);
      expect(response.headers.get('access-control-allow-origin')).toBe(ORIGIN);
      expect(await response.json()).toEqual(NOT_FOUND);
    });

    it('answers chats, plain and streamed', async () => {
      expect(await ask(NOMODELS.name, question(), true)).toMatchObject(textReply(NOMODELS.text));
      expect(await ask(NOMODELS.name, question(), false)).toMatchObject(textReply(NOMODELS.text));
    });
  });

  it('gives every Ask AI text scenario deltas that join to its text', () => {
    for (const { text, deltas } of [AGENT, NOTOOLS, IGNORETOOLS, BADTOOL, LOOP, HOSTILE, NOMODELS]) {
      expect(deltas.join('')).toBe(text);
    }
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
