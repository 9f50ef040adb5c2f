// The Rubra API the fake server plays under /rubra: assistants, threads, messages, runs,
// files and models, kept in memory and answered in the shapes of Rubra's FastAPI server
// (404 `detail` strings, 422 `detail` lists).

/** The models GET /rubra/models lists. */
export const RUBRA_MODELS = [
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
export const RUBRA_NOT_FOUND = {
  assistant: { detail: 'No assistant found' },
  thread: { detail: 'No thread found' },
  run: { detail: 'No run found' },
  file: { detail: 'No file found' },
  route: { detail: 'Not Found' },
};

/**
 * The file part of an upload, as it arrived.
 * @typedef {object} Upload
 * @property {string} filename
 * @property {string} contentType the part's Content-Type, empty when it sent none
 * @property {string | null} purpose the `purpose` field, null when there is none
 * @property {Buffer} bytes
 */

/** @typedef {Record<string, unknown>} Json */

/** @param {unknown} value @returns {value is Json} */
export function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
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
export function createRubra() {
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
    const notFound = { status: 404, body: RUBRA_NOT_FOUND.route };
    const notAllowed = { status: 405, body: { detail: 'Method Not Allowed' } };
    if (rest.length > 0) {
      return notFound;
    }

    if (collection === undefined) {
      return method === 'GET' ? { status: 200, body: { object: 'rubra', status: 'ok' } } : notAllowed;
    }

    if (collection === 'models' && id === undefined) {
      return method === 'GET' ? { status: 200, body: { object: 'list', data: RUBRA_MODELS } } : notAllowed;
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
        return { status: 404, body: RUBRA_NOT_FOUND.assistant };
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
        return thread ? { status: 200, body: thread } : { status: 404, body: RUBRA_NOT_FOUND.thread };
      }
      if (sub === 'messages' && subId === undefined) {
        if (method !== 'GET' && method !== 'POST') {
          return notAllowed;
        }
        if (!thread) {
          return { status: 404, body: RUBRA_NOT_FOUND.thread };
        }
        return method === 'GET' ? listOf(messages.get(id) ?? [], query) : addMessage(id, body);
      }
      if (sub === 'runs') {
        if (subId === undefined) {
          if (method !== 'POST') {
            return notAllowed;
          }
          if (!thread) {
            return { status: 404, body: RUBRA_NOT_FOUND.thread };
          }
          if (missing(body, 'assistant_id')) {
            return { status: 422, body: invalid(['body', 'assistant_id'], 'field required', 'value_error.missing') };
          }
          if (typeof body.assistant_id !== 'string') {
            return { status: 422, body: invalid(['body', 'assistant_id'], 'str type expected', 'type_error.str') };
          }
          const assistant = assistants.get(body.assistant_id);
          if (!assistant) {
            return { status: 404, body: RUBRA_NOT_FOUND.assistant };
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
          return { status: 404, body: RUBRA_NOT_FOUND.thread };
        }
        return run && run.thread_id === id ? { status: 200, body: run } : { status: 404, body: RUBRA_NOT_FOUND.run };
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
        return stored ? { status: 200, body: null, bytes: stored.bytes } : { status: 404, body: RUBRA_NOT_FOUND.file };
      }
      if (method !== 'GET' && method !== 'DELETE') {
        return notAllowed;
      }
      if (!stored) {
        return { status: 404, body: RUBRA_NOT_FOUND.file };
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
