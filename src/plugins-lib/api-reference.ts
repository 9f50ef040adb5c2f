/**
 * The API reference as other plugins read it: what the API reference plugin
 * (src/plugins/api-reference) loads and hands on with its docs instance's content, and
 * the page facts its pages and their Markdown twins both write (the landing page, the
 * headings and their ids).
 */
import type { ApiConsoleData, ApiOperationPage } from '../shared/api-types';

export interface ApiReference {
  title: string;
  description: string;
  /** Every page, in the sidebar's order: tag by tag, in the order the description declares its tags. */
  pages: ApiOperationPage[];
  /** Each operation's description (Markdown), by operationId: the page's body, not its data. */
  descriptions: ReadonlyMap<string, string>;
  /** The description's server URLs, without a trailing slash. */
  servers: string[];
  /** What the "Try it" console fetches for each page, by page id: a file of its own, not the page's data. */
  consoles: ReadonlyMap<string, ApiConsoleData>;
}

/** The key of the docs instance's content under which the loaded reference rides along. */
export const REFERENCE_KEY = 'apiReference';

/**
 * The API reference the plugin loaded, from its content as other plugins receive it
 * in `allContentLoaded`.
 */
export function apiReferenceOf(content: unknown, pluginId: string): ApiReference {
  const reference = (content as Record<string, unknown> | undefined)?.[REFERENCE_KEY];
  if (typeof reference !== 'object' || reference === null) {
    throw new Error(`The API reference plugin "${pluginId}" has no loaded reference in its content.`);
  }
  return reference as ApiReference;
}

/** The page that /api shows too. */
export const LANDING_PAGE_ID = 'list-assistants';

/** The headings of an operation's page; its Markdown twin has the same. */
export const API_HEADINGS = {
  authentication: { text: 'Authentication', id: 'authentication' },
  parameters: { text: 'Parameters', id: 'parameters' },
  requestBody: { text: 'Request body', id: 'request-body' },
  responses: { text: 'Responses', id: 'responses' },
  codeSamples: { text: 'Code samples', id: 'code-samples' },
} as const;

/** A heading's text and its id on the page. */
export type ApiHeading = ReturnType<typeof aboutHeading>;

/** The heading over the API's own description, on the landing page. */
export function aboutHeading(title: string) {
  return { text: `About the ${title}`, id: 'about-the-api' };
}

export function responseHeading(response: { status: string; reason?: string }) {
  return { text: [response.status, response.reason].filter(Boolean).join(' '), id: `response-${response.status}` };
}
