/**
 * The scale run's generated API: an OpenAPI 3.1 description of many operations, five
 * per resource, each with the `x-sdk-call` that says how the SDKs call it.
 */

import { SDK_CALL_KEY } from '../../src/plugins/api-reference/sdk-call';
import type { SdkCall } from '../../src/shared/api-request';
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

const ERROR_SCHEMA = {
  type: 'object',
  required: ['detail'],
  properties: {
    detail: {
      type: 'array',
      description: 'What went wrong, one entry per problem.',
      items: {
        type: 'object',
        properties: {
          loc: { type: 'array', items: { type: 'string' } },
          msg: { type: 'string' },
          type: { type: 'string' },
        },
      },
    },
  },
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const ERRORS = {
  '404': errorResponse('No object has this id.'),
  '422': errorResponse('The request does not validate.'),
};

/** What one resource is called: `assistants`, `assistant`, `Assistant`, `Assistants`. */
interface Resource {
  index: number;
  name: string;
  one: string;
  type: string;
  plural: string;
}

/** A resource's object schema and the schema of the body that creates it, by name. */
function resourceSchemas({ one, type }: Resource): Record<string, unknown> {
  return {
    [type]: {
      type: 'object',
      description: `A ${one.replace(/_/g, ' ')}.`,
      required: ['id', 'object', 'created_at'],
      properties: {
        id: { type: 'string', description: 'The identifier.' },
        object: { type: 'string', const: one },
        created_at: { type: 'integer', description: 'Creation time, in seconds since the Unix epoch.' },
        name: { type: ['string', 'null'], maxLength: 256, description: 'A name to show.' },
        status: { type: 'string', enum: ['active', 'paused', 'archived'] },
        limit: { type: 'integer', minimum: 1, maximum: 1000, default: 20 },
        metadata: {
          type: 'object',
          additionalProperties: { type: 'string' },
          description: 'Up to 16 key-value pairs.',
        },
      },
    },
    [`Create${type}Request`]: {
      type: 'object',
      required: ['name'],
      properties: {
        name: { type: 'string', maxLength: 256 },
        status: { type: 'string', enum: ['active', 'paused'] },
        metadata: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  };
}

/** Each action of a resource, in order: its method, whether its path names one item, and its operationId's verb. */
const ROUTES = [
  ['list', 'get', false, 'list'],
  ['create', 'post', false, 'create'],
  ['retrieve', 'get', true, 'get'],
  ['update', 'post', true, 'modify'],
  ['delete', 'delete', true, 'delete'],
] as const satisfies readonly [SdkCall['action'], string, boolean, string][];

const LIST_PARAMETERS = [
  {
    name: 'limit',
    in: 'query',
    schema: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
    description: 'How many to return.',
  },
  {
    name: 'order',
    in: 'query',
    schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' },
    description: 'Sort order by creation time.',
  },
  {
    name: 'after',
    in: 'query',
    schema: { type: 'string' },
    description: 'A cursor: the last id of the previous page.',
  },
];

/** A resource's five operations: list, create, retrieve, modify and delete. */
function resourceOperations({ index, name, one, type }: Resource) {
  const idParam = `${one}_id`;
  const words = one.replace(/_/g, ' ');
  const example = {
    id: `${one}_abc${index}`,
    object: one,
    created_at: 1717000000 + index,
    name: `My ${one}`,
    metadata: {},
  };
  const ref = { $ref: `#/components/schemas/${type}` };
  const body = {
    required: true,
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/Create${type}Request` },
        example: { name: `My ${one}`, status: 'active' },
      },
    },
  };
  const objectResponse = (description: string) => ({
    description,
    content: { 'application/json': { schema: ref, example } },
  });
  const idParameter = {
    name: idParam,
    in: 'path',
    required: true,
    description: `The id of the ${words}.`,
    schema: { type: 'string' },
    example: example.id,
  };
  const list = {
    summary: `List ${name.replace(/_/g, ' ')}`,
    parameters: LIST_PARAMETERS,
    responses: {
      '200': {
        description: `A page of ${name.replace(/_/g, ' ')}.`,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['object', 'data', 'has_more'],
              properties: {
                object: { type: 'string', const: 'list' },
                data: { type: 'array', items: ref },
                has_more: { type: 'boolean' },
              },
            },
            example: { object: 'list', data: [example], has_more: false },
          },
        },
      },
      '422': ERRORS['422'],
    },
  };
  const deleted = {
    description: 'The deletion status.',
    content: {
      'application/json': {
        schema: { type: 'object', properties: { id: { type: 'string' }, deleted: { type: 'boolean' } } },
        example: { id: example.id, deleted: true },
      },
    },
  };
  return {
    list,
    create: {
      summary: `Create a ${words}`,
      requestBody: body,
      responses: { '200': objectResponse(`The new ${words}.`), '422': ERRORS['422'] },
    },
    retrieve: {
      summary: `Retrieve a ${words}`,
      parameters: [idParameter],
      responses: { '200': objectResponse(`The ${words}.`), '404': ERRORS['404'] },
    },
    update: {
      summary: `Modify a ${words}`,
      parameters: [idParameter],
      requestBody: body,
      responses: { '200': objectResponse(`The changed ${words}.`), '404': ERRORS['404'], '422': ERRORS['422'] },
    },
    delete: {
      summary: `Delete a ${words}`,
      parameters: [idParameter],
      responses: { '200': deleted, '404': ERRORS['404'] },
    },
  };
}

/**
 * An OpenAPI 3.1 description of `operationCount` operations (five per resource: list,
 * create, get, update, delete), with path and query parameters, request bodies,
 * responses with examples, shared error schemas and tags. The first resource is
 * `assistants`, so `listAssistants` exists for the API landing page.
 */
export function generateOpenApi(operationCount: number): Record<string, unknown> {
  const names = resourceNames(Math.ceil(operationCount / 5));
  const schemas: Record<string, unknown> = { Error: ERROR_SCHEMA };
  const paths: Record<string, Record<string, unknown>> = {};
  let operations = 0;
  names.forEach((name, index) => {
    const one = singular(name);
    const resource: Resource = { index, name, one, type: camel(one), plural: camel(name) };
    const tag = lists.tags[index % lists.tags.length] as string;
    Object.assign(schemas, resourceSchemas(resource));
    const planned = resourceOperations(resource);
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
        operationId: `${verb}${action === 'list' ? resource.plural : resource.type}`,
        [SDK_CALL_KEY]: call,
        tags: [tag],
        description: `${operation.summary as string}. Part of the ${tag} group.`,
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
