/**
 * The API console's form as a request: the one place that reads what the reader typed,
 * checks it, and turns it into the shared request model, from which both the request
 * that is sent and the samples the page shows are written.
 */
import type { ApiRequest, MultipartField, NamedValue } from '@site/src/shared/api-request';
import type { ApiConsoleData } from '@site/src/shared/api-types';

import { checkAgainstSchema, parseJson, type SchemaProblem } from './json';
import { checkServerUrl } from '@site/src/client/serverUrl';

/** Browsers and servers commonly refuse longer URLs. */
export const MAX_URL_LENGTH = 8 * 1024;

export interface FormValues {
  serverUrl: string;
  /** Path and query parameters by name, as typed. */
  params: Readonly<Record<string, string>>;
  /** A JSON body as typed. */
  bodyText: string;
  /** A multipart body's fields by name: a value, or a chosen file's name. */
  fields: Readonly<Record<string, string>>;
}

/** Which field a problem belongs to: `server`, `param:<name>`, `body` or `field:<name>`. */
export interface FieldProblem {
  field: string;
  message: string;
}

/** A parameter's typed text as the value its schema describes: `20` for an integer, `true` for a boolean. */
function typedValue(text: string, schema: unknown): unknown {
  const { type: types } = (schema ?? {}) as { type?: unknown };
  const type = Array.isArray(types) ? String(types.find((item) => item !== 'null') ?? '') : String(types ?? '');
  if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text.trim())) {
    return Number(text);
  }
  if (type === 'boolean' && (text === 'true' || text === 'false')) {
    return text === 'true';
  }
  return text;
}

/**
 * Reads the form: the request, the problems that stop it from being sent, and the body's
 * problems against its schema, which the reader may send anyway. `lastBody` is the last
 * body that parsed, which the SDK samples keep while the reader's text does not parse
 * (curl shows the text as typed).
 */
export function readForm(values: FormValues, data: ApiConsoleData, lastBody: unknown) {
  const server = checkServerUrl(values.serverUrl);
  const problems: FieldProblem[] = server.ok ? [] : [server];
  const pathParams: NamedValue<string>[] = [];
  const query: NamedValue<unknown>[] = [];
  for (const parameter of data.parameters) {
    const text = values.params[parameter.name] ?? '';
    const field = `param:${parameter.name}`;
    if (text === '') {
      if (parameter.in === 'path') {
        problems.push({ field, message: `Enter ${parameter.name}: the path needs it.` });
        pathParams.push({ name: parameter.name, value: '' });
      }
      continue;
    }
    const value = typedValue(text, parameter.schema);
    const [problem] = checkAgainstSchema(value, parameter.schema);
    if (problem) {
      problems.push({ field, message: `${parameter.name}: ${problem.message}` });
    }
    if (parameter.in === 'path') {
      pathParams.push({ name: parameter.name, value: text });
    } else {
      query.push({ name: parameter.name, value });
    }
  }
  const { body: example, ...rest } = data.request;
  const request: ApiRequest = {
    ...rest,
    serverUrl: server.ok ? server.url : values.serverUrl.trim(),
    pathParams,
    query,
  };
  const schemaProblems: SchemaProblem[] = [];
  if (example?.kind === 'json') {
    const parsed = parseJson(values.bodyText);
    if (parsed.ok) {
      schemaProblems.push(...checkAgainstSchema(parsed.value, data.bodySchema));
    } else {
      problems.push(bodyProblem(parsed));
    }
    request.body = {
      kind: 'json',
      contentType: example.contentType,
      value: parsed.ok ? parsed.value : lastBody,
      text: values.bodyText,
    };
  } else if (example?.kind === 'multipart') {
    const required = new Set(((data.bodySchema ?? {}) as { required?: string[] }).required ?? []);
    const fields: MultipartField[] = example.fields.map((field) => ({
      ...field,
      value: values.fields[field.name] ?? '',
    }));
    for (const field of fields) {
      if (field.value === '' && required.has(field.name)) {
        problems.push({
          field: `field:${field.name}`,
          message: field.file ? `Choose a file for ${field.name}.` : `Enter ${field.name}.`,
        });
      }
    }
    request.body = { kind: 'multipart', fields };
  }
  return { request, problems, schemaProblems };
}

/** The body field's problem when its text is not JSON: where it goes wrong, and what was expected there. */
export function bodyProblem(mistake: { message: string; line: number; column: number }): FieldProblem {
  return {
    field: 'body',
    message: `Line ${mistake.line}, column ${mistake.column}: ${mistake.message}. Nothing was sent.`,
  };
}

/** The URL's own problem, checked once the rest is right: too long to send. */
export function urlProblem(url: string): FieldProblem | null {
  return url.length > MAX_URL_LENGTH
    ? {
        field: 'url',
        message: `The request's URL would be ${url.length.toLocaleString('en')} characters, over the ${MAX_URL_LENGTH.toLocaleString('en')} that servers accept. Shorten the query's values.`,
      }
    : null;
}
