// The servers the API console's end-to-end tests send requests to: one HTTP server on
// 127.0.0.1 that plays several servers by path prefix, and a port nothing listens on.
//
// - /rubra  a small Rubra server: assistants, threads, messages, runs, files and models,
//           kept in memory, with CORS for any origin and an x-request-id on every answer.
// - /nocors answers everything 200 but sends no CORS headers, so a browser hides its answers.
// - /hang   answers preflights and its root, and never answers anything else.
// - /big    answers a valid JSON body of exactly BIG_BODY_BYTES.
// - /html   answers an HTML page whose scripts would mark the window if they ever ran.
//
// Every server records what it receives, so a test can tell whether a request arrived
// and what it carried, byte for byte.
import { createServer } from 'node:http';

import { bodyOf, headersOf } from './http.mjs';

import { freePort } from './prism.mjs';

/** The size of the body /big sends: 10 MiB. */
export const BIG_BODY_BYTES = 10 * 1024 * 1024;
/** The path under /big that sends the same body chunked, without a Content-Length. */
export const BIG_CHUNKED_PATH = '/chunked';
/** What /html sends: a page whose script and image handler mark the window if they run. */
export const HTML_BODY =
  '<!doctype html><h1>Hello</h1><script>window.__consolePwned = true; document.title = \'pwned\'</script><img src=x onerror="window.__consolePwned=true">';
/** What /nocors answers to everything but a preflight. */
export const NO_CORS_BODY = { ok: true };
/** The header that carries the id of each answer of the CORS servers, and is exposed to scripts. */
export const REQUEST_ID_HEADER = 'x-request-id';
/** The most bytes of request line and headers the servers accept (Node's default is 16 KiB). */
export const MAX_HEADER_BYTES = 256 * 1024;
/** The methods a preflight of the CORS servers allows. */
export const ALLOWED_METHODS = 'GET, POST, DELETE, OPTIONS';
/** The models /rubra/models lists. */
export const MODELS = [
  { id: 'rubra-ai/Meta-Llama-3-8B-Instruct', object: 'model', created: 1719835200, owned_by: 'rubra' },
  { id: 'rubra-ai/Mistral-7B-Instruct-v0.3', object: 'model', created: 1719835200, owned_by: 'rubra' },
];
/** The purposes an uploaded file may have. */
export const FILE_PURPOSES = ['fine_tune', 'fine_tune_results', 'assistants', 'assistants_output'];
/** The 422 body of POST /rubra/assistants without a model. */
export const MISSING_MODEL_ERROR = {
  detail: [{ loc: ['body', 'model'], msg: 'field required', type: 'value_error.missing' }],
};
/** The 404 bodies of /rubra, by kind of object. */
export const NOT_FOUND = {
  assistant: { detail: 'No assistant found' },
  thread: { detail: 'No thread found' },
  run: { detail: 'No run found' },
  file: { detail: 'No file found' },
  route: { detail: 'Not Found' },
};

/**
 * One request a server received.
 * @typedef {object} ReceivedRequest
 * @property {string} method
 * @property {string} path the path below the server's prefix, `/` for its root
 * @property {Record<string, string>} query
 * @property {Record<string, string>} headers lower-case names; repeated headers joined with `, `
 * @property {Buffer} body
 * @property {string | null} requestId the x-request-id of the answer, null where none is sent
 * @property {string | null} answerId the `id` of the object answered (a new assistant's id, say), else null
 * @property {Upload | null} upload the file part of a multipart POST /files, else null
 */

/**
 * The file part of an upload, as it arrived.
 * @typedef {object} Upload
 * @property {string} filename
 * @property {string} contentType the part's Content-Type, empty when it sent none
 * @property {string | null} purpose the `purpose` field, null when there is none
 * @property {Buffer} bytes
 */

/**
 * One request /hang received and never answered.
 * @typedef {object} HungRequest
 * @property {string} method
 * @property {string} path the path below /hang
 * @property {Record<string, string>} headers
 * @property {boolean} aborted true once the client closed the connection
 */

/**
 * @typedef {object} ConsoleServers
 * @property {string} rubraUrl the base URL of the Rubra server, without a trailing slash
 * @property {string} noCorsUrl
 * @property {string} hangUrl
 * @property {string} bigUrl
 * @property {string} htmlUrl
 * @property {string} closedUrl the origin of a port nothing listens on
 * @property {number} bigBytes BIG_BODY_BYTES, the size of what /big sends
 * @property {string} htmlBody HTML_BODY, what /html sends
 * @property {ReceivedRequest[]} received what /rubra received, preflights included
 * @property {ReceivedRequest[]} noCorsReceived what /nocors received, preflights included
 * @property {HungRequest[]} hung the requests /hang holds open, in the order they arrived
 * @property {() => void} reset forgets what was received and every object /rubra holds
 * @property {() => Promise<void>} close
 */

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {Record<string, unknown>} Json */

/** @param {unknown} value @returns {value is Json} */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The headers that let a page on any origin read an answer: the request's Origin,
 * reflected, and the answer's request id exposed to scripts.
 * @param {IncomingMessage} request
 * @returns {Record<string, string>}
 */
function corsHeaders(request) {
  const origin = request.headers.origin;
  return {
    vary: 'Origin',
    ...(origin ? { 'access-control-allow-origin': origin } : {}),
    'access-control-expose-headers': REQUEST_ID_HEADER,
  };
}

/**
 * A preflight's answer. Max-Age 0 keeps the browser from caching it, so every request
 * that needs a preflight sends its own and a test sees each one arrive.
 * @param {IncomingMessage} request
 * @param {ServerResponse} response
 */
function answerPreflight(request, response) {
  response
    .writeHead(204, {
      ...corsHeaders(request),
      'access-control-allow-methods': ALLOWED_METHODS,
      'access-control-allow-headers': request.headers['access-control-request-headers'] ?? '',
      'access-control-max-age': '0',
    })
    .end();
}

/** @param {IncomingMessage} request */
function isPreflight(request) {
  return request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined;
}

/**
 * @param {ServerResponse} response
 * @param {number} status
 * @param {unknown} value
 * @param {Record<string, string>} [headers]
 */
function sendJson(response, status, value, headers = {}) {
  const body = Buffer.from(JSON.stringify(value));
  response.writeHead(status, { ...headers, 'content-type': 'application/json', 'content-length': body.length });
  response.end(body);
}

/**
 * A 422 body in FastAPI's shape, one entry per problem.
 * @param {(string | number)[]} loc
 * @param {string} msg
 * @param {string} type
 */
function invalid(loc, msg, type) {
  return { detail: [{ loc, msg, type }] };
}

/** @param {Json} body @param {string} field */
function missing(body, field) {
  return body[field] === undefined || body[field] === null;
}

const now = () => Math.floor(Date.now() / 1000);

/**
 * A list in the API's shape, newest first unless the query asks for `order=asc`, at most
 * `limit` (1 to 100, default 20) long.
 * @param {Json[]} items in the order they were created
 * @param {Record<string, string>} query
 * @returns {{ status: number, body: unknown }}
 */
function listOf(items, query) {
  const limit = query.limit === undefined ? 20 : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return {
      status: 422,
      body: invalid(['query', 'limit'], 'ensure this value is between 1 and 100', 'value_error.number'),
    };
  }
  if (query.order !== undefined && query.order !== 'asc' && query.order !== 'desc') {
    return {
      status: 422,
      body: invalid(
        ['query', 'order'],
        "value is not a valid enumeration member; permitted: 'asc', 'desc'",
        'type_error.enum',
      ),
    };
  }
  const ordered = query.order === 'asc' ? [...items] : [...items].reverse();
  const data = ordered.slice(0, limit);
  return {
    status: 200,
    body: {
      object: 'list',
      data,
      first_id: data[0]?.id ?? null,
      last_id: data.at(-1)?.id ?? null,
      has_more: ordered.length > data.length,
    },
  };
}

/**
 * The in-memory Rubra server behind /rubra.
 */
function createRubra() {
  let sequence = 0;
  /** Ids are never reused, not even after reset(), so an old id never finds a new object. */
  const nextId = () => ++sequence;
  /** @type {Map<string, Json>} */
  const assistants = new Map();
  /** @type {Map<string, Json>} */
  const threads = new Map();
  /** @type {Map<string, Json[]>} */
  const messages = new Map();
  /** @type {Map<string, Json>} */
  const runs = new Map();
  /** @type {Map<string, { file: Json, bytes: Buffer }>} */
  const files = new Map();

  /**
   * @param {string} threadId
   * @param {Json} body
   * @returns {{ status: number, body: unknown }}
   */
  const addMessage = (threadId, body) => {
    if (missing(body, 'role')) {
      return { status: 422, body: invalid(['body', 'role'], 'field required', 'value_error.missing') };
    }
    if (body.role !== 'user') {
      return {
        status: 422,
        body: invalid(['body', 'role'], "unexpected value; permitted: 'user'", 'value_error.const'),
      };
    }
    if (missing(body, 'content')) {
      return { status: 422, body: invalid(['body', 'content'], 'field required', 'value_error.missing') };
    }
    if (typeof body.content !== 'string' || body.content.length === 0) {
      return {
        status: 422,
        body: invalid(
          ['body', 'content'],
          'ensure this value has at least 1 characters',
          'value_error.any_str.min_length',
        ),
      };
    }
    const message = {
      id: `msg_${nextId()}`,
      object: 'thread.message',
      created_at: now(),
      thread_id: threadId,
      role: 'user',
      content: [{ type: 'text', text: { value: body.content, annotations: [] } }],
      file_ids: Array.isArray(body.file_ids) ? body.file_ids : [],
      assistant_id: null,
      run_id: null,
      metadata: isObject(body.metadata) ? body.metadata : {},
    };
    messages.get(threadId)?.push(message);
    return { status: 200, body: message };
  };

  /**
   * The answer to one request, by method and the path's segments below /rubra.
   * @param {string} method
   * @param {string[]} parts
   * @param {Record<string, string>} query
   * @param {Record<string, string>} headers
   * @param {Buffer} raw
   * @returns {Promise<{ status: number, body: unknown, bytes?: Buffer, upload?: Upload }>}
   */
  const route = async (method, parts, query, headers, raw) => {
    const [collection, id, sub, subId, ...rest] = parts;
    /** @type {Json} */
    let body = {};
    if (method === 'POST' && collection !== 'files' && raw.length > 0) {
      try {
        const parsed = JSON.parse(raw.toString('utf8'));
        if (!isObject(parsed)) {
          return { status: 422, body: invalid(['body'], 'value is not a valid dict', 'type_error.dict') };
        }
        body = parsed;
      } catch (error) {
        const msg = error instanceof Error ? error.message : 'Invalid JSON';
        return { status: 422, body: invalid(['body', 0], msg, 'value_error.jsondecode') };
      }
    }
    const notFound = { status: 404, body: NOT_FOUND.route };
    const notAllowed = { status: 405, body: { detail: 'Method Not Allowed' } };
    if (rest.length > 0) {
      return notFound;
    }

    if (collection === undefined) {
      return method === 'GET' ? { status: 200, body: { object: 'rubra', status: 'ok' } } : notAllowed;
    }

    if (collection === 'models' && id === undefined) {
      return method === 'GET' ? { status: 200, body: { object: 'list', data: MODELS } } : notAllowed;
    }

    if (collection === 'assistants' && sub === undefined) {
      if (id === undefined) {
        if (method === 'GET') {
          return listOf([...assistants.values()], query);
        }
        if (method !== 'POST') {
          return notAllowed;
        }
        if (missing(body, 'model')) {
          return { status: 422, body: MISSING_MODEL_ERROR };
        }
        if (typeof body.model !== 'string') {
          return { status: 422, body: invalid(['body', 'model'], 'str type expected', 'type_error.str') };
        }
        const assistant = {
          id: `asst_${nextId()}`,
          object: 'assistant',
          created_at: now(),
          name: typeof body.name === 'string' ? body.name : null,
          description: typeof body.description === 'string' ? body.description : null,
          model: body.model,
          instructions: typeof body.instructions === 'string' ? body.instructions : null,
          tools: Array.isArray(body.tools) ? body.tools : [],
          file_ids: Array.isArray(body.file_ids) ? body.file_ids : [],
          metadata: isObject(body.metadata) ? body.metadata : {},
        };
        assistants.set(assistant.id, assistant);
        return { status: 200, body: assistant };
      }
      const assistant = assistants.get(id);
      if (method !== 'GET' && method !== 'DELETE') {
        return notAllowed;
      }
      if (!assistant) {
        return { status: 404, body: NOT_FOUND.assistant };
      }
      if (method === 'GET') {
        return { status: 200, body: assistant };
      }
      assistants.delete(id);
      return { status: 200, body: { id, object: 'assistant.deleted', deleted: true } };
    }

    if (collection === 'threads') {
      if (id === undefined) {
        if (method !== 'POST') {
          return notAllowed;
        }
        const thread = {
          id: `thread_${nextId()}`,
          object: 'thread',
          created_at: now(),
          metadata: isObject(body.metadata) ? body.metadata : {},
        };
        threads.set(thread.id, thread);
        messages.set(thread.id, []);
        for (const message of Array.isArray(body.messages) ? body.messages : []) {
          const added = addMessage(thread.id, isObject(message) ? message : {});
          if (added.status !== 200) {
            threads.delete(thread.id);
            messages.delete(thread.id);
            return added;
          }
        }
        return { status: 200, body: thread };
      }
      const thread = threads.get(id);
      if (sub === undefined) {
        if (method !== 'GET') {
          return notAllowed;
        }
        return thread ? { status: 200, body: thread } : { status: 404, body: NOT_FOUND.thread };
      }
      if (sub === 'messages' && subId === undefined) {
        if (method !== 'GET' && method !== 'POST') {
          return notAllowed;
        }
        if (!thread) {
          return { status: 404, body: NOT_FOUND.thread };
        }
        return method === 'GET' ? listOf(messages.get(id) ?? [], query) : addMessage(id, body);
      }
      if (sub === 'runs') {
        if (subId === undefined) {
          if (method !== 'POST') {
            return notAllowed;
          }
          if (!thread) {
            return { status: 404, body: NOT_FOUND.thread };
          }
          if (missing(body, 'assistant_id')) {
            return { status: 422, body: invalid(['body', 'assistant_id'], 'field required', 'value_error.missing') };
          }
          if (typeof body.assistant_id !== 'string') {
            return { status: 422, body: invalid(['body', 'assistant_id'], 'str type expected', 'type_error.str') };
          }
          const assistant = assistants.get(body.assistant_id);
          if (!assistant) {
            return { status: 404, body: NOT_FOUND.assistant };
          }
          const run = {
            id: `run_${nextId()}`,
            object: 'thread.run',
            created_at: now(),
            thread_id: id,
            assistant_id: body.assistant_id,
            status: 'queued',
            required_action: null,
            last_error: null,
            expires_at: null,
            started_at: null,
            cancelled_at: null,
            failed_at: null,
            completed_at: null,
            model: typeof body.model === 'string' ? body.model : assistant.model,
            instructions: typeof body.instructions === 'string' ? body.instructions : assistant.instructions,
            tools: Array.isArray(body.tools) ? body.tools : assistant.tools,
            file_ids: assistant.file_ids,
            metadata: isObject(body.metadata) ? body.metadata : {},
          };
          runs.set(run.id, run);
          return { status: 200, body: run };
        }
        if (method !== 'GET') {
          return notAllowed;
        }
        const run = runs.get(subId);
        if (!thread) {
          return { status: 404, body: NOT_FOUND.thread };
        }
        return run && run.thread_id === id ? { status: 200, body: run } : { status: 404, body: NOT_FOUND.run };
      }
      return notFound;
    }

    if (collection === 'files' && subId === undefined && (sub === undefined || sub === 'content')) {
      if (id === undefined) {
        if (method === 'GET') {
          const all = [...files.values()].map((stored) => stored.file);
          const purpose = query.purpose;
          return listOf(purpose === undefined ? all : all.filter((file) => file.purpose === purpose), query);
        }
        if (method !== 'POST') {
          return notAllowed;
        }
        const type = headers['content-type'] ?? '';
        if (!/^multipart\/form-data\s*;/i.test(type)) {
          return { status: 422, body: invalid(['body', 'file'], 'field required', 'value_error.missing') };
        }
        /** @type {FormData} */
        let form;
        try {
          // The multipart parser of Node's fetch, which keeps a file's bytes exactly.
          form = await new Response(Uint8Array.from(raw), { headers: { 'content-type': type } }).formData();
        } catch (error) {
          const msg = error instanceof Error ? error.message : 'Invalid multipart body';
          return { status: 422, body: invalid(['body'], msg, 'value_error') };
        }
        const part = form.get('file');
        const purpose = form.get('purpose');
        if (part === null || typeof part === 'string') {
          return { status: 422, body: invalid(['body', 'file'], 'field required', 'value_error.missing') };
        }
        /** @type {Upload} */
        const upload = {
          filename: part.name,
          contentType: part.type,
          purpose: typeof purpose === 'string' ? purpose : null,
          bytes: Buffer.from(await part.arrayBuffer()),
        };
        if (purpose === null) {
          return { status: 422, body: invalid(['body', 'purpose'], 'field required', 'value_error.missing'), upload };
        }
        if (typeof purpose !== 'string' || !FILE_PURPOSES.includes(purpose)) {
          return {
            upload,
            status: 422,
            body: invalid(
              ['body', 'purpose'],
              `value is not a valid enumeration member; permitted: ${FILE_PURPOSES.map((name) => `'${name}'`).join(', ')}`,
              'type_error.enum',
            ),
          };
        }
        const bytes = upload.bytes;
        const file = {
          id: `file-${nextId()}`,
          object: 'file',
          bytes: bytes.length,
          created_at: now(),
          filename: upload.filename,
          purpose,
          status: 'uploaded',
          status_details: null,
        };
        files.set(file.id, { file, bytes });
        return { status: 200, body: file, upload };
      }
      const stored = files.get(id);
      if (sub === 'content') {
        if (method !== 'GET') {
          return notAllowed;
        }
        return stored ? { status: 200, body: null, bytes: stored.bytes } : { status: 404, body: NOT_FOUND.file };
      }
      if (method !== 'GET' && method !== 'DELETE') {
        return notAllowed;
      }
      if (!stored) {
        return { status: 404, body: NOT_FOUND.file };
      }
      if (method === 'GET') {
        return { status: 200, body: stored.file };
      }
      files.delete(id);
      return { status: 200, body: { id, object: 'file', deleted: true } };
    }

    return notFound;
  };

  return {
    route,
    reset() {
      assistants.clear();
      threads.clear();
      messages.clear();
      runs.clear();
      files.clear();
    },
  };
}

/**
 * Streams BIG_BODY_BYTES of valid JSON, `{"data":"xx…x"}`, waiting for the socket to drain.
 * @param {ServerResponse} response
 */
async function streamBig(response) {
  const head = Buffer.from('{"data":"');
  const tail = Buffer.from('"}');
  const chunk = Buffer.alloc(64 * 1024, 'x');
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
    const size = Math.min(left, chunk.length);
    await write(size === chunk.length ? chunk : chunk.subarray(0, size));
    left -= size;
  }
  if (!response.destroyed) {
    response.end(tail);
  }
}

/**
 * Starts the servers on 127.0.0.1.
 * @returns {Promise<ConsoleServers>}
 */
export async function startConsoleServers() {
  const rubra = createRubra();
  /** @type {ReceivedRequest[]} */
  const received = [];
  /** @type {ReceivedRequest[]} */
  const noCorsReceived = [];
  /** @type {HungRequest[]} */
  const hung = [];
  /** @type {Set<ServerResponse>} The answers /hang holds open, destroyed by close(). */
  const open = new Set();
  let closing = false;
  let requestCount = 0;

  /**
   * @param {IncomingMessage} request
   * @param {ServerResponse} response
   */
  const handle = async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/(rubra|nocors|hang|big|html)(\/.*)?$/.exec(url.pathname);
    if (!match) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
      return;
    }
    const server = match[1];
    const path = match[2] && match[2] !== '/' ? match[2] : '/';
    const query = Object.fromEntries(url.searchParams);
    const headers = headersOf(request);
    const method = request.method ?? 'GET';

    if (server === 'hang' && !isPreflight(request) && !(method === 'GET' && path === '/')) {
      /** @type {HungRequest} */
      const entry = { method, path, headers, aborted: false };
      hung.push(entry);
      open.add(response);
      response.once('close', () => {
        open.delete(response);
        if (!closing) {
          entry.aborted = true;
        }
      });
      // The body is read so that the client finishes sending and waits only for the answer.
      request.resume();
      return;
    }

    const body = await bodyOf(request);
    if (server === 'nocors') {
      noCorsReceived.push({ method, path, query, headers, body, requestId: null, answerId: null, upload: null });
      if (method === 'OPTIONS') {
        response.writeHead(204).end();
      } else {
        sendJson(response, 200, NO_CORS_BODY);
      }
      return;
    }

    const requestId = `req_${++requestCount}`;
    const cors = { ...corsHeaders(request), [REQUEST_ID_HEADER]: requestId };
    /** @type {ReceivedRequest} */
    const record = { method, path, query, headers, body, requestId, answerId: null, upload: null };
    if (server === 'rubra') {
      received.push(record);
    }
    if (isPreflight(request)) {
      response.setHeader(REQUEST_ID_HEADER, requestId);
      answerPreflight(request, response);
      return;
    }
    if (server === 'hang') {
      sendJson(response, 200, { ok: true }, cors);
      return;
    }
    if (server === 'big') {
      response.writeHead(200, {
        ...cors,
        'content-type': 'application/json',
        ...(path === BIG_CHUNKED_PATH ? {} : { 'content-length': BIG_BODY_BYTES }),
      });
      await streamBig(response);
      return;
    }
    if (server === 'html') {
      const page = Buffer.from(HTML_BODY);
      response.writeHead(200, { ...cors, 'content-type': 'text/html; charset=utf-8', 'content-length': page.length });
      response.end(page);
      return;
    }

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
    const answer = await rubra.route(method, segments, query, headers, body);
    record.upload = answer.upload ?? null;
    record.answerId = isObject(answer.body) && typeof answer.body.id === 'string' ? answer.body.id : null;
    if (answer.bytes) {
      response.writeHead(answer.status, {
        ...cors,
        'content-type': 'application/octet-stream',
        'content-length': answer.bytes.length,
      });
      response.end(answer.bytes);
      return;
    }
    sendJson(response, answer.status, answer.body, cors);
  };

  // Room for long query strings: a 5,000-character value percent-encodes to about 20 kB,
  // more than Node's default limit of 16 KiB for the request line and headers.
  const server = createServer({ maxHeaderSize: MAX_HEADER_BYTES }, (request, response) => {
    handle(request, response).catch((error) => {
      if (!response.headersSent) {
        sendJson(response, 500, { detail: String(error) });
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
  const closedUrl = `http://127.0.0.1:${await freePort()}`;

  return {
    rubraUrl: `${origin}/rubra`,
    noCorsUrl: `${origin}/nocors`,
    hangUrl: `${origin}/hang`,
    bigUrl: `${origin}/big`,
    htmlUrl: `${origin}/html`,
    closedUrl,
    bigBytes: BIG_BODY_BYTES,
    htmlBody: HTML_BODY,
    received,
    noCorsReceived,
    hung,
    reset() {
      received.length = 0;
      noCorsReceived.length = 0;
      hung.length = 0;
      rubra.reset();
    },
    close: () =>
      new Promise((done) => {
        closing = true;
        server.close(() => done(undefined));
        for (const response of open) {
          response.destroy();
        }
        // Browsers keep connections alive; close() alone would wait for them.
        server.closeAllConnections();
      }),
  };
}
