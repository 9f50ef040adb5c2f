/**
 * One HTTP request to the API, as a value: the server, the method, the path with its
 * parameters, the query, the headers and the body. The build writes every page's code
 * samples from it, and the "Try it" console builds from it both the request it sends and
 * the samples it shows while the reader edits, so a sample never disagrees with what is
 * sent. Samples keep `$OPENAI_API_KEY` (which the `openai` SDKs read by default); the
 * reader's own key goes only into the request that is sent.
 */
import type { HighlightedCode } from './highlighted-code';

export const SDK_ACTIONS = ['list', 'create', 'retrieve', 'update', 'delete', 'content'] as const;

/** How the official `openai` SDKs call an operation: its `x-sdk-call` in the description. */
export interface SdkCall {
  /** The resource path on the client, the same in both SDKs: `beta.threads.runs`. */
  resource: string;
  /** The method called on the resource; `content` downloads a file's bytes. */
  action: (typeof SDK_ACTIONS)[number];
  /** The variable that receives the result, in camelCase: `runStep` (`run_step` in Python). */
  result: string;
}

export interface NamedValue<T> {
  name: string;
  value: T;
}

/** A field of a `multipart/form-data` body; a file field's value is the file's name. */
export type MultipartField = NamedValue<string> & { file: boolean };

export type RequestBody =
  /**
   * `text`, when given, is the body exactly as sent (the reader's own formatting); `value` is its parsed form,
   * which a request read from a page's curl block leaves out (the console parses the text).
   */
  | { kind: 'json'; contentType: string; value: unknown; text?: string }
  | { kind: 'multipart'; fields: MultipartField[] };

export interface ApiRequest {
  /** The server's base URL, a path prefix included, without a trailing slash. */
  serverUrl: string;
  /** Upper case: `GET`, `POST`, `DELETE`. */
  method: string;
  /** The path template: `/threads/{thread_id}/runs`. */
  path: string;
  /** Path parameters in the order of the path; an empty value stays `{name}` in a sample and is never sent. */
  pathParams: NamedValue<string>[];
  /** Query parameters in order; an empty string is left out. */
  query: NamedValue<unknown>[];
  headers: NamedValue<string>[];
  body?: RequestBody;
}

/** The URL of a request: the server, the path with its parameters percent-encoded, then the query. */
export function requestUrl(request: ApiRequest): string {
  const path = request.path.replace(/\{([^}]+)\}/g, (whole, name: string) => {
    const value = request.pathParams.find((param) => param.name === name)?.value ?? '';
    return value === '' ? whole : encodeURIComponent(value);
  });
  const query = sentQuery(request)
    .map(({ name, value }) => {
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      return `${encodeURIComponent(name)}=${encodeURIComponent(text)}`;
    })
    .join('&');
  const url = request.serverUrl.replace(/\/+$/, '') + path;
  return query ? `${url}?${query}` : url;
}

function sentQuery(request: ApiRequest): NamedValue<unknown>[] {
  return request.query.filter(({ value }) => value !== '' && value !== undefined && value !== null);
}

/** The body's text as it is sent: the reader's own text, or the value as indented JSON. */
function jsonText(body: Extract<RequestBody, { kind: 'json' }>): string {
  return body.text ?? JSON.stringify(body.value, null, 2);
}

export interface OutgoingRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string | FormData;
}

/**
 * The request as `fetch` sends it. `Authorization` goes only with a key: an unneeded header
 * makes the browser ask the server first (a preflight), which some servers refuse. A
 * multipart body is a FormData, so the browser writes the Content-Type with its boundary.
 */
export function outgoingRequest(
  request: ApiRequest,
  options: { apiKey?: string; files?: Readonly<Record<string, Blob>> } = {},
): OutgoingRequest {
  const headers: Record<string, string> = Object.fromEntries(request.headers.map(({ name, value }) => [name, value]));
  const key = options.apiKey?.trim();
  if (key) {
    headers.Authorization = `Bearer ${key}`;
  }
  const outgoing: OutgoingRequest = { url: requestUrl(request), method: request.method, headers };
  const { body } = request;
  if (body?.kind === 'json') {
    headers['Content-Type'] = body.contentType;
    outgoing.body = jsonText(body);
  } else if (body?.kind === 'multipart') {
    const form = new FormData();
    for (const field of body.fields) {
      const file = field.file ? options.files?.[field.name] : undefined;
      if (file) {
        form.append(field.name, file, field.value || undefined);
      } else if (!field.file) {
        form.append(field.name, field.value);
      }
    }
    outgoing.body = form;
  }
  return outgoing;
}

/** A request as code in one language, as a page shows it. */
export interface ApiCodeSample {
  /** The language key, also the tab value: curl, python or node. */
  id: 'curl' | 'python' | 'node';
  label: string;
  language: string;
  code: string;
  /** The code, highlighted when the site is built; the page data then leaves out `code`. */
  highlighted?: HighlightedCode;
}

export function codeSamples(request: ApiRequest, call: SdkCall): ApiCodeSample[] {
  return [
    { id: 'curl', label: 'curl', language: 'bash', code: curlSample(request, call) },
    { id: 'python', label: 'Python', language: 'python', code: pythonSample(request, call) },
    { id: 'node', label: 'Node.js', language: 'javascript', code: nodeSample(request, call) },
  ];
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** A word the shell reads as it is stays unquoted: `file=@notes.pdf`. */
function shellWord(text: string): string {
  return /^[\w@=.,:/+-]+$/.test(text) ? text : shellQuote(text);
}

function curlSample(request: ApiRequest, call: SdkCall): string {
  const url = requestUrl(request);
  const { method } = request;
  const lines = [
    method === 'GET' || method === 'POST' ? `curl ${shellQuote(url)}` : `curl -X ${method} ${shellQuote(url)}`,
    `-H "Authorization: Bearer $OPENAI_API_KEY"`,
  ];
  for (const { name, value } of request.headers) {
    lines.push(`-H ${shellQuote(`${name}: ${value}`)}`);
  }
  const { body } = request;
  if (body?.kind === 'multipart') {
    for (const field of body.fields) {
      lines.push(`-F ${shellWord(`${field.name}=${field.file ? '@' : ''}${field.value}`)}`);
    }
  } else if (body) {
    lines.push(`-H "Content-Type: ${body.contentType}"`, `-d ${shellQuote(jsonText(body))}`);
  } else if (method === 'POST') {
    lines.push('-X POST');
  }
  if (call.action === 'content') {
    lines.push(`-o ${shellQuote(downloadName(request))}`);
  }
  return lines.join(' \\\n  ');
}

/** The file a download sample writes: the file's id with `.bin`. */
export function downloadName(request: ApiRequest): string {
  const fileId = request.pathParams.find((param) => param.name === 'file_id')?.value;
  return `${fileId || 'file'}.bin`;
}

/** A JSON value as a literal, one item per line below `indent`, each with a trailing comma. */
function literal(value: unknown, indent: string, style: typeof PYTHON): string {
  if (value === null || value === undefined) {
    return style.nil;
  }
  if (typeof value !== 'object') {
    return style.scalar(value as string | number | boolean);
  }
  const isArray = Array.isArray(value);
  const entries = isArray ? value.map((item: unknown) => ['', item] as const) : Object.entries(value);
  const [open, close] = isArray ? '[]' : '{}';
  if (entries.length === 0) {
    return `${open}${close}`;
  }
  const inner = `${indent}${style.step}`;
  const lines = entries.map(
    ([key, item]) => `${inner}${isArray ? '' : `${style.key(key)}: `}${literal(item, inner, style)},`,
  );
  return `${open}\n${lines.join('\n')}\n${indent}${close}`;
}

/** How a language writes a JSON value: `null`, other scalars, object keys, and one level of indentation. */
const PYTHON = {
  nil: 'None',
  scalar: (value: string | number | boolean) =>
    typeof value === 'boolean' ? (value ? 'True' : 'False') : JSON.stringify(value),
  key: (name: string) => JSON.stringify(name),
  step: '    ',
};

const jsString = (text: string) => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

const JS: typeof PYTHON = {
  nil: 'null',
  scalar: (value) => (typeof value === 'string' ? jsString(value) : JSON.stringify(value)),
  key: (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name)),
  step: '  ',
};

/** A path parameter's value in a sample: its value, or its name in braces while it is empty. */
function pathValue({ name, value }: NamedValue<string>): string {
  return value === '' ? `{${name}}` : value;
}

/** The SDK call's named arguments and object fields: the query, then the body's fields. */
function namedArguments(request: ApiRequest): (NamedValue<unknown> & { file: boolean })[] {
  const { body } = request;
  const bodyFields =
    body?.kind === 'multipart'
      ? body.fields
      : body && typeof body.value === 'object' && body.value !== null && !Array.isArray(body.value)
        ? Object.entries(body.value).map(([name, value]) => ({ name, value, file: false }))
        : [];
  return [...sentQuery(request).map(({ name, value }) => ({ name, value, file: false })), ...bodyFields];
}

function pythonSample(request: ApiRequest, call: SdkCall): string {
  // The last path parameter is the call's first argument; the others are named, as the SDK asks.
  const last = request.pathParams.at(-1);
  const args = [
    ...(last ? [JSON.stringify(pathValue(last))] : []),
    ...request.pathParams.slice(0, -1).map((param) => `${param.name}=${JSON.stringify(pathValue(param))}`),
    ...namedArguments(request).map(
      ({ name, value, file }) =>
        `${name}=${file ? `open(${JSON.stringify(value)}, "rb")` : literal(value, '    ', PYTHON)}`,
    ),
  ];
  const variable = snakeCase(call.result);
  const invocation = `client.${call.resource}.${call.action}`;
  const callText =
    args.length <= 1 && !args[0]?.includes('\n')
      ? `${invocation}(${args.join('')})`
      : `${invocation}(\n${args.map((arg) => `    ${arg},`).join('\n')}\n)`;
  const output =
    call.action === 'content'
      ? `${variable}.write_to_file(${JSON.stringify(downloadName(request))})`
      : `print(${variable})`;
  return `import os

from openai import OpenAI

# The client needs a key; a self-hosted server may ignore it.
client = OpenAI(
    base_url=${JSON.stringify(request.serverUrl)},
    api_key=os.environ.get("OPENAI_API_KEY", "self-hosted"),
)

${variable} = ${callText}
${output}
`;
}

function nodeSample(request: ApiRequest, call: SdkCall): string {
  const args = request.pathParams.map((param) => jsString(pathValue(param)));
  const named = namedArguments(request);
  if (named.length > 0) {
    const fields = named.map(({ name, value, file }) => {
      const text = file ? `fs.createReadStream(${literal(value, '', JS)})` : literal(value, '  ', JS);
      return `  ${JS.key(name)}: ${text},`;
    });
    args.push(`{\n${fields.join('\n')}\n}`);
  }
  const action = call.action === 'delete' ? 'del' : call.action;
  const callText = `await client.${call.resource}.${action}(${args.join(', ')})`;
  const usesFs = named.some((field) => field.file) || call.action === 'content';
  const output =
    call.action === 'content'
      ? `fs.writeFileSync(${jsString(downloadName(request))}, Buffer.from(await ${call.result}.arrayBuffer()));`
      : `console.log(${call.result});`;
  return `${usesFs ? "import fs from 'node:fs';\n\n" : ''}import OpenAI from 'openai';

// The client needs a key; a self-hosted server may ignore it.
const client = new OpenAI({
  baseURL: ${jsString(request.serverUrl)},
  apiKey: process.env.OPENAI_API_KEY ?? 'self-hosted',
});

const ${call.result} = ${callText};
${output}
`;
}

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
