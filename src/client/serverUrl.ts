/** Checking the address a reader gives for their server, before anything is sent to it. */

/** A refused server URL is the Server URL field's problem. */
export type ServerUrlCheck = { ok: true; url: string } | { ok: false; field: 'server'; message: string };

const refuse = (message: string) => ({ ok: false, field: 'server', message }) as const;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** Whether a host name is this machine: `localhost`, `*.localhost` or 127.0.0.0/8 and ::1. */
export function isLoopbackHost(hostname: string): boolean {
  return LOOPBACK_HOSTS.has(hostname) || hostname.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(hostname);
}

/**
 * A server URL the console can send to: `http:` or `https:`, with an optional path prefix
 * (`http://gpu-box:8000/rubra`), no query, fragment or credentials; returned without a
 * trailing slash. Anything else gets a sentence saying what to write instead.
 */
export function checkServerUrl(text: string): ServerUrlCheck {
  const trimmed = text.trim();
  if (trimmed === '') {
    return refuse('Enter the address of your server, such as http://localhost:8000.');
  }
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return refuse(`“${trimmed}” is not a URL. Write the scheme, host and port, such as http://localhost:8000.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return refuse(
      `Only http: and https: addresses can be sent to; ${url.protocol} is refused. Use an address such as http://localhost:8000.`,
    );
  }
  if (url.hostname === '0.0.0.0') {
    return refuse(
      'Browsers do not send requests to 0.0.0.0, though a server may listen on it. Use 127.0.0.1 or localhost with the same port.',
    );
  }
  if (url.username || url.password) {
    return refuse('Leave the user name and password out of the URL; put a key in API key instead.');
  }
  if (url.search || url.hash) {
    return refuse('The server URL takes no query or fragment: write only the scheme, host, port and path.');
  }
  return { ok: true, url: `${url.origin}${url.pathname.replace(/\/+$/, '')}` };
}
