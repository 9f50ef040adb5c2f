/**
 * The scale run's generated API: an OpenAPI 3.1 description of many operations, five
 * per resource, each with the `x-sdk-call` that says how the SDKs call it. Each
 * resource's schemas and operations are the templates of scale-api-template.json, filled in.
 */

import { SDK_CALL_KEY } from '../../src/plugins/api-reference/load';
import type { SdkCall } from '../../src/shared/api-request';
import template from './scale-api-template.json';
import lists from './scale-lists.json';

const camel = (text: string) => text.replace(/(^|_)([a-z])/g, (_, __, c: string) => c.toUpperCase());
const singular = (name: string) => name.replace(/(ie)?s$/, (_, ie: string | undefined) => (ie ? 'y' : ''));

/** The names of `count` resources: the list first, then the list again with a version suffix. */
function resourceNames(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const base = lists.resources[index % lists.resources.length] ?? 'items';
    return index < lists.resources.length
      ? base
      : `${singular(base)}_v${Math.floor(index / lists.resources.length) + 1}s`;
  });
}

/**
 * A template with its `{name}` tokens replaced, in keys and strings; a string that is
 * one token of a value that is not a string becomes that value.
 */
function fill(node: unknown, values: Record<string, unknown>): unknown {
  if (typeof node === 'string') {
    const whole = values[/^\{(\w+)\}$/.exec(node)?.[1] ?? ''];
    if (whole !== undefined && typeof whole !== 'string') return whole;
    return node.replace(/\{(\w+)\}/g, (token, name: string) => String(values[name] ?? token));
  }
  if (Array.isArray(node)) return node.map((item) => fill(item, values));
  if (node && typeof node === 'object') {
    return Object.fromEntries(Object.entries(node).map(([key, value]) => [fill(key, values), fill(value, values)]));
  }
  return node;
}

/** Each action of a resource, in order: its method, whether its path names one item, and its operationId's verb. */
const ROUTES = [
  ['list', 'get', false, 'list'],
  ['create', 'post', false, 'create'],
  ['retrieve', 'get', true, 'get'],
  ['update', 'post', true, 'modify'],
  ['delete', 'delete', true, 'delete'],
] as const satisfies readonly [SdkCall['action'], string, boolean, string][];

/**
 * An OpenAPI 3.1 description of `operationCount` operations (five per resource: list,
 * create, get, update, delete), with path and query parameters, request bodies,
 * responses with examples, shared error schemas and tags. The first resource is
 * `assistants`, so `listAssistants` exists for the API landing page.
 */
export function generateOpenApi(operationCount: number): Record<string, unknown> {
  const names = resourceNames(Math.ceil(operationCount / 5));
  const schemas: Record<string, unknown> = { Error: template.errorSchema };
  const paths: Record<string, Record<string, unknown>> = {};
  let operations = 0;
  names.forEach((name, index) => {
    const one = singular(name);
    const type = camel(one);
    const tag = lists.tags[index % lists.tags.length] as string;
    // `assistants`, `assistant`, `Assistant`, and the words of each.
    const values: Record<string, unknown> = {
      index,
      one,
      type,
      words: one.replace(/_/g, ' '),
      names: name.replace(/_/g, ' '),
      createdAt: 1717000000 + index,
    };
    for (const [part, value] of Object.entries(template.parts)) values[part] = fill(value, values);
    Object.assign(schemas, fill(template.schemas, values));
    const planned = fill(template.operations, values) as Record<SdkCall['action'], { summary: string }>;
    for (const [action, method, item, verb] of ROUTES) {
      if (operations >= operationCount) break;
      const path = item ? `/${name}/{${one}_id}` : `/${name}`;
      const operation = planned[action];
      paths[path] ??= {};
      const call: SdkCall = {
        resource: `beta.${name}`,
        action,
        result: action === 'list' ? name : action === 'delete' ? 'deleted' : one,
      };
      paths[path][method] = {
        operationId: `${verb}${action === 'list' ? camel(name) : type}`,
        [SDK_CALL_KEY]: call,
        tags: [tag],
        description: `${operation.summary}. Part of the ${tag} group.`,
        ...operation,
      };
      operations += 1;
    }
  });
  return {
    openapi: '3.1.0',
    info: { title: 'Rubra API', version: 'v1', description: 'A generated description for the scale run.' },
    servers: [{ url: 'http://localhost:8000/v1', description: 'A local server.' }],
    security: [{}, { bearerAuth: [] }],
    tags: lists.tags.slice(0, names.length).map((name) => ({
      name,
      description: `Operations of the ${name} group.`,
    })),
    paths,
    components: {
      schemas,
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
    },
  };
}
