/**
 * The plain JSON that each API page receives as props. The plugin computes it at
 * build time from the dereferenced OpenAPI description; the page components only
 * render it, so nothing that parses OpenAPI reaches the browser.
 */
import type { ApiCodeSample, ApiRequest, SdkCall } from './api-request';
import type { HighlightedCode } from './highlighted-code';

/** A run of inline Markdown, already parsed at build time. */
export type InlineToken =
  { kind: 'text' | 'code' | 'strong' | 'em'; text: string } | { kind: 'link'; text: string; href: string };

export type InlineText = InlineToken[];

/** A schema as the pages show it: a field's row, and what it contains. An operation's parameter is one too. */
export interface SchemaNode {
  name?: string;
  required: boolean;
  /** A short type label: `string`, `integer`, `object`, `array of Tool`, `binary`. */
  type: string;
  description: InlineText;
  /** Allowed values, JSON-encoded; a `const` is an enum of one. */
  enum?: string[];
  /** The default value, JSON-encoded. */
  default?: string;
  /** Readable constraints: `1 to 100`, `at most 128 items`, `pattern …`. */
  constraints: string[];
  nullable?: boolean;
  /** The shared schema's name in `components/schemas`, and where it is described when it has a home page. */
  ref?: { name: string; href?: string };
  properties?: SchemaNode[];
  items?: SchemaNode;
  variantKind?: 'oneOf' | 'anyOf';
  variants?: { label: string; node: SchemaNode }[];
}

export interface ApiParameter extends SchemaNode {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  example?: string;
}

/** An example's text and its form highlighted when the site is built; the page data then leaves out `example`. */
export interface ApiExample {
  example?: string;
  highlightedExample?: HighlightedCode;
}

export interface ApiResponse extends ApiExample {
  status: string;
  /** `Not Found` */
  reason: string;
  description: InlineText;
  contentType?: string;
  schema?: SchemaNode;
  /** The shared schema this response describes for every page that links to it, and its element id. */
  schemaAnchor?: { id: string; name: string };
}

export interface ApiOperationPage {
  pageId: string;
  operationId: string;
  method: string;
  path: string;
  serverUrl: string;
  summary: string;
  tag: string;
  security: { optional: boolean; schemes: { name: string; label: string; description: InlineText }[] };
  parameters: ApiParameter[];
  requestBody?: ApiExample & { contentType: string; required: boolean; description: InlineText; schema: SchemaNode };
  responses: ApiResponse[];
  samples: ApiCodeSample[];
  /** Where the description can be downloaded, as YAML and as JSON. */
  downloads: { yaml: string; json: string };
}

/** The folder of the built site that holds each operation's console file, `<page id>.json`. */
export const API_CONSOLE_DIR = 'api-console';

/**
 * What the "Try it" console of an operation needs beyond the page's data, in a file of
 * its own that is fetched when the reader opens the console.
 */
export interface ApiConsoleData {
  call: SdkCall;
  /** The request with the description's examples: the one the page's samples show. */
  request: ApiRequest;
  /** The path and query parameters' schemas, dereferenced, to check the form's values. */
  parameters: { name: string; in: 'path' | 'query'; schema: unknown }[];
  /** The request body's schema, dereferenced, to check the body before it is sent. */
  bodySchema?: unknown;
}
