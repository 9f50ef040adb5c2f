// A small OpenAI-compatible chat server for the tests of the "Try it" console and of Ask
// AI: one HTTP server on 127.0.0.1 that plays a model server (llama.cpp's llama-server,
// vLLM) in several scenarios. The first path segment names the scenario, and
// `/<scenario>/v1` is the base URL a reader would paste into the console or the panel.
//
// For the console:
// - text     a plain answer, or a stream whose bytes arrive cut mid-line and mid-character
// - tools    a tool call, or a stream of its fragments that ends without `data: [DONE]`
// - badargs  a tool call whose arguments are not JSON
// - error    a 500, or a stream cut short by an `error:` event, as llama.cpp writes it
// - stall    never answers, or streams one chunk and then nothing, forever
//
// For Ask AI, whose panel offers the tools `search_docs` and `read_page` and runs them in
// the browser:
// - agent        searches, then reads a page, then answers with a link, deciding each step
//                by the conversation it receives
// - notools      refuses any request that offers tools with a 400, and answers one without
// - ignoretools  answers in plain text even when tools are offered
// - badtool      calls two tools in one reply, one with arguments that are not JSON and one
//                that does not exist, then answers once both have their tool messages
// - loop         calls `search_docs` again and again, until tools are withdrawn
// - hostile      answers with HTML and links that a page must not run or follow
// - slow         streams one chunk and then nothing, forever, as `stall` does
// - nomodels     answers chats, but GET /models answers 404
//
// Under each base URL: GET /models and POST /chat/completions; `"stream": true` in the body
// asks for server-sent events. CORS is answered as llama.cpp's server answers it: the
// Origin is reflected, and a preflight allows Content-Type and no other header, so a
// browser request that carries an Authorization header fails its preflight.
//
// Everything received is recorded, preflights included, so a test can tell what the
// console or the panel sent.
import { createServer } from 'node:http';

import { bodyOf, headersOf } from './http.mjs';

/** The id of every completion the server answers. */
export const COMPLETION_ID = 'chatcmpl-1';
/** The one model the server serves. */
export const MODEL_ID = 'rubra-test-model';
/** What GET /models answers. */
export const MODELS = { object: 'list', data: [{ id: MODEL_ID, object: 'model', owned_by: 'test' }] };
/** The token counts every finished completion reports. */
export const USAGE = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
/** The methods a preflight allows. */
export const ALLOWED_METHODS = 'GET, POST, OPTIONS';
/** The only request header a preflight allows: not Authorization. */
export const ALLOWED_HEADERS = 'Content-Type';
/** The pause between two writes of a stream, so that each write reaches the client on its own. */
export const STREAM_DELAY_MS = 20;
/** What an unknown scenario or path answers, with status 404. */
export const NOT_FOUND = { error: { message: 'not found' } };

/** The answer of `text`: multi-byte UTF-8 characters of two, three and (with U+FE0F) six bytes. */
const TEXT = 'Tools let me fetch facts — the weather in Zürich is 21 °C ☀️.';
/** The weather tool's arguments, as the model writes them. */
const TOOL_ARGUMENTS = '{"location": "Boston, MA", "unit": "fahrenheit"}';
/** Arguments that are not JSON. */
const BAD_ARGUMENTS = 'location: Boston';
const TOOL_NAME = 'get_current_weather';

/**
 * A tool call as a completion carries it.
 * @typedef {object} ToolCall
 * @property {string} id
 * @property {string} type always `function`
 * @property {{ name: string, arguments: string }} function
 */

/**
 * A tool call and the fragments its arguments stream in, which join to the arguments.
 * @typedef {object} StreamedCall
 * @property {ToolCall} toolCall
 * @property {string[]} fragments
 */

/**
 * @param {string} id
 * @param {string} name
 * @param {string[]} fragments
 * @returns {StreamedCall}
 */
const streamedCall = (id, name, fragments) => ({
  toolCall: { id, type: 'function', function: { name, arguments: fragments.join('') } },
  fragments,
});

/** The tools the Ask AI panel offers and runs in the browser. */
const SEARCH_DOCS = 'search_docs';
const READ_PAGE = 'read_page';

/** The deltas of the agent's final answer: cut inside its code span and inside its link. */
const AGENT_DELTAS = [
  'To let this site call vLLM, ',
  'start it with `--allowed',
  '-origins`. See [Serve Rubra models ',
  'with vLLM](/inference/',
  'vllm#install) for the steps.',
];

/**
 * `agent`: a model that searches the docs, reads the page it found and answers with a
 * link to it. Each request is answered by the conversation it carries, so the reply
 * depends only on what the panel sent:
 * 1. no tool message since the last user message: a call of `search_docs` for `query`
 * 2. the last message answers `search`: a call of `read_page` for `path`
 * 3. the last message answers `read`: the answer `text`, in `deltas`
 * Any other conversation is answered with UNEXPECTED's status, naming its messages.
 */
export const AGENT = {
  name: 'agent',
  /** What `search` searches for. */
  query: 'vLLM allowed origins',
  /** The page `read` reads. */
  path: '/inference/vllm',
  search: streamedCall('call_s1', SEARCH_DOCS, ['{"query": ', '"vLLM allowed origins"}']),
  read: streamedCall('call_r1', READ_PAGE, ['{"path": ', '"/inference/vllm"}']),
  text: AGENT_DELTAS.join(''),
  deltas: AGENT_DELTAS,
};

/**
 * `notools`: a server that refuses tools, as llama.cpp's does without `--jinja`: any
 * request whose `tools` is a non-empty list is answered with `status` and `error`, plain
 * or streamed; any other request with `text`.
 */
export const NOTOOLS = {
  name: 'notools',
  status: 400,
  error: { message: 'tools are not supported by this model', type: 'invalid_request_error', param: 'tools' },
  text: 'From the pages: serve with vLLM.',
  deltas: ['From the pages: ', 'serve with vLLM.'],
};

/** `ignoretools`: a model that answers `text` whatever it is offered, tools included. */
export const IGNORETOOLS = {
  name: 'ignoretools',
  text: 'I cannot look that up.',
  deltas: ['I cannot ', 'look that up.'],
};

/**
 * `badtool`: a model that calls both `calls` in one reply while the conversation has no
 * tool message since the last user message: `search_docs` with arguments that are not
 * JSON, and a tool the panel does not offer. Once the conversation holds a tool message
 * for each of the two, it answers `text`; any other conversation is answered with
 * UNEXPECTED's status.
 */
export const BADTOOL = {
  name: 'badtool',
  calls: [streamedCall('call_b1', SEARCH_DOCS, ['not ', 'json']), streamedCall('call_b2', 'delete_everything', ['{}'])],
  text: 'Recovered.',
  deltas: ['Recovered.'],
};

/**
 * `loop`: a model that never stops calling `search_docs`. Its n-th tool call since the
 * server started or was last reset is `call(n)`, so every call has an id of its own. A
 * request that offers no tools (`tools` absent or empty) or sets `tool_choice` to `none`
 * is answered with `text`.
 */
export const LOOP = {
  name: 'loop',
  /** @param {number} n counted from 1 */
  call: (n) => streamedCall(`call_l${n}`, SEARCH_DOCS, ['{"query": ', `"again ${n}"}`]),
  text: 'Stopped looping.',
  deltas: ['Stopped ', 'looping.'],
};

const HOSTILE_DELTAS = [
  'Before the answer:\n\n<scr',
  'ipt>window.__askPwned = true</script>\n\nAn image <img src=x on',
  'error="window.__askPwned = true"> and links: [click](java',
  'script:window.__askPwned=true), [elsewhere](https://example.com/x) and the [FAQ](/faq).',
];

/**
 * `hostile`: an answer that a page which renders it must neither run nor let the reader
 * follow into script. Each of `pieces` is in `text`; the script element stands alone on
 * its lines (an HTML block to Markdown) and the image inside a paragraph (inline HTML),
 * and `deltas` cut the script tag and the `javascript:` link, so that neither is whole
 * in any one delta. Anything that runs sets `window[flag]`.
 */
export const HOSTILE = {
  name: 'hostile',
  flag: '__askPwned',
  pieces: {
    script: '<script>window.__askPwned = true</script>',
    image: '<img src=x onerror="window.__askPwned = true">',
    scriptLink: '[click](javascript:window.__askPwned=true)',
    externalLink: '[elsewhere](https://example.com/x)',
    internalLink: '[FAQ](/faq)',
  },
  text: HOSTILE_DELTAS.join(''),
  deltas: HOSTILE_DELTAS,
};

/**
 * `slow`: streams one chunk with `partial` and then nothing, and never answers a plain
 * request; each request is recorded in `stalled`, as `stall`'s are.
 */
export const SLOW = { name: 'slow', partial: 'Thinking' };

/** `nomodels`: a server whose GET /models answers 404 with NOT_FOUND, and that answers chats with `text`. */
export const NOMODELS = {
  name: 'nomodels',
  text: 'Answered without a model list.',
  deltas: ['Answered without ', 'a model list.'],
};

/**
 * What an Ask AI scenario answers to a conversation it does not expect: a status no model
 * server uses to refuse tools, so that the panel cannot take it for a refusal, and an
 * error whose message names the scenario and the conversation's messages.
 */
export const UNEXPECTED = { status: 500, type: 'server_error' };

/**
 * The scenarios and what each answers, so that tests compare with these and never repeat
 * a literal. `name` is the path segment that chooses the scenario.
 */
export const SCENARIOS = {
  text: {
    name: 'text',
    text: TEXT,
    /** The contents of the stream's deltas, in order; they join to `text`. */
    deltas: ['Tools let me ', 'fetch facts — ', 'the weather in Zürich ', 'is 21 °C ☀️.'],
  },
  tools: {
    name: 'tools',
    toolCall: { id: 'call_1', type: 'function', function: { name: TOOL_NAME, arguments: TOOL_ARGUMENTS } },
    /** The argument fragments of the stream, after the first chunk's empty one; they join to the arguments. */
    fragments: ['{"location": ', '"Boston, MA", ', '"unit": ', '"fahrenheit"}'],
  },
  badargs: {
    name: 'badargs',
    toolCall: { id: 'call_1', type: 'function', function: { name: TOOL_NAME, arguments: BAD_ARGUMENTS } },
    fragments: ['location', ': Bos', 'ton'],
  },
  error: {
    name: 'error',
    /** The status of the plain answer. */
    status: 500,
    /** The content the stream delivers before its error event. */
    partial: 'Partial',
    error: { message: 'the model failed to load', type: 'server_error' },
  },
  stall: {
    name: 'stall',
    /** The content of the one chunk the stream sends before it falls silent. */
    partial: 'Thinking',
  },
  agent: AGENT,
  notools: NOTOOLS,
  ignoretools: IGNORETOOLS,
  badtool: BADTOOL,
  loop: LOOP,
  hostile: HOSTILE,
  slow: SLOW,
  nomodels: NOMODELS,
};

/**
 * One request the server received.
 * @typedef {object} ReceivedRequest
 * @property {string} scenario the first path segment, empty for the root
 * @property {string} method
 * @property {string} path the path below `/<scenario>/v1` (`/` for the base URL itself), or below
 *   `/<scenario>` where the request is not under `/v1`; without the query string
 * @property {Record<string, string>} headers lower-case names; repeated headers joined with `, `
 * @property {unknown} body the parsed JSON body, null where the body is empty or not JSON
 */

/**
 * One request `stall` or `slow` received and holds open, plain or streamed.
 * @typedef {object} StalledRequest
 * @property {boolean} aborted true once the client closed the connection
 */

/**
 * @typedef {object} ChatServer
 * @property {string} origin `http://127.0.0.1:<port>`
 * @property {(scenario: string) => string} baseUrl `${origin}/<scenario>/v1`, without a trailing slash
 * @property {ReceivedRequest[]} received in the order the requests arrived
 * @property {StalledRequest[]} stalled in the order the requests arrived
 * @property {() => void} reset forgets what was received and stalled, and numbers `loop`'s tool calls from 1 again
 * @property {() => Promise<void>} close stops the server and destroys every open connection
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */

/**
 * A body as JSON, or null when it is empty or not JSON.
 * @param {Buffer} raw
 * @returns {unknown}
 */
function jsonOf(raw) {
  if (raw.length === 0) {
    return null;
  }
  try {
    return JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {Record<string, unknown>} Json */

/**
 * The CORS headers of every answer: the request's Origin, reflected.
 * @param {IncomingMessage} request
 * @returns {Record<string, string>}
 */
function corsHeaders(request) {
  const origin = request.headers.origin;
  return { vary: 'Origin', ...(origin ? { 'access-control-allow-origin': origin } : {}) };
}

/**
 * @param {ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} cors
 */
function sendJson(response, status, value, cors) {
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(status, { ...cors, 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
}

/** @param {number} ms */
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A plain completion.
 * @param {number} created
 * @param {Json} message
 * @param {string} finishReason
 */
function completion(created, message, finishReason) {
  return {
    id: COMPLETION_ID,
    object: 'chat.completion',
    created,
    model: MODEL_ID,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: USAGE,
  };
}

/**
 * One chunk of a streamed completion; the last one carries a finish reason and the usage.
 * @param {number} created
 * @param {Json} delta
 * @param {string | null} [finishReason]
 */
function chunk(created, delta, finishReason = null) {
  return {
    id: COMPLETION_ID,
    object: 'chat.completion.chunk',
    created,
    model: MODEL_ID,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(finishReason === null ? {} : { usage: USAGE }),
  };
}

/** @param {unknown} value one `data:` event, with the blank line that ends it */
const event = (value) => Buffer.from(`data: ${JSON.stringify(value)}\n\n`);
const DONE = Buffer.from('data: [DONE]\n\n');

/**
 * The byte offset of the first occurrence of `text` in `bytes`, which must hold it.
 * @param {Buffer} bytes
 * @param {string} text
 */
function offsetOf(bytes, text) {
  const offset = bytes.indexOf(Buffer.from(text));
  if (offset < 0) {
    throw new Error(`The stream does not hold ${text}`);
  }
  return offset;
}

/**
 * The writes of the `text` stream. Their boundaries are chosen so that a client that
 * parses naively fails: the first write holds two whole events, the second ends in the
 * middle of a `data:` line, the third inside the two bytes of `ü` and the fourth inside
 * the three bytes of `☀`. JSON.stringify leaves non-ASCII characters unescaped, so the
 * characters are in the bytes as UTF-8.
 * @param {number} created
 * @returns {Buffer[]}
 */
function textWrites(created) {
  const deltas = SCENARIOS.text.deltas;
  const events = deltas.map((content, index) =>
    event(chunk(created, index === 0 ? { role: 'assistant', content } : { content })),
  );
  const [first, second, third] = events;
  if (!first || !second || !third) {
    throw new Error('The text scenario needs at least three deltas');
  }
  const all = Buffer.concat([...events, event(chunk(created, {}, 'stop')), DONE]);
  const twoEvents = first.length + second.length;
  const cuts = [
    twoEvents,
    twoEvents + 'data: {"id":'.length,
    offsetOf(all, 'ü') + 1,
    offsetOf(all, '☀') + 2,
    all.length - DONE.length,
    all.length,
  ];
  return cuts.map((end, index) => all.subarray(index === 0 ? 0 : cuts[index - 1], end));
}

/**
 * The events of streamed tool calls, as OpenAI-compatible servers write them: for each call
 * in turn, a chunk with its index, id and name and empty arguments, then its arguments in
 * fragments under the same index; then the finish. Only the first chunk names the role.
 * @param {number} created
 * @param {StreamedCall[]} calls
 * @returns {Buffer[]}
 */
function callWrites(created, calls) {
  return [
    ...calls.flatMap(({ toolCall, fragments }, index) => [
      event(
        chunk(created, {
          ...(index === 0 ? { role: 'assistant' } : {}),
          tool_calls: [
            { index, id: toolCall.id, type: toolCall.type, function: { name: toolCall.function.name, arguments: '' } },
          ],
        }),
      ),
      ...fragments.map((piece) => event(chunk(created, { tool_calls: [{ index, function: { arguments: piece } }] }))),
    ]),
    event(chunk(created, {}, 'tool_calls')),
  ];
}

/**
 * The events of a streamed text: one chunk per delta, the first naming the role, then the
 * finish with the usage, then `data: [DONE]`.
 * @param {number} created
 * @param {string[]} deltas
 * @returns {Buffer[]}
 */
function textEvents(created, deltas) {
  return [
    ...deltas.map((content, index) =>
      event(chunk(created, index === 0 ? { role: 'assistant', content } : { content })),
    ),
    event(chunk(created, {}, 'stop')),
    DONE,
  ];
}

/**
 * Writes each buffer on its own, STREAM_DELAY_MS apart, then ends the answer unless
 * `end` is false. Stops as soon as the connection is gone.
 * @param {ServerResponse} response
 * @param {Buffer[]} writes
 * @param {boolean} [end]
 */
async function writeSpaced(response, writes, end = true) {
  for (const [index, bytes] of writes.entries()) {
    if (index > 0) {
      await pause(STREAM_DELAY_MS);
    }
    if (response.destroyed) {
      return;
    }
    response.write(bytes);
  }
  if (end && !response.destroyed) {
    await pause(STREAM_DELAY_MS);
    if (!response.destroyed) {
      response.end();
    }
  }
}

/**
 * Begins an answer of server-sent events.
 * @param {ServerResponse} response
 * @param {Record<string, string>} cors
 */
function startStream(response, cors) {
  response.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  response.flushHeaders();
}

/**
 * What an Ask AI scenario answers one request with: a text in deltas, tool calls, or an
 * error, which is answered with its status before any stream begins, as servers check a
 * request before they stream.
 * @typedef {{ kind: 'text', deltas: string[] }
 *   | { kind: 'calls', calls: StreamedCall[] }
 *   | { kind: 'error', status: number, error: Json }} Reply
 */

/**
 * @param {unknown} value
 * @returns {Json | null}
 */
const objectOf = (value) =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? /** @type {Json} */ (value) : null;

/**
 * Whether a request offers tools: a non-empty `tools` list, as llama.cpp's server tells
 * it; an empty list offers none.
 * @param {unknown} body
 */
function offersTools(body) {
  const tools = objectOf(body)?.tools;
  return Array.isArray(tools) && tools.length > 0;
}

/**
 * The messages of a request after its last user message, or all of them where it has
 * none: the turn in which the model answers the last question. The panel's tool loop
 * appends assistant and tool messages and never a user message, so every round of one
 * question's loop is in the turn, and a later question starts a turn of its own.
 * @param {unknown} body
 * @returns {Json[]}
 */
function turnOf(body) {
  const messages = objectOf(body)?.messages;
  const list = Array.isArray(messages) ? messages.map((message) => objectOf(message) ?? {}) : [];
  return list.slice(list.findLastIndex((message) => message.role === 'user') + 1);
}

/**
 * The answer to a turn a scenario does not expect, naming the turn's messages so that a
 * failing test tells what the panel sent.
 * @param {string} scenario
 * @param {Json[]} turn
 * @returns {Reply}
 */
function unexpected(scenario, turn) {
  const roles = turn.map(({ role, tool_call_id: id }) => (role === 'tool' ? `tool (${String(id)})` : String(role)));
  return {
    kind: 'error',
    status: UNEXPECTED.status,
    error: {
      message: `The ${scenario} scenario does not expect a turn of: ${roles.join(', ') || 'no messages'}`,
      type: UNEXPECTED.type,
    },
  };
}

/**
 * What an Ask AI scenario answers to a request, or null for a scenario of the console.
 * @param {string} scenario
 * @param {unknown} body
 * @param {() => number} nextLoopCall the number of `loop`'s next tool call
 * @returns {Reply | null}
 */
function askReply(scenario, body, nextLoopCall) {
  const turn = turnOf(body);
  const answered = turn.filter(({ role }) => role === 'tool').map(({ tool_call_id: id }) => id);
  const last = turn.at(-1);
  /** @param {StreamedCall} call whether the last message is the tool message that answers it */
  const answers = ({ toolCall }) => last?.role === 'tool' && last.tool_call_id === toolCall.id;
  /** @param {{ deltas: string[] }} scenario */
  const text = ({ deltas }) => /** @type {Reply} */ ({ kind: 'text', deltas });
  /** @param {StreamedCall[]} calls */
  const calls = (...calls) => /** @type {Reply} */ ({ kind: 'calls', calls });

  switch (scenario) {
    case AGENT.name:
      if (answered.length === 0) {
        return calls(AGENT.search);
      }
      if (answers(AGENT.search)) {
        return calls(AGENT.read);
      }
      return answers(AGENT.read) ? text(AGENT) : unexpected(scenario, turn);
    case NOTOOLS.name:
      return offersTools(body) ? { kind: 'error', status: NOTOOLS.status, error: NOTOOLS.error } : text(NOTOOLS);
    case BADTOOL.name:
      if (answered.length === 0) {
        return calls(...BADTOOL.calls);
      }
      return BADTOOL.calls.every(({ toolCall }) => answered.includes(toolCall.id))
        ? text(BADTOOL)
        : unexpected(scenario, turn);
    case LOOP.name:
      return offersTools(body) && objectOf(body)?.tool_choice !== 'none'
        ? calls(LOOP.call(nextLoopCall()))
        : text(LOOP);
    case IGNORETOOLS.name:
      return text(IGNORETOOLS);
    case HOSTILE.name:
      return text(HOSTILE);
    case NOMODELS.name:
      return text(NOMODELS);
    default:
      return null;
  }
}

/**
 * Answers a reply, plain or streamed; a streamed one ends with `data: [DONE]`.
 * @param {ServerResponse} response
 * @param {Reply} reply
 * @param {boolean} stream
 * @param {number} created
 * @param {Record<string, string>} cors
 */
async function sendReply(response, reply, stream, created, cors) {
  if (reply.kind === 'error') {
    sendJson(response, reply.status, { error: reply.error }, cors);
    return;
  }
  if (!stream) {
    const answer =
      reply.kind === 'text'
        ? completion(created, { role: 'assistant', content: reply.deltas.join('') }, 'stop')
        : completion(
            created,
            { role: 'assistant', content: null, tool_calls: reply.calls.map(({ toolCall }) => toolCall) },
            'tool_calls',
          );
    sendJson(response, 200, answer, cors);
    return;
  }
  startStream(response, cors);
  await writeSpaced(
    response,
    reply.kind === 'text' ? textEvents(created, reply.deltas) : [...callWrites(created, reply.calls), DONE],
  );
}

/**
 * Starts the server on a free port of 127.0.0.1.
 * @returns {Promise<ChatServer>}
 */
export async function startChatServer() {
  /** @type {ReceivedRequest[]} */
  const received = [];
  /** @type {StalledRequest[]} */
  const stalled = [];
  /** @type {Set<import('node:net').Socket>} */
  const sockets = new Set();
  let closing = false;
  /** How many tool calls `loop` has answered since the server started or was last reset. */
  let loopCalls = 0;

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  const handle = async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const scenario = pathname.split('/')[1] ?? '';
    const rest = pathname.slice(1 + scenario.length);
    const underV1 = rest === '/v1' || rest.startsWith('/v1/');
    const path = (underV1 ? rest.slice('/v1'.length) : rest) || '/';
    const method = request.method ?? 'GET';
    const headers = headersOf(request);
    const body = jsonOf(await bodyOf(request));
    received.push({ scenario, method, path, headers, body });
    const cors = corsHeaders(request);

    // Every OPTIONS is a preflight, on any path, as llama.cpp answers it. Max-Age 0 keeps
    // the browser from caching it, so every request that needs one sends its own.
    if (method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...cors,
          'access-control-allow-methods': ALLOWED_METHODS,
          'access-control-allow-headers': ALLOWED_HEADERS,
          'access-control-max-age': '0',
        })
        .end();
      return;
    }

    const known = Object.values(SCENARIOS).some(({ name }) => name === scenario);
    if (known && scenario !== NOMODELS.name && underV1 && method === 'GET' && path === '/models') {
      sendJson(response, 200, MODELS, cors);
      return;
    }
    if (!known || !underV1 || method !== 'POST' || path !== '/chat/completions') {
      sendJson(response, 404, NOT_FOUND, cors);
      return;
    }

    const stream =
      typeof body === 'object' && body !== null && !Array.isArray(body) && /** @type {Json} */ (body).stream === true;
    const created = Math.floor(Date.now() / 1000);

    if (scenario === SCENARIOS.stall.name || scenario === SLOW.name) {
      /** @type {StalledRequest} */
      const entry = { aborted: false };
      stalled.push(entry);
      response.once('close', () => {
        if (!closing) {
          entry.aborted = true;
        }
      });
      if (stream) {
        startStream(response, cors);
        const { partial } = scenario === SLOW.name ? SLOW : SCENARIOS.stall;
        response.write(event(chunk(created, { role: 'assistant', content: partial })));
      }
      return;
    }

    const reply = askReply(scenario, body, () => (loopCalls += 1));
    if (reply) {
      await sendReply(response, reply, stream, created, cors);
      return;
    }

    if (!stream) {
      if (scenario === SCENARIOS.text.name) {
        sendJson(response, 200, completion(created, { role: 'assistant', content: TEXT }, 'stop'), cors);
      } else if (scenario === SCENARIOS.error.name) {
        sendJson(response, SCENARIOS.error.status, { error: SCENARIOS.error.error }, cors);
      } else {
        const { toolCall } = scenario === SCENARIOS.tools.name ? SCENARIOS.tools : SCENARIOS.badargs;
        const message = { role: 'assistant', content: null, tool_calls: [toolCall] };
        sendJson(response, 200, completion(created, message, 'tool_calls'), cors);
      }
      return;
    }

    startStream(response, cors);
    if (scenario === SCENARIOS.text.name) {
      await writeSpaced(response, textWrites(created));
    } else if (scenario === SCENARIOS.tools.name) {
      // The stream ends after the finish chunk, without `data: [DONE]`: llama.cpp's tool
      // calling server may end it so.
      await writeSpaced(response, callWrites(created, [SCENARIOS.tools]));
    } else if (scenario === SCENARIOS.badargs.name) {
      await writeSpaced(response, [...callWrites(created, [SCENARIOS.badargs]), DONE]);
    } else {
      // llama.cpp reports a failure inside a stream as an `error:` field, which is no
      // `data:` line, and then ends the stream.
      await writeSpaced(response, [
        event(chunk(created, { role: 'assistant', content: SCENARIOS.error.partial })),
        Buffer.from(`error: ${JSON.stringify(SCENARIOS.error.error)}\n\n`),
      ]);
    }
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) {
        sendJson(response, 500, { error: { message: String(error) } }, corsHeaders(request));
      } else {
        response.destroy();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    origin,
    baseUrl: (scenario) => `${origin}/${scenario}/v1`,
    received,
    stalled,
    reset() {
      received.length = 0;
      stalled.length = 0;
      loopCalls = 0;
    },
    close: () =>
      new Promise((done) => {
        closing = true;
        server.close(() => done(undefined));
        // Held and kept-alive connections would keep close() waiting.
        for (const socket of sockets) {
          socket.destroy();
        }
      }),
  };
}
