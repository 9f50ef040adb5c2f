// What the tests' small HTTP servers read of a request, written once.

/**
 * A request's headers with lower-case names, repeated headers joined with `, `.
 * @param {import('node:http').IncomingMessage} request
 */
export function headersOf(request) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return headers;
}

/**
 * A request's body, byte for byte.
 * @param {import('node:http').IncomingMessage} request
 * @returns {Promise<Buffer>}
 */
export async function bodyOf(request) {
  /** @type {Buffer[]} */
  const chunks = [];
  for await (const chunk of request) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}
