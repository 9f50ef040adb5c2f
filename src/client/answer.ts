/** Reading an answer for the reader: its size, whether it is text, and the messages of an error body. */

/** Above this, the view shows the start of the body and offers the whole as a download. */
export const VIEW_LIMIT_BYTES = 1024 * 1024;

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Whether a content type is text the view can show: JSON, text/*, XML, form data. */
export function isTextual(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return (
    type === '' ||
    type.startsWith('text/') ||
    type.endsWith('+json') ||
    type.endsWith('/json') ||
    type.endsWith('+xml') ||
    type.endsWith('/xml') ||
    type === 'application/x-www-form-urlencoded'
  );
}

/**
 * The messages of an error body, in the shapes servers use: FastAPI's `detail` (a
 * sentence, or a list of `{ loc, msg }`), RFC 9457 problem details (`title`, `detail`,
 * and a `validation` list of `{ location, message }`), `{ error: { message } }`, and, when
 * none of those is there, a top-level `message` (vLLM's `{ object: "error", message }`).
 */
export function errorMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) {
    return [];
  }
  const { detail, title, validation, message } = body as Record<string, unknown>;
  const messages = [
    ...(typeof title === 'string' ? [title] : []),
    ...(typeof detail === 'string' ? [detail] : located(detail, 'loc', 'msg')),
    ...located(validation, 'location', 'message'),
    ...[errorOf(body)].filter((error) => error !== undefined),
  ];
  return messages.length === 0 && typeof message === 'string' ? [message] : messages;
}

/** A body's `error`: the string itself, or its `message`. */
export function errorOf(body: unknown): string | undefined {
  const error = (body as { error?: unknown } | null | undefined)?.error;
  const message = typeof error === 'string' ? error : (error as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' ? message : undefined;
}

/** A list of `{ loc, msg }` (or `{ location, message }`) as `loc → path: message` lines. */
function located(list: unknown, where: string, what: string): string[] {
  return (Array.isArray(list) ? list : []).flatMap((item) => {
    const entry = (item ?? {}) as Record<string, unknown>;
    const path = entry[where];
    const message = entry[what];
    const at = Array.isArray(path) ? path.join(' → ') : '';
    return typeof message === 'string' ? [at ? `${at}: ${message}` : message] : [];
  });
}

/** The reason phrase of a status, for answers whose status line has none (HTTP/2). */
const REASONS: Readonly<Record<number, string>> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Content Too Large',
  422: 'Unprocessable Content',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

export function statusLine(status: number, statusText: string): string {
  return `${status} ${statusText || REASONS[status] || ''}`.trim();
}
