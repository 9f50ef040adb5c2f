import { readFileSync } from 'node:fs';
import path from 'node:path';

import { parse as parseYaml } from 'yaml';

/**
 * openapi/rubra.yaml read by the tests on their own, independently of the plugin under
 * test: each operation's page id, method, path, parameters and top-level schema properties.
 */
export const SPEC_FILE = path.resolve(__dirname, '../../openapi/rubra.yaml');

type Json = Record<string, unknown>;

export interface SpecOperation {
  pageId: string;
  method: string;
  path: string;
  summary: string;
  tag: string;
  parameters: string[];
  /** Each parameter as the description defines it, to tell two parameters of one name apart. */
  parameterKeys: string[];
  requestProperties: string[];
  responses: { status: string; properties: string[] }[];
}

export const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

const isRecord = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const record = (value: unknown): Json => (isRecord(value) ? value : {});

/** The description, parsed. */
export const spec = record(parseYaml(readFileSync(SPEC_FILE, 'utf8')));

/** Follows a local `$ref` (`#/components/schemas/Run`) to its target. */
function resolve(value: unknown): Json {
  const ref = record(value).$ref;
  if (typeof ref !== 'string') {
    return record(value);
  }
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => record(node)[key.replace(/~1/g, '/').replace(/~0/g, '~')], spec);
  return resolve(target);
}

/** `listAssistants` becomes `list-assistants`. */
const pageIdOf = (operationId: string) => operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** The top-level property names of a schema, seeing through "X or null". */
function topLevelProperties(schema: unknown): string[] {
  const value = resolve(schema);
  const members = (value.anyOf ?? value.oneOf) as unknown[] | undefined;
  if (!value.properties && Array.isArray(members)) {
    const others = members.filter((member) => record(member).type !== 'null');
    if (others.length === 1) {
      return topLevelProperties(others[0]);
    }
  }
  return Object.keys(record(value.properties));
}

function firstMediaSchema(content: unknown): unknown {
  return record(Object.values(resolve(content))[0]).schema;
}

export const serverUrl = String(record((spec.servers as unknown[])[0]).url);
export const tagOrder = (spec.tags as Json[]).map((tag) => String(tag.name));
export const operations: SpecOperation[] = Object.entries(record(spec.paths)).flatMap(([route, item]) =>
  METHODS.flatMap((method) => {
    const operation = record(item)[method];
    if (!isRecord(operation)) {
      return [];
    }
    const parameters = [
      ...((record(item).parameters as unknown[]) ?? []),
      ...((operation.parameters as unknown[]) ?? []),
    ].map(resolve);
    return [
      {
        pageId: pageIdOf(String(operation.operationId)),
        method: method.toUpperCase(),
        path: route,
        summary: String(operation.summary),
        tag: String((operation.tags as string[])[0]),
        parameters: parameters.map((parameter) => String(parameter.name)),
        parameterKeys: parameters.map((parameter) => JSON.stringify(parameter)),
        requestProperties: topLevelProperties(firstMediaSchema(resolve(operation.requestBody).content)),
        responses: Object.entries(record(operation.responses)).map(([status, response]) => ({
          status,
          properties: topLevelProperties(firstMediaSchema(resolve(response).content)),
        })),
      },
    ];
  }),
);
