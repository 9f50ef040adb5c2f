// A small OpenAI-compatible chat server for the tests of the "Try it" console: one HTTP
// server on 127.0.0.1 that plays a model server (llama.cpp's llama-server, vLLM) in several
// scenarios. The first path segment names the scenario, and `/<scenario>/v1` is the base
// URL a reader would paste into the console.
//
// - text     a plain answer, or a stream whose bytes arrive cut mid-line and mid-character
// - tools    a tool call, or a stream of its fragments that ends without `data: [DONE]`
// - badargs  a tool call whose arguments are not JSON
// - error    a 500, or a stream cut short by an `error:` event, as llama.cpp writes it
// - stall    never answers, or streams one chunk and then nothing, forever
//
// Under each base URL: GET /models and POST /chat/completions; `"stream": true` in the body
// asks for server-sent events. CORS is answered as llama.cpp's server answers it: the
// Origin is reflected, and a preflight allows Content-Type and no other header, so a
// browser request that carries an Authorization header fails its preflight.
//
// Everything received is recorded, preflights included, so a test can tell what the
// console sent.
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
 * One request `stall` received and holds open, plain or streamed.
 * @typedef {object} StalledRequest
 * @property {boolean} aborted true once the client closed the connection
 */

/**
 * @typedef {object} ChatServer
 * @property {string} origin `http://127.0.0.1:<port>`
 * @property {(scenario: string) => string} baseUrl `${origin}/<scenario>/v1`, without a trailing slash
 * @property {ReceivedRequest[]} received in the order the requests arrived
 * @property {StalledRequest[]} stalled in the order the requests arrived
 * @property {() => void} reset forgets what was received and stalled
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
 * The events of a streamed tool call: the call's id and name with empty arguments, then
 * the arguments in fragments, then the finish.
 * @param {number} created
 * @param {{ toolCall: { id: string, type: string, function: { name: string } }, fragments: string[] }} scenario
 * @returns {Buffer[]}
 */
function toolWrites(created, { toolCall, fragments }) {
  const { id, type } = toolCall;
  return [
    event(
      chunk(created, {
        role: 'assistant',
        tool_calls: [{ index: 0, id, type, function: { name: toolCall.function.name, arguments: '' } }],
      }),
    ),
    ...fragments.map((piece) => event(chunk(created, { tool_calls: [{ index: 0, function: { arguments: piece } }] }))),
    event(chunk(created, {}, 'tool_calls')),
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
    if (known && underV1 && method === 'GET' && path === '/models') {
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

    if (scenario === SCENARIOS.stall.name) {
      /** @type {StalledRequest} */
      const entry = { aborted: false };
      stalled.push(entry);
      response.once('close', () => {
        if (!closing) {
          entry.aborted = true;
        }
      });
      if (stream) {
        response.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        response.flushHeaders();
        response.write(event(chunk(created, { role: 'assistant', content: SCENARIOS.stall.partial })));
      }
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

    response.writeHead(200, { ...cors, 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    response.flushHeaders();
    if (scenario === SCENARIOS.text.name) {
      await writeSpaced(response, textWrites(created));
    } else if (scenario === SCENARIOS.tools.name) {
      // The stream ends after the finish chunk, without `data: [DONE]`: llama.cpp's tool
      // calling server may end it so.
      await writeSpaced(response, toolWrites(created, SCENARIOS.tools));
    } else if (scenario === SCENARIOS.badargs.name) {
      await writeSpaced(response, [...toolWrites(created, SCENARIOS.badargs), DONE]);
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
