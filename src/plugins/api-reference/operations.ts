import { STATUS_CODES } from 'node:http';

import {
  descriptionError,
  asRecord,
  isRecord,
  pageIdOf,
  rawOperations,
  SDK_CALL_KEY,
  toPointer,
  type Json,
  type RawOperation,
} from './load';
import { parseInline } from './inline';
import { isBinary, schemaConverter } from './schema';
import type { ApiReference } from '../../plugins-lib/api-reference';
import type { CodeHighlighter } from '../../plugins-lib/highlight';
import { codeSamples, type ApiRequest, type RequestBody, type SdkCall } from '../../shared/api-request';
import type { ApiConsoleData, ApiExample, ApiOperationPage, ApiParameter, ApiResponse } from '../../shared/api-types';

export interface BuildOptions {
  /** The description's file name, for error messages. */
  file: string;
  /** Builds the link to a page from its id: `/api/get-run`. */
  pageHref: (pageId: string) => string;
  downloads: { yaml: string; json: string };
  /** Highlights the code samples and examples, beside their text, so the pages need no highlighter. */
  highlight?: CodeHighlighter['highlight'];
}

/** Reason phrases by status, with RFC 9110's name for 422 (Node's table keeps the older one). */
const REASONS: Readonly<Record<string, string | undefined>> = { ...STATUS_CODES, '422': 'Unprocessable Content' };

/** Turns a validated, dereferenced description into the data of every API page. */
export function buildApiReference(api: Json, options: BuildOptions): ApiReference {
  const schemas = Object.entries(asRecord(asRecord(api.components).schemas));
  const schemaNames = new Map<object, string>(
    schemas.flatMap(([name, schema]) => (isRecord(schema) ? [[schema, name]] : [])),
  );
  const raws = rawOperations(api);
  const homes = schemaHomes(raws, schemaNames);
  const link = (name: string) => {
    const home = homes.get(name);
    return home ? `${options.pageHref(home.pageId)}#${home.anchor}` : undefined;
  };
  const convert = schemaConverter(schemaNames, link);
  const servers = (Array.isArray(api.servers) ? api.servers : [])
    .map((server) => String(asRecord(server).url ?? '').replace(/\/$/, ''))
    .filter(Boolean);
  const serverUrl = servers[0] ?? '';

  const consoles = new Map<string, ApiConsoleData>();
  const pages = raws.map(buildPage);

  const tags = (Array.isArray(api.tags) ? api.tags.filter(isRecord) : []).map((tag) => String(tag.name));
  const untagged = raws[pages.findIndex((page) => !tags.includes(page.tag))];
  if (untagged) {
    throw descriptionError(
      options.file,
      toPointer(['paths', untagged.path, untagged.method, 'tags']),
      'the operation needs a first tag that the top-level tags declare, to place it in the API sidebar',
    );
  }
  const info = asRecord(api.info);
  return {
    title: String(info.title ?? ''),
    description: String(info.description ?? ''),
    pages: tags.flatMap((tag) => pages.filter((page) => page.tag === tag)),
    descriptions: new Map(
      raws.map((raw) => [String(raw.operation.operationId), String(raw.operation.description ?? '')]),
    ),
    servers,
    consoles,
  };

  function buildPage({ operation, path, method, pathItem }: RawOperation) {
    const operationId = String(operation.operationId);
    const pageId = pageIdOf(operationId);
    const described = [...homes].find(([, home]) => home.pageId === pageId);
    const parameterObjects = mergeParameters(pathItem, operation);
    const bodyMedia = firstMedia(asRecord(operation.requestBody).content);
    const body = bodyMedia && exampleBody(bodyMedia);
    const bodyRequired = asRecord(operation.requestBody).required === true;
    // Loading the description checked every x-sdk-call.
    const call = operation[SDK_CALL_KEY] as SdkCall;
    const inPlace = (place: string) => parameterObjects.filter((parameter) => parameter.in === place);
    const request: ApiRequest = {
      serverUrl,
      method: method.toUpperCase(),
      path,
      pathParams: inPlace('path').map(({ name, example }) => ({ name: String(name), value: String(example ?? '') })),
      // The query holds the parameters a request needs: those required or with a default.
      query: inPlace('query')
        .filter((parameter) => parameter.required === true || asRecord(parameter.schema).default !== undefined)
        .map(({ name, example, schema }) => ({ name: String(name), value: example ?? asRecord(schema).default })),
      headers: [],
      ...(body ? { body } : {}),
    };
    const page: ApiOperationPage = {
      pageId,
      operationId,
      method: method.toUpperCase(),
      path,
      serverUrl,
      summary: String(operation.summary ?? operationId),
      tag: String((Array.isArray(operation.tags) ? operation.tags[0] : undefined) ?? ''),
      security: buildSecurity(api, operation),
      parameters: parameterObjects.map((parameter): ApiParameter => ({
        name: String(parameter.name),
        ...convert(asRecord(parameter.schema), { required: parameter.required === true }),
        // A parameter's row names its type only, without a link to a shared schema.
        ref: undefined,
        in: String(parameter.in) as ApiParameter['in'],
        description: parseInline(String(parameter.description ?? asRecord(parameter.schema).description ?? '')),
        ...(parameter.example !== undefined ? { example: JSON.stringify(parameter.example) } : {}),
      })),
      ...(bodyMedia && {
        requestBody: {
          contentType: bodyMedia.type,
          required: bodyRequired,
          description: parseInline(String(asRecord(operation.requestBody).description ?? '')),
          schema: convert(asRecord(bodyMedia.media.schema), { required: bodyRequired }),
          ...exampleField(bodyMedia, options.highlight),
        },
      }),
      responses: Object.entries(asRecord(operation.responses)).map(([status, response]): ApiResponse => {
        const media = firstMedia(asRecord(response).content);
        return {
          status,
          reason: REASONS[status] ?? '',
          description: parseInline(String(asRecord(response).description ?? '')),
          ...(media && {
            contentType: media.type,
            schema: convert(asRecord(media.media.schema), { required: true }),
            ...exampleField(media, options.highlight),
            // The shared schema whose home this response is, with its anchor.
            ...(status === '200' && described && { schemaAnchor: { id: described[1].anchor, name: described[0] } }),
          }),
        };
      }),
      samples: codeSamples(request, call).map((sample) => ({
        ...sample,
        highlighted: options.highlight?.(sample.code, { language: sample.language }),
      })),
      downloads: options.downloads,
    };
    const parameters = [...inPlace('path'), ...inPlace('query')].map(({ name, in: place, schema }) => ({
      name: String(name),
      in: place as 'path' | 'query',
      schema: validationSchema(schema),
    }));
    const bodySchema = bodyMedia ? { bodySchema: validationSchema(bodyMedia.media.schema) } : {};
    consoles.set(pageId, { call, request, parameters, ...bodySchema });
    return page;
  }
}

/**
 * Each shared entity schema (one with an `object` type name other than `list`) is
 * described on one page: the first GET operation that returns it, or failing that,
 * the first GET operation that returns a list of it.
 */
function schemaHomes(raws: RawOperation[], schemaNames: Map<object, string>) {
  const homes = new Map<string, { pageId: string; anchor: string }>();
  const gets = raws.filter((raw) => raw.method === 'get');
  const okSchema = (raw: RawOperation) =>
    asRecord(asRecord(asRecord(asRecord(raw.operation.responses)['200']).content)['application/json']).schema;
  const place = (schema: unknown, raw: RawOperation) => {
    const entity = asRecord(schema);
    const objectConst = asRecord(asRecord(entity.properties).object).const;
    const name = typeof objectConst === 'string' && objectConst !== 'list' && schemaNames.get(entity);
    if (name && !homes.has(name)) {
      homes.set(name, { pageId: pageIdOf(String(raw.operation.operationId)), anchor: `schema-${pageIdOf(name)}` });
    }
  };
  gets.forEach((raw) => place(okSchema(raw), raw));
  gets.forEach((raw) => place(asRecord(asRecord(asRecord(okSchema(raw)).properties).data).items, raw));
  return homes;
}

/** The request body of the description's example: JSON as it is, a form as its fields (files by name). */
function exampleBody({ type, media, example }: Media): RequestBody | undefined {
  if (type === 'multipart/form-data') {
    const properties = asRecord(asRecord(media.schema).properties);
    const values = asRecord(example);
    return {
      kind: 'multipart',
      fields: Object.keys(properties).map((name) => ({
        name,
        value: values[name] === undefined ? '' : String(values[name]),
        file: isBinary(asRecord(properties[name])),
      })),
    };
  }
  return example === undefined ? undefined : { kind: 'json', contentType: type, value: example };
}

/** Words for readers the validator does not need; everything else of the dereferenced schema stays. */
const NOT_FOR_VALIDATION = new Set(['description', 'example', 'examples', 'title']);

/**
 * A dereferenced schema for the console's validator, without prose. It has no cycles: the
 * dereferencer leaves a circular `$ref` as it is written.
 */
function validationSchema(schema: unknown): unknown {
  // `properties` maps names (which may be any word, `description` included) to schemas.
  const propertyMaps = new WeakSet<object>();
  const text = JSON.stringify(schema, function (this: object, key: string, value: unknown) {
    if (key === 'properties' && isRecord(value)) {
      propertyMaps.add(value);
    }
    const prose = NOT_FOR_VALIDATION.has(key) || key.startsWith('x-');
    return prose && !propertyMaps.has(this) ? undefined : value;
  });
  return text === undefined ? undefined : JSON.parse(text);
}

/** Path-level parameters, overridden by operation-level ones of the same name and place. */
function mergeParameters(pathItem: Json, operation: Json): Json[] {
  const byKey = new Map(
    [pathItem.parameters, operation.parameters]
      .flatMap((list) => (Array.isArray(list) ? list.filter(isRecord) : []))
      .map((parameter) => [`${String(parameter.in)}:${String(parameter.name)}`, parameter]),
  );
  const order = ['path', 'query', 'header', 'cookie'];
  return [...byKey.values()].sort((a, b) => order.indexOf(String(a.in)) - order.indexOf(String(b.in)));
}

type Media = NonNullable<ReturnType<typeof firstMedia>>;

/** The first media type of a request or response: its name, its object, and its `example` or first `examples`' value. */
function firstMedia(content: unknown) {
  const [entry] = Object.entries(asRecord(content));
  const media = asRecord(entry?.[1]);
  const example =
    media.example !== undefined ? media.example : asRecord(Object.values(asRecord(media.examples))[0]).value;
  return entry ? { type: entry[0], media, example } : undefined;
}

/**
 * The example as a page shows it: text as it is, unless the media type is JSON; anything else as
 * indented JSON, highlighted as JSON.
 */
function exampleField({ type, example }: Media, highlight: BuildOptions['highlight']): ApiExample {
  if (example === undefined) {
    return {};
  }
  const json = typeof example !== 'string' || type.includes('json');
  const text = json ? JSON.stringify(example, null, 2) : example;
  return { example: text, highlightedExample: highlight?.(text, { language: json ? 'json' : 'text' }) };
}

function buildSecurity(api: Json, operation: Json): ApiOperationPage['security'] {
  const requirements = (
    Array.isArray(operation.security) ? operation.security : Array.isArray(api.security) ? api.security : []
  ).filter(isRecord);
  const schemes = asRecord(asRecord(api.components).securitySchemes);
  const names = [...new Set(requirements.flatMap((requirement) => Object.keys(requirement)))];
  return {
    optional: requirements.length === 0 || requirements.some((requirement) => Object.keys(requirement).length === 0),
    schemes: names.map((name) => {
      const scheme = asRecord(schemes[name]);
      return { name, label: securityLabel(scheme), description: parseInline(String(scheme.description ?? '')) };
    }),
  };
}

function securityLabel(scheme: Json): string {
  if (scheme.type === 'http') {
    return String(scheme.scheme).toLowerCase() === 'bearer' ? 'Bearer token' : `HTTP ${String(scheme.scheme)}`;
  }
  if (scheme.type === 'apiKey') {
    return `API key in ${String(scheme.in)} "${String(scheme.name)}"`;
  }
  return String(scheme.type);
}
