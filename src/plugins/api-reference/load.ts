import { readFile } from 'node:fs/promises';

import SwaggerParser from '@apidevtools/swagger-parser';
import { Joi } from '@docusaurus/utils-validation';
import { parseDocument } from 'yaml';

import { SDK_ACTIONS } from '../../shared/api-request';

/** A JSON object: an OpenAPI 3.1 document once parsed, or any object in it. */
export type Json = Record<string, unknown>;

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export function descriptionError(file: string, pointer: string, problem: string): Error {
  return new Error(`${file}${pointer}: ${problem}`);
}

/** `listAssistants` becomes `list-assistants`: the page id and the route under /api/. */
export function pageIdOf(operationId: string): string {
  return operationId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1-$2')
    .toLowerCase();
}

/** Encodes path segments as a JSON pointer fragment: `#/paths/~1files/get`. */
export function toPointer(segments: readonly (string | number)[]): string {
  return `#${segments.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('')}`;
}

/**
 * Reads, parses, validates and dereferences an OpenAPI description: the file as written (the YAML download),
 * parsed with its `$ref`s intact (the JSON download), and validated with every `$ref` replaced by its target.
 * Every failure throws an error naming the file and where the problem is: its JSON pointer, or its line in broken YAML.
 */
export async function loadApiDescription(filePath: string, displayName = filePath) {
  const source = await readFile(filePath, 'utf8');
  const document = parseYaml(source, displayName);
  checkOperations(document, displayName);
  const dereferenced = await validateAndDereference(document, displayName);
  return { source, document, dereferenced };
}

function parseYaml(source: string, file: string): Json {
  const parsed = parseDocument(source, { uniqueKeys: true });
  const [error] = parsed.errors;
  if (error) {
    // The parser's message names the line and column, and quotes them.
    throw descriptionError(file, '', `invalid YAML: ${error.message}`);
  }
  const value: unknown = parsed.toJS({ maxAliasCount: 100 });
  if (!isRecord(value)) {
    throw descriptionError(file, '#', 'the file must hold a YAML mapping (an OpenAPI document)');
  }
  return value;
}

/**
 * Checks what the OpenAPI schema allows but the reference needs: ids that make unique
 * pages, and an `x-sdk-call` on each operation for its SDK samples.
 */
function checkOperations(document: Json, file: string): void {
  if (!isRecord(document.paths)) {
    throw descriptionError(file, '#/paths', 'the description has no paths to document');
  }
  const seen = new Map<string, string>();
  for (const { path, method, operation } of rawOperations(document)) {
    const pointer = toPointer(['paths', path, method]);
    const { operationId } = operation;
    if (typeof operationId !== 'string' || operationId.trim() === '') {
      throw descriptionError(file, pointer, 'the operation has no operationId, so it cannot have a page');
    }
    const pageId = pageIdOf(operationId);
    const earlier = seen.get(pageId);
    if (earlier) {
      throw descriptionError(
        file,
        `${pointer}/operationId`,
        `operationId "${operationId}" gives page id "${pageId}", which ${earlier} already uses`,
      );
    }
    seen.set(pageId, `the operation at ${pointer}`);
    const problem = sdkCallProblem(operation[SDK_CALL_KEY]);
    if (problem) {
      throw descriptionError(file, `${pointer}/${SDK_CALL_KEY}`, `operationId "${operationId}": ${problem}`);
    }
  }
}

/**
 * How an operation is called with the official `openai` SDKs for Python and Node.js,
 * written in the API description beside the operation as the `x-sdk-call` extension:
 *
 *     x-sdk-call: { resource: beta.threads.runs, action: create, result: run }
 */
export const SDK_CALL_KEY = 'x-sdk-call';

/** What an `x-sdk-call` holds: the SdkCall, its resource a dotted path of identifiers. */
const SDK_CALL = Joi.object({
  resource: Joi.string().pattern(/^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/),
  action: Joi.valid(...SDK_ACTIONS),
  result: Joi.string().pattern(/^[A-Za-z_][A-Za-z0-9_]*$/),
})
  .prefs({ presence: 'required' })
  .label(SDK_CALL_KEY);

/** A sentence saying what is wrong with an operation's `x-sdk-call`, or undefined when it is a valid SdkCall. */
export function sdkCallProblem(value: unknown): string | undefined {
  const problem =
    value === undefined
      ? `the operation has no ${SDK_CALL_KEY}, so its SDK samples cannot be written`
      : SDK_CALL.validate(value).error?.message;
  const expected = `{ resource: <client path such as beta.threads.runs>, action: <${SDK_ACTIONS.join(' | ')}>, result: <variable name> }`;
  return problem && `${problem}; it needs ${SDK_CALL_KEY}: ${expected}`;
}

export type RawOperation = ReturnType<typeof rawOperations>[number];

/** Every operation of the description, path by path, in the order of HTTP_METHODS within a path. */
export function rawOperations(api: Json) {
  return Object.entries(asRecord(api.paths)).flatMap(([path, pathItem]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = asRecord(pathItem)[method];
      return isRecord(operation) ? [{ path, method, operation, pathItem: asRecord(pathItem) }] : [];
    }),
  );
}

async function validateAndDereference(document: Json, file: string): Promise<Json> {
  try {
    // The parser changes what it is given, so it works on a copy.
    return (await SwaggerParser.validate(structuredClone(document) as never, {
      resolve: { external: false },
      dereference: { circular: 'ignore' },
    })) as unknown as Json;
  } catch (caught) {
    const error = caught as Error & { details?: unknown; targetRef?: string; parentPath?: string };
    // A schema violation names where it is; a broken $ref, the object that holds it.
    const [first] = (Array.isArray(error.details) ? error.details : []) as {
      instancePath?: string;
      message?: string;
    }[];
    if (first) {
      const problem = `does not follow the OpenAPI 3.1 schema: ${first.message ?? error.message}`;
      throw descriptionError(file, `#${first.instancePath ?? ''}`, problem);
    }
    if (error.targetRef) {
      const at = error.parentPath ? `${error.parentPath}/$ref` : '#';
      throw descriptionError(file, at, `broken $ref "${error.targetRef}": ${error.message}`);
    }
    throw descriptionError(file, '#', error.message);
  }
}

export function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asRecord(value: unknown): Json {
  return isRecord(value) ? value : {};
}
