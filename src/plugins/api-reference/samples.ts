import type { ApiCodeSample } from '../../shared/api-types';

import type { SdkCall } from './sdk-call';

/**
 * Code samples, generated at build time, in curl and with the official `openai`
 * SDKs for Python and Node.js, whose beta assistants, threads and files methods
 * call this API once their base URL points at the server. Which method an operation
 * calls is its `x-sdk-call` in the description (see `sdk-call.ts`).
 */

export interface SampleRequest {
  /** How the SDKs call the operation: its `x-sdk-call`. */
  call: SdkCall;
  method: string;
  path: string;
  serverUrl: string;
  /** Path parameters in the order of the path, with example values. */
  pathParams: { name: string; value: string }[];
  /** Query parameters to show, with example values. */
  queryParams: { name: string; value: unknown }[];
  body?: { contentType: string; value: Record<string, unknown>; binaryFields: string[] };
}

export function codeSamples(request: SampleRequest): ApiCodeSample[] {
  const { call } = request;
  return [
    { id: 'curl', label: 'curl', language: 'bash', code: curlSample(request) },
    { id: 'python', label: 'Python', language: 'python', code: pythonSample(request, call) },
    { id: 'node', label: 'Node.js', language: 'javascript', code: nodeSample(request, call) },
  ];
}

function requestUrl(request: SampleRequest): string {
  let url = request.serverUrl + request.path;
  for (const { name, value } of request.pathParams) {
    url = url.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query = request.queryParams
    .map(({ name, value }) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`)
    .join('&');
  return query ? `${url}?${query}` : url;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function curlSample(request: SampleRequest): string {
  const url = requestUrl(request);
  const method = request.method.toUpperCase();
  const lines = [
    method === 'GET' || method === 'POST' ? `curl ${shellQuote(url)}` : `curl -X ${method} ${shellQuote(url)}`,
  ];
  lines.push(`-H "Authorization: Bearer $OPENAI_API_KEY"`);
  const { body } = request;
  if (body?.contentType === 'multipart/form-data') {
    for (const [name, value] of Object.entries(body.value)) {
      lines.push(body.binaryFields.includes(name) ? `-F ${name}=@${String(value)}` : `-F ${name}=${String(value)}`);
    }
  } else if (body) {
    lines.push(`-H "Content-Type: ${body.contentType}"`);
    lines.push(`-d ${shellQuote(JSON.stringify(body.value, null, 2))}`);
  } else if (method === 'POST') {
    lines.push('-X POST');
  }
  if (request.call.action === 'content') {
    lines.push(`-o ${shellQuote(downloadName(request))}`);
  }
  return lines.join(' \\\n  ');
}

function downloadName(request: SampleRequest): string {
  const fileId = request.pathParams.find((param) => param.name === 'file_id')?.value ?? 'file';
  return `${fileId}.bin`;
}

function pythonLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) {
    return 'None';
  }
  if (typeof value === 'boolean') {
    return value ? 'True' : 'False';
  }
  if (typeof value === 'number' || typeof value === 'string') {
    return JSON.stringify(value);
  }
  const inner = `${indent}    `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return '[]';
    }
    return `[\n${value.map((item) => `${inner}${pythonLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) {
    return '{}';
  }
  return `{\n${entries.map(([key, item]) => `${inner}${JSON.stringify(key)}: ${pythonLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}

function jsLiteral(value: unknown, indent: string): string {
  if (value === null || value === undefined) {
    return 'null';
  }
  if (typeof value === 'string') {
    return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  }
  if (typeof value !== 'object') {
    return JSON.stringify(value);
  }
  const inner = `${indent}  `;
  if (Array.isArray(value)) {
    if (value.length === 0) {
      return '[]';
    }
    return `[\n${value.map((item) => `${inner}${jsLiteral(item, inner)},`).join('\n')}\n${indent}]`;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) {
    return '{}';
  }
  const key = (name: string) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsLiteral(name, ''));
  return `{\n${entries.map(([name, item]) => `${inner}${key(name)}: ${jsLiteral(item, inner)},`).join('\n')}\n${indent}}`;
}

/** Keyword arguments and object fields: query parameters, then the body's fields. */
function namedArguments(request: SampleRequest): [string, unknown][] {
  return [
    ...request.queryParams.map(({ name, value }): [string, unknown] => [name, value]),
    ...Object.entries(request.body?.value ?? {}),
  ];
}

function pythonSample(request: SampleRequest, call: SdkCall): string {
  const args: string[] = [];
  const pathParams = [...request.pathParams];
  const last = pathParams.pop();
  if (last) {
    args.push(JSON.stringify(last.value));
  }
  for (const { name, value } of pathParams) {
    args.push(`${name}=${JSON.stringify(value)}`);
  }
  for (const [name, value] of namedArguments(request)) {
    const binary = request.body?.binaryFields.includes(name);
    args.push(`${name}=${binary ? `open(${JSON.stringify(value)}, "rb")` : pythonLiteral(value, '    ')}`);
  }
  const variable = snakeCase(call.result);
  const invocation = `client.${call.resource}.${call.action}`;
  const callText =
    args.length === 0
      ? `${invocation}()`
      : args.length === 1 && !args[0]?.includes('\n')
        ? `${invocation}(${args[0]})`
        : `${invocation}(\n${args.map((arg) => `    ${arg},`).join('\n')}\n)`;
  const output =
    call.action === 'content'
      ? `${variable}.write_to_file(${JSON.stringify(downloadName(request))})`
      : `print(${variable})`;
  return [
    'import os',
    '',
    'from openai import OpenAI',
    '',
    '# The client needs a key; a self-hosted server may ignore it.',
    'client = OpenAI(',
    `    base_url=${JSON.stringify(request.serverUrl)},`,
    '    api_key=os.environ.get("OPENAI_API_KEY", "self-hosted"),',
    ')',
    '',
    `${variable} = ${callText}`,
    output,
    '',
  ].join('\n');
}

function nodeSample(request: SampleRequest, call: SdkCall): string {
  const args = request.pathParams.map(({ value }) => jsLiteral(value, ''));
  const named = namedArguments(request);
  const binaryFields = request.body?.binaryFields ?? [];
  if (named.length > 0) {
    const fields = named.map(([name, value]) => {
      const text = binaryFields.includes(name)
        ? `fs.createReadStream(${jsLiteral(value, '')})`
        : jsLiteral(value, '  ');
      return `  ${name}: ${text},`;
    });
    args.push(`{\n${fields.join('\n')}\n}`);
  }
  const action = call.action === 'delete' ? 'del' : call.action;
  const invocation = `await client.${call.resource}.${action}`;
  const callText = `${invocation}(${args.join(', ')})`;
  const usesFs = binaryFields.length > 0 || call.action === 'content';
  const output =
    call.action === 'content'
      ? `fs.writeFileSync(${jsLiteral(downloadName(request), '')}, Buffer.from(await ${call.result}.arrayBuffer()));`
      : `console.log(${call.result});`;
  return [
    ...(usesFs ? ["import fs from 'node:fs';", ''] : []),
    "import OpenAI from 'openai';",
    '',
    '// The client needs a key; a self-hosted server may ignore it.',
    'const client = new OpenAI({',
    `  baseURL: ${jsLiteral(request.serverUrl, '')},`,
    "  apiKey: process.env.OPENAI_API_KEY ?? 'self-hosted',",
    '});',
    '',
    `const ${call.result} = ${callText};`,
    output,
    '',
  ].join('\n');
}

function snakeCase(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase();
}
