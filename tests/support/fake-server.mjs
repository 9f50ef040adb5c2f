// The one fake server of every console test: one HTTP server on 127.0.0.1 that plays, by
// the first segment of the path, the servers a reader's page talks to. For a model
// server, `/<scenario>/v1` is the base URL a reader would paste into a console; it
// answers GET /models and POST /chat/completions, with server-sent events for
// `"stream": true`.
//
// The guides' console (as llama-server answers):
// - text     a plain answer, or a stream whose bytes arrive cut mid-line and mid-character
// - tools    a tool call, or a stream of its fragments that ends without `data: [DONE]`
// - badargs  a tool call whose arguments are not JSON
// - error    a 500, or a stream cut short by an `error:` event, as llama.cpp writes it
// - stall    never answers, or streams one chunk and then nothing, forever
//
// Ask AI, whose panel offers the tools `search_docs` and `read_page` (as llama-server):
// - agent        searches, then reads a page, then answers with a link, deciding each step
//                by the conversation it receives
// - slow         streams one chunk and then nothing, forever, as `stall` does
//
// The real servers' set-ups, in their own words and shapes (for the server check):
// - vllm-notools   upstream vLLM without `--enable-auto-tool-choice --tool-call-parser`
// - llama-nojinja  upstream llama-server without `--jinja`
// - healthy        a vLLM server that does everything right, parallel calls included
// - cors-refused   vLLM whose `--allowed-origins` does not name the page's origin
// - auth           vLLM started with `--api-key`
//
// The API console's servers (no `/v1`):
// - rubra  a small Rubra server: assistants, threads, messages, runs, files and models
// - hang   answers preflights and its root, and never answers anything else
// - big    answers a valid JSON body of exactly BIG_BODY_BYTES
// - html   answers an HTML page whose scripts would mark the window if they ever ran
//
// CORS is answered as the server a scenario plays answers it (see CORS_POLICIES). Every
// request is recorded, preflights included, so a test can tell what a page sent.
import { createServer } from 'node:http';

import { freePort } from './prism.mjs';
import { createRubra, isObject } from './rubra-store.mjs';

/** The id of every completion the server answers. */
const COMPLETION_ID = 'chatcmpl-1';
/** The one model the llama-server scenarios serve. */
export const MODEL_ID = 'rubra-test-model';
/** What GET /models answers in the llama-server scenarios. */
export const MODELS = { object: 'list', data: [{ id: MODEL_ID, object: 'model', owned_by: 'test' }] };
/** The one model the vLLM scenarios serve. */
export const VLLM_MODEL_ID = 'rubra-ai/Phi-3-mini-128k-instruct';
/** The token counts every finished completion reports. */
export const USAGE = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };
/** The pause between two writes of a stream, so that each write reaches the client on its own. */
export const STREAM_DELAY_MS = 20;
/** What a llama-server scenario answers, with status 404, to a path it does not serve, and the server to an unknown scenario. */
export const NOT_FOUND = { error: { message: 'not found' } };
/** What FastAPI (vLLM, Rubra) answers, with status 404, to a path it does not serve: a bare origin without `/v1`, say. */
export const FASTAPI_NOT_FOUND = { detail: 'Not Found' };
/** The size of the body /big sends: 10 MiB. */
export const BIG_BODY_BYTES = 10 * 1024 * 1024;
/** The path under /big that sends the same body chunked, without a Content-Length. */
export const BIG_CHUNKED_PATH = '/chunked';
/** What /html sends: a page whose script and image handler mark the window if they run. */
export const HTML_BODY =
  '<!doctype html><h1>Hello</h1><script>window.__consolePwned = true; document.title = \'pwned\'</script><img src=x onerror="window.__consolePwned=true">';
/** The header that carries the id of each answer of the API console's servers, and is exposed to scripts. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The most bytes of request line and headers the server accepts (Node's default is 16 KiB). */
export const MAX_HEADER_BYTES = 256 * 1024;

/**
 * How each kind of server answers CORS. Every preflight is answered with Max-Age 0, so a
 * browser caches none and a test sees each one arrive.
 * - llama: llama-server reflects the Origin; its preflight allows `*`, which a browser never
 *   reads as Authorization, so a request that carries a key fails its preflight. Written
 *   here as the one header a browser can use.
 * - fastapi: FastAPI's CORSMiddleware with vLLM's defaults (`--allowed-origins '["*"]'`,
 *   methods and headers `*`): `*` for the origin, a preflight allows the headers asked for.
 * - refused: the CORSMiddleware of a server whose allowed origins do not name the page's:
 *   no Access-Control-Allow-Origin on any answer, and a preflight answered 400.
 */
export const CORS_POLICIES = {
  llama: { methods: 'GET, POST, OPTIONS', headers: 'Content-Type' },
  fastapi: { methods: 'DELETE, GET, HEAD, OPTIONS, PATCH, POST, PUT' },
  refused: { status: 400, body: 'Disallowed CORS origin' },
};

/** The guides' weather tool (docs/inference/llamacpp.mdx and vllm.mdx), as a request offers it. */
export const WEATHER_TOOL = {
  type: 'function',
  function: {
    name: 'get_current_weather',
    description: 'Get the current weather in a given location',
    parameters: {
      type: 'object',
      properties: {
        location: { type: 'string', description: 'The city, for example Boston' },
        unit: { type: 'string', enum: ['celsius', 'fahrenheit'] },
      },
      required: ['location'],
    },
  },
};
const WEATHER = WEATHER_TOOL.function.name;

/** The answer of `text`: multi-byte UTF-8 characters of two, three and (with U+FE0F) six bytes. */
const TEXT = 'Tools let me fetch facts — the weather in Zürich is 21 °C ☀️.';

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

/** The weather call of `tools`, `healthy` and the tool-choice answers: Boston, in two-word fragments. */
const WEATHER_CALL = streamedCall('call_1', WEATHER, ['{"location": ', '"Boston, MA", ', '"unit": ', '"fahrenheit"}']);

/** The tools the Ask AI panel offers and runs in the browser. */
const SEARCH_DOCS = 'search_docs';
const READ_PAGE = 'read_page';

/**
 * A text and the deltas it streams in.
 * @param {string[]} deltas
 */
const said = (...deltas) => ({ text: deltas.join(''), deltas });

/**
 * `agent`: a model that searches the docs, reads the page it found and answers with a
 * link to it. Each request is answered by the conversation it carries, so the reply
 * depends only on what the panel sent:
 * 1. no tool message since the last user message: a call of `search_docs` for `query`
 * 2. the last message answers `search`: a call of `read_page` for `path`
 * 3. the last message answers `read`: the answer `text`, in `deltas`, cut inside its code
 *    span and inside its link
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
  ...said(
    'To let this site call vLLM, ',
    'start it with `--allowed',
    '-origins`. See [Serve Rubra models ',
    'with vLLM](/inference/',
    'vllm#install) for the steps.',
  ),
};

/** `slow`: streams one chunk with `partial` and then nothing, and never answers a plain request, as `stall` does. */
export const SLOW = { name: 'slow', partial: 'Thinking' };

/**
 * `vllm-notools`: upstream vLLM started without `--enable-auto-tool-choice
 * --tool-call-parser`, serving VLLM_MODEL_ID. A request that offers tools with
 * `tool_choice` absent or `auto` is refused with `status` and `error`, vLLM's own
 * words; `required` or a named function is answered with the weather call (vLLM
 * forces those by guided decoding, without the flags); a request without tools, or
 * with `tool_choice: "none"`, is answered with `text`. A model it does not serve is
 * answered with vllmModelNotFound().
 */
export const VLLM_NOTOOLS = {
  name: 'vllm-notools',
  status: 400,
  error: {
    error: {
      message: '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
      type: 'BadRequestError',
      param: null,
      code: 400,
    },
  },
  ...said('From the pages: ', 'serve with vLLM.'),
};

/**
 * What vLLM answers, with status 404, to a request that names a model it does not serve.
 * @param {string} model
 */
export const vllmModelNotFound = (model) => ({
  error: { message: `The model \`${model}\` does not exist.`, type: 'NotFoundError', param: null, code: 404 },
});

/**
 * `llama-nojinja`: upstream llama-server started without `--jinja`. A request that offers
 * tools is refused with `status` and `error`, llama-server's own words; any other is
 * answered with `text`.
 */
export const LLAMA_NOJINJA = {
  name: 'llama-nojinja',
  status: 500,
  error: { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } },
  ...said('Hello! ', 'How can I help?'),
};

/**
 * `healthy`: a vLLM server with tool calling switched on, serving VLLM_MODEL_ID.
 * - A request without tools, or with `tool_choice: "none"`, is answered with `text`.
 * - A request whose conversation ends with tool messages is answered from their results:
 *   `answer(contents)`, which repeats each result's temperature.
 * - Any other request that offers WEATHER_TOOL (whatever its `tool_choice`: `auto`,
 *   `required` or the function by name) is answered with one weather call per place of
 *   `places` its last user message names, Boston where it names none; with
 *   `parallel_tool_calls: false`, the first of them only. Streamed, each call's first
 *   chunk carries its id and name and its arguments follow in fragments.
 * A model it does not serve is answered with vllmModelNotFound().
 */
export const HEALTHY = {
  name: 'healthy',
  /** The guides' question, and one that names both places. */
  question: "What's the weather like in Boston today?",
  parallelQuestion: "What's the weather like in Boston and in San Francisco today?",
  /** The call for each place, by the name a question uses. */
  places: {
    Boston: WEATHER_CALL,
    'San Francisco': streamedCall('call_2', WEATHER, [
      '{"location": ',
      '"San Francisco, CA", ',
      '"unit": ',
      '"fahrenheit"}',
    ]),
  },
  /**
   * The answer to tool results: each result's temperature and unit where it is JSON that
   * has them, else the result as it came.
   * @param {string[]} contents
   */
  answer: (contents) =>
    `From the tool: ${contents
      .map((content) => {
        try {
          const result = JSON.parse(content);
          if (isObject(result) && result.temperature !== undefined) {
            return `${String(result.temperature)} degrees${result.unit ? ` ${String(result.unit)}` : ''}`;
          }
        } catch {
          // Not JSON: said as it came.
        }
        return content;
      })
      .join('; ')}.`,
  ...said('Hello! ', 'How can I help?'),
};

/** `cors-refused`: `healthy` behind vLLM's CORS with `--allowed-origins` naming another origin (CORS_POLICIES.refused). */
export const CORS_REFUSED = { name: 'cors-refused' };

/**
 * `auth`: `healthy` started with `--api-key token-abc123`. Every request under `/v1`
 * but a preflight must carry `Authorization: Bearer <key>`; one without it, or with
 * another key, is answered with `status` and `error`. vLLM checks the key outside its
 * CORS middleware, so that answer carries no Access-Control-Allow-Origin: a browser sees a
 * network failure, never the 401.
 */
export const AUTH = { name: 'auth', key: 'token-abc123', status: 401, error: { error: 'Unauthorized' } };

/**
 * What an Ask AI scenario answers to a conversation it does not expect: a status no model
 * server uses to refuse tools, so that the panel cannot take it for a refusal, and an
 * error whose message names the scenario and the conversation's messages.
 */
export const UNEXPECTED = { status: 500, type: 'server_error' };

/**
 * The guides' console scenarios, so that tests compare with these and never repeat a
 * literal. `name` is the path segment that chooses the scenario.
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
    toolCall: WEATHER_CALL.toolCall,
    /** The argument fragments of the stream, after the first chunk's empty one; they join to the arguments. */
    fragments: WEATHER_CALL.fragments,
  },
  badargs: {
    name: 'badargs',
    ...streamedCall('call_1', WEATHER, ['location', ': Bos', 'ton']),
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
};

/**
 * One request the server received.
 * @typedef {object} ReceivedRequest
 * @property {string} scenario the first path segment, empty for the root
 * @property {string} method
 * @property {string} path the path below `/<scenario>` (`/v1/chat/completions`, say), `/` for its root; no query
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-case names; repeated headers joined with `, `
 * @property {Buffer} body byte for byte
 * @property {unknown} json the body parsed, null where it is empty or not JSON
 * @property {string | null} requestId the x-request-id of the answer, null where none is sent
 * @property {string | null} answerId the `id` of the object /rubra answered (a new assistant's id, say), else null
 * @property {import('./rubra-store.mjs').Upload | null} upload the file part of a multipart POST /rubra/files, else null
 */

/**
 * One request the server holds open and never answers (`hang`, `stall`, `slow`).
 * @typedef {object} HeldRequest
 * @property {string} scenario
 * @property {string} method
 * @property {string} path as in ReceivedRequest
 * @property {boolean} aborted true once the client closed the connection
 */

/**
 * @typedef {object} FakeServer
 * @property {string} origin `http://127.0.0.1:<port>`
 * @property {(scenario: string) => string} url `${origin}/<scenario>`: the base URL of the API console's servers
 * @property {(scenario: string) => string} baseUrl `${origin}/<scenario>/v1`: the base URL of a model server
 * @property {string} closedUrl the origin of a port nothing listens on
 * @property {ReceivedRequest[]} received in the order the requests arrived
 * @property {HeldRequest[]} held in the order the requests arrived
 * @property {() => void} reset forgets what was received and held, every object /rubra holds, and `loop`'s count
 * @property {() => Promise<void>} close stops the server and destroys every open connection
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {Record<string, unknown>} Json */

/**
 * A request's headers with lower-case names, repeated headers joined with `, `.
 * @param {IncomingMessage} request
 */
function headersOf(request) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return headers;
}

/**
 * A request's body, byte for byte.
 * @param {IncomingMessage} request
 */
async function bodyOf(request) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * A body as JSON, or null when it is empty or not JSON.
 * @param {Buffer} raw
 * @returns {unknown}
 */
function jsonOf(raw) {
  try {
    return raw.length === 0 ? null : JSON.parse(raw.toString('utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} headers
 */
function sendJson(response, status, value, headers) {
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
}

/** @param {number} ms */
const pause = (ms) => new Promise((done) => setTimeout(done, ms));

/**
 * A plain completion.
 * @param {string} model
 * @param {Json} message
 * @param {string} finishReason
 */
function completion(model, message, finishReason) {
  return {
    id: COMPLETION_ID,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, message, finish_reason: finishReason }],
    usage: USAGE,
  };
}

/**
 * One `data:` event of a streamed completion, with the blank line that ends it; the last
 * chunk carries a finish reason and the usage.
 * @param {string} model
 * @param {Json} delta
 * @param {string | null} [finishReason]
 */
function chunk(model, delta, finishReason = null) {
  const value = {
    id: COMPLETION_ID,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...(finishReason === null ? {} : { usage: USAGE }),
  };
  return Buffer.from(`data: ${JSON.stringify(value)}\n\n`);
}
const DONE = Buffer.from('data: [DONE]\n\n');

/**
 * The events of a streamed text: one chunk per delta, the first naming the role, then the
 * finish with the usage, then `data: [DONE]`.
 * @param {string} model
 * @param {string[]} deltas
 */
function textEvents(model, deltas) {
  return [
    ...deltas.map((content, index) => chunk(model, index === 0 ? { role: 'assistant', content } : { content })),
    chunk(model, {}, 'stop'),
    DONE,
  ];
}

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
 * @param {string} model
 */
function textWrites(model) {
  const events = textEvents(model, SCENARIOS.text.deltas);
  const all = Buffer.concat(events);
  const twoEvents = (events[0]?.length ?? 0) + (events[1]?.length ?? 0);
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
 * @param {string} model
 * @param {StreamedCall[]} calls
 */
function callEvents(model, calls) {
  return [
    ...calls.flatMap(({ toolCall, fragments }, index) => [
      chunk(model, {
        ...(index === 0 ? { role: 'assistant' } : {}),
        tool_calls: [
          { index, id: toolCall.id, type: toolCall.type, function: { name: toolCall.function.name, arguments: '' } },
        ],
      }),
      ...fragments.map((piece) => chunk(model, { tool_calls: [{ index, function: { arguments: piece } }] })),
    ]),
    chunk(model, {}, 'tool_calls'),
  ];
}

/**
 * What a model scenario answers one chat request with:
 * - text: `deltas`, joined for a plain answer
 * - calls: tool calls; a stream of them ends with `data: [DONE]` unless `done` is false
 * - error: `status` and `body`, before any stream begins, as servers check a request
 *   before they stream
 * - writes: a stream of these bytes, each written on its own (a plain request is never answered so)
 * - hold: no answer ever; a stream sends one chunk with `partial` first
 * @typedef {{ kind: 'text', deltas: string[] }
 *   | { kind: 'calls', calls: StreamedCall[], done?: boolean }
 *   | { kind: 'error', status: number, body: unknown }
 *   | { kind: 'writes', writes: Buffer[] }
 *   | { kind: 'hold', partial: string }} Reply
 */

/**
 * What a model scenario reads of a chat request.
 * @typedef {object} Chat
 * @property {Json} body the request's JSON object, empty where it sent none
 * @property {boolean} stream
 * @property {boolean} tools whether it offers tools: a non-empty `tools` list, as servers tell it
 * @property {Json[]} turn its messages after the last user message: the turn the model answers
 * @property {string} model the model the answer names
 */

/**
 * The messages of a request after its last user message, or all of them where it has
 * none. The panel's tool loop appends assistant and tool messages and never a user
 * message, so every round of one question's loop is in the turn, and a later question
 * starts a turn of its own.
 * @param {Json} body
 * @returns {Json[]}
 */
function turnOf(body) {
  const list = Array.isArray(body.messages) ? body.messages.map((message) => (isObject(message) ? message : {})) : [];
  return list.slice(list.findLastIndex((message) => message.role === 'user') + 1);
}

/**
 * The answer to a turn an Ask AI scenario does not expect, naming the turn's messages so
 * that a failing test tells what the panel sent.
 * @param {string} scenario
 * @param {Json[]} turn
 * @returns {Reply}
 */
function unexpected(scenario, turn) {
  const roles = turn.map(({ role, tool_call_id: id }) => (role === 'tool' ? `tool (${String(id)})` : String(role)));
  const message = `The ${scenario} scenario does not expect a turn of: ${roles.join(', ') || 'no messages'}`;
  return { kind: 'error', status: UNEXPECTED.status, body: { error: { message, type: UNEXPECTED.type } } };
}

/** @param {{ deltas: string[] }} said @returns {Reply} */
const text = ({ deltas }) => ({ kind: 'text', deltas });
/** @param {StreamedCall[]} calls @returns {Reply} */
const calls = (...calls) => ({ kind: 'calls', calls });

/**
 * The answer of Ask AI's agent: each step by the conversation.
 * @param {Chat} chat
 * @returns {Reply}
 */
function agentReply({ turn }) {
  const last = turn.at(-1);
  /** @param {StreamedCall} call whether the last message is the tool message that answers it */
  const answers = ({ toolCall }) => last?.role === 'tool' && last.tool_call_id === toolCall.id;
  if (!turn.some(({ role }) => role === 'tool')) {
    return calls(AGENT.search);
  }
  if (answers(AGENT.search)) {
    return calls(AGENT.read);
  }
  return answers(AGENT.read) ? text(AGENT) : unexpected(AGENT.name, turn);
}

/**
 * The answer of a server with tool calling switched on: see HEALTHY.
 * @param {Chat} chat
 * @returns {Reply}
 */
function healthyReply({ body, tools, turn }) {
  const offered =
    Array.isArray(body.tools) &&
    body.tools.some((tool) => isObject(tool) && isObject(tool.function) && tool.function.name === WEATHER);
  if (!tools || !offered || body.tool_choice === 'none') {
    return text(HEALTHY);
  }
  const results = turn.filter(({ role }) => role === 'tool');
  if (turn.at(-1)?.role === 'tool') {
    const answer = HEALTHY.answer(results.map(({ content }) => String(content)));
    return { kind: 'text', deltas: [answer.slice(0, 15), answer.slice(15)] };
  }
  const messages = Array.isArray(body.messages) ? body.messages : [];
  const question = messages.findLast((message) => isObject(message) && message.role === 'user');
  const asked = String(isObject(question) ? question.content : '').toLowerCase();
  const named = Object.entries(HEALTHY.places).filter(([place]) => asked.includes(place.toLowerCase()));
  const places = named.length > 0 ? named.map(([, call]) => call) : [HEALTHY.places.Boston];
  return calls(...(body.parallel_tool_calls === false ? places.slice(0, 1) : places));
}

/**
 * A model scenario: who it plays for CORS and 404s, the models it lists, whether it refuses a model it does not serve, and its answer
 * to a chat request.
 * @typedef {object} ModelScenario
 * @property {'llama' | 'fastapi' | 'refused'} cors
 * @property {string[]} models
 * @property {boolean} [checksModel]
 * @property {(chat: Chat) => Reply} reply
 */

/** The llama-server scenarios' defaults. */
const llama = { cors: /** @type {const} */ ('llama'), models: [MODEL_ID] };
/** The vLLM scenarios' defaults. */
const vllm = { cors: /** @type {const} */ ('fastapi'), models: [VLLM_MODEL_ID], checksModel: true };

/** @type {Record<string, ModelScenario>} */
const MODEL_SCENARIOS = {
  [SCENARIOS.text.name]: {
    ...llama,
    reply: ({ stream, model }) => (stream ? { kind: 'writes', writes: textWrites(model) } : text(SCENARIOS.text)),
  },
  // The stream ends after the finish chunk, without `data: [DONE]`: llama.cpp's tool
  // calling server may end it so.
  [SCENARIOS.tools.name]: { ...llama, reply: () => ({ kind: 'calls', calls: [SCENARIOS.tools], done: false }) },
  [SCENARIOS.badargs.name]: { ...llama, reply: () => calls(SCENARIOS.badargs) },
  // llama.cpp reports a failure inside a stream as an `error:` field, which is no `data:`
  // line, and then ends the stream.
  [SCENARIOS.error.name]: {
    ...llama,
    reply: ({ stream, model }) => {
      const { status, partial, error } = SCENARIOS.error;
      return stream
        ? {
            kind: 'writes',
            writes: [
              chunk(model, { role: 'assistant', content: partial }),
              Buffer.from(`error: ${JSON.stringify(error)}\n\n`),
            ],
          }
        : { kind: 'error', status, body: { error } };
    },
  },
  [SCENARIOS.stall.name]: { ...llama, reply: () => ({ kind: 'hold', partial: SCENARIOS.stall.partial }) },
  [AGENT.name]: { ...llama, reply: agentReply },
  [SLOW.name]: { ...llama, reply: () => ({ kind: 'hold', partial: SLOW.partial }) },
  [VLLM_NOTOOLS.name]: {
    ...vllm,
    reply: ({ body, tools }) => {
      const choice = body.tool_choice ?? 'auto';
      if (!tools || choice === 'none') {
        return text(VLLM_NOTOOLS);
      }
      return choice === 'auto'
        ? { kind: 'error', status: VLLM_NOTOOLS.status, body: VLLM_NOTOOLS.error }
        : calls(HEALTHY.places.Boston);
    },
  },
  [LLAMA_NOJINJA.name]: {
    ...llama,
    reply: ({ tools }) =>
      tools ? { kind: 'error', status: LLAMA_NOJINJA.status, body: LLAMA_NOJINJA.error } : text(LLAMA_NOJINJA),
  },
  [HEALTHY.name]: { ...vllm, reply: healthyReply },
  [CORS_REFUSED.name]: { ...vllm, cors: 'refused', reply: healthyReply },
  [AUTH.name]: { ...vllm, reply: healthyReply },
};

/** The API console's servers, answered as FastAPI does CORS, each answer with a request id. */
const API_SCENARIOS = new Set(['rubra', 'hang', 'big', 'html']);

/**
 * The CORS headers of an answer that is not a preflight.
 * @param {'llama' | 'fastapi' | 'refused'} policy
 * @param {IncomingMessage} request
 * @returns {Record<string, string>}
 */
function corsHeaders(policy, request) {
  const origin = request.headers.origin;
  if (!origin || policy === 'refused') {
    return {};
  }
  return policy === 'llama'
    ? { vary: 'Origin', 'access-control-allow-origin': origin }
    : { 'access-control-allow-origin': '*' };
}

/**
 * Answers a preflight as the policy does.
 * @param {'llama' | 'fastapi' | 'refused'} policy
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 * @param {Record<string, string>} extra headers every answer of the scenario carries
 */
function answerPreflight(policy, request, response, extra) {
  if (policy === 'refused') {
    const { status, body } = CORS_POLICIES.refused;
    response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(body);
    return;
  }
  const allowed =
    policy === 'llama'
      ? CORS_POLICIES.llama
      : { ...CORS_POLICIES.fastapi, headers: request.headers['access-control-request-headers'] ?? '' };
  response
    .writeHead(policy === 'llama' ? 204 : 200, {
      ...extra,
      ...corsHeaders(policy, request),
      'access-control-allow-methods': allowed.methods,
      'access-control-allow-headers': allowed.headers,
      'access-control-max-age': '0',
    })
    .end();
}

/**
 * Writes each buffer on its own, STREAM_DELAY_MS apart, then ends the answer. Stops as
 * soon as the connection is gone.
 * @param {ServerResponse} response
 * @param {Buffer[]} writes
 */
async function writeSpaced(response, writes) {
  for (const [index, bytes] of writes.entries()) {
    if (index > 0) {
      await pause(STREAM_DELAY_MS);
    }
    if (response.destroyed) {
      return;
    }
    response.write(bytes);
  }
  await pause(STREAM_DELAY_MS);
  if (!response.destroyed) {
    response.end();
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
 * Answers a reply, plain or streamed.
 * @param {ServerResponse} response
 * @param {Reply} reply
 * @param {Chat} chat
 * @param {Record<string, string>} cors
 * @param {() => void} hold records a request held open
 */
async function sendReply(response, reply, { stream, model }, cors, hold) {
  if (reply.kind === 'error') {
    sendJson(response, reply.status, reply.body, cors);
    return;
  }
  if (reply.kind === 'hold') {
    hold();
    if (stream) {
      startStream(response, cors);
      response.write(chunk(model, { role: 'assistant', content: reply.partial }));
    }
    return;
  }
  if (!stream) {
    const message =
      reply.kind === 'calls'
        ? { role: 'assistant', content: null, tool_calls: reply.calls.map(({ toolCall }) => toolCall) }
        : { role: 'assistant', content: reply.kind === 'text' ? reply.deltas.join('') : '' };
    sendJson(response, 200, completion(model, message, reply.kind === 'calls' ? 'tool_calls' : 'stop'), cors);
    return;
  }
  startStream(response, cors);
  if (reply.kind === 'writes') {
    await writeSpaced(response, reply.writes);
  } else if (reply.kind === 'text') {
    await writeSpaced(response, textEvents(model, reply.deltas));
  } else {
    await writeSpaced(response, [...callEvents(model, reply.calls), ...(reply.done === false ? [] : [DONE])]);
  }
}

/**
 * Streams BIG_BODY_BYTES of valid JSON, `{"data":"xx…x"}`, waiting for the socket to drain.
 * @param {ServerResponse} response
 */
async function streamBig(response) {
  const head = Buffer.from('{"data":"');
  const tail = Buffer.from('"}');
  const block = Buffer.alloc(64 * 1024, 'x');
  /** @param {Buffer} data */
  const write = (data) =>
    new Promise((done) => {
      if (response.write(data)) {
        done(undefined);
        return;
      }
      const resume = () => {
        response.off('drain', resume);
        response.off('close', resume);
        done(undefined);
      };
      response.on('drain', resume);
      response.on('close', resume);
    });
  await write(head);
  let left = BIG_BODY_BYTES - head.length - tail.length;
  while (left > 0 && !response.destroyed) {
    const size = Math.min(left, block.length);
    await write(size === block.length ? block : block.subarray(0, size));
    left -= size;
  }
  if (!response.destroyed) {
    response.end(tail);
  }
}

/**
 * Starts the server on a free port of 127.0.0.1.
 * @returns {Promise<FakeServer>}
 */
export async function startFakeServer() {
  const rubra = createRubra();
  /** @type {ReceivedRequest[]} */
  const received = [];
  /** @type {HeldRequest[]} */
  const held = [];
  let closing = false;
  let requestCount = 0;

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  const handle = async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const scenario = url.pathname.split('/')[1] ?? '';
    const path = url.pathname.slice(1 + scenario.length) || '/';
    const method = request.method ?? 'GET';
    const body = await bodyOf(request);
    const api = API_SCENARIOS.has(scenario);
    const requestId = api ? `req_${++requestCount}` : null;
    /** @type {ReceivedRequest} */
    const record = {
      scenario,
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers: headersOf(request),
      body,
      json: jsonOf(body),
      requestId,
      answerId: null,
      upload: null,
    };
    received.push(record);
    const hold = () => {
      /** @type {HeldRequest} */
      const entry = { scenario, method, path, aborted: false };
      held.push(entry);
      response.once('close', () => {
        entry.aborted ||= !closing;
      });
    };

    const model = MODEL_SCENARIOS[scenario];
    if (!api && !model) {
      sendJson(response, 404, NOT_FOUND, corsHeaders('llama', request));
      return;
    }
    const policy = model?.cors ?? 'fastapi';
    /** @type {Record<string, string>} */
    const extra = requestId
      ? { [REQUEST_ID_HEADER]: requestId, 'access-control-expose-headers': REQUEST_ID_HEADER }
      : {};
    if (method === 'OPTIONS') {
      answerPreflight(policy, request, response, extra);
      return;
    }
    const cors = { ...extra, ...corsHeaders(policy, request) };

    if (!model) {
      if (scenario === 'hang') {
        if (method === 'GET' && path === '/') {
          sendJson(response, 200, { ok: true }, cors);
        } else {
          hold();
        }
      } else if (scenario === 'big') {
        response.writeHead(200, {
          ...cors,
          'content-type': 'application/json',
          ...(path === BIG_CHUNKED_PATH ? {} : { 'content-length': BIG_BODY_BYTES }),
        });
        await streamBig(response);
      } else if (scenario === 'html') {
        const page = Buffer.from(HTML_BODY);
        response.writeHead(200, { ...cors, 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
        response.end(page);
      } else {
        const segments = path
          .split('/')
          .filter(Boolean)
          .map((segment) => {
            try {
              return decodeURIComponent(segment);
            } catch {
              return segment;
            }
          });
        const answer = await rubra.route(method, segments, record.query, record.headers, body);
        record.upload = answer.upload ?? null;
        record.answerId = isObject(answer.body) && typeof answer.body.id === 'string' ? answer.body.id : null;
        if (answer.bytes) {
          response.writeHead(answer.status, {
            ...cors,
            'content-type': 'application/octet-stream',
            'content-length': answer.bytes.length,
          });
          response.end(answer.bytes);
        } else {
          sendJson(response, answer.status, answer.body, cors);
        }
      }
      return;
    }

    // vLLM checks the key before anything else, outside its CORS middleware.
    const v1 = path === '/v1' || path.startsWith('/v1/');
    if (scenario === AUTH.name && v1 && record.headers.authorization !== `Bearer ${AUTH.key}`) {
      sendJson(response, AUTH.status, AUTH.error, extra);
      return;
    }
    const notFound = model.cors === 'llama' ? NOT_FOUND : FASTAPI_NOT_FOUND;
    const route = v1 ? path.slice('/v1'.length) : null;
    if (method === 'GET' && route === '/models') {
      const ownedBy = model.cors === 'llama' ? 'test' : 'vllm';
      const data = model.models.map((id) => ({ id, object: 'model', owned_by: ownedBy }));
      sendJson(response, 200, { object: 'list', data }, cors);
      return;
    }
    if (method !== 'POST' || route !== '/chat/completions') {
      sendJson(response, 404, notFound, cors);
      return;
    }
    const json = isObject(record.json) ? record.json : {};
    const served = model.models[0] ?? MODEL_ID;
    if (
      model.checksModel &&
      typeof json.model === 'string' &&
      json.model !== '' &&
      !model.models.includes(json.model)
    ) {
      sendJson(response, 404, vllmModelNotFound(json.model), cors);
      return;
    }
    /** @type {Chat} */
    const chat = {
      body: json,
      stream: json.stream === true,
      tools: Array.isArray(json.tools) && json.tools.length > 0,
      turn: turnOf(json),
      model: served,
    };
    await sendReply(response, model.reply(chat), chat, cors, hold);
  };

  // Room for long query strings: a 5,000-character value percent-encodes to about 20 kB,
  // more than Node's default limit of 16 KiB for the request line and headers.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) {
        sendJson(response, 500, { error: { message: String(error) } }, {});
      } else {
        response.destroy();
      }
    });
  });
  await new Promise((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done(undefined));
  });
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  return {
    origin,
    url: (scenario) => `${origin}/${scenario}`,
    baseUrl: (scenario) => `${origin}/${scenario}/v1`,
    closedUrl: `http://127.0.0.1:${await freePort()}`,
    received,
    held,
    reset() {
      received.length = 0;
      held.length = 0;
      rubra.reset();
    },
    close: () =>
      new Promise((done) => {
        closing = true;
        server.close(() => done(undefined));
        // Held and kept-alive connections would keep close() waiting.
        server.closeAllConnections();
      }),
  };
}
