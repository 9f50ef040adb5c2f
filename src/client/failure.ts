/**
 * Why a request got no answer the page may read, told apart from the browser's signals,
 * each with what to do about it. The browser reports all of these to `fetch` as the same
 * bare TypeError, so the console gathers the signals itself (see send.ts) and this module
 * only decides, which keeps it testable without a browser.
 */
import { isLoopbackHost } from './serverUrl';

export interface Failure {
  kind: 'unreachable' | 'cors' | 'csp' | 'mixed-content' | 'local-network' | 'timeout' | 'cancelled';
  /** What happened, in one sentence. */
  message: string;
  /** What to do about it. */
  fix: string;
}

/** What the kind of server is called and how it allows another origin. */
export interface ServerKind {
  name: string;
  /** How this kind of server allows an origin, said after a CORS refusal. */
  allowOrigin: (origin: string) => string;
  /** Whether this kind of server serves its API under `/v1` below the origin. */
  underV1: boolean;
}

/**
 * What to try after a 404 when the Server URL lacks the `/v1` this kind of server wants,
 * or has one it does not want; null when the base is not the likely cause.
 */
export function baseUrlHint(server: ServerKind, serverUrl: string, status: number): string | null {
  const base = serverUrl.replace(/\/+$/, '');
  const hasV1 = base.endsWith('/v1');
  if (status !== 404 || hasV1 === server.underV1) {
    return null;
  }
  return server.underV1
    ? `A ${server.name} serves its API under /v1: try ${base}/v1 as the Server URL.`
    : `A ${server.name} serves its API without /v1: try ${base.slice(0, -'/v1'.length)} as the Server URL.`;
}

export interface FailureSignals {
  url: string;
  serverUrl: string;
  /** This page's origin: `http://localhost:3000`. */
  pageOrigin: string;
  server: ServerKind;
  aborted?: 'timeout' | 'cancel';
  timeoutSeconds: number;
  /** Whether an event stream had begun: a timeout then means the stream stalled. */
  midStream?: boolean;
  /** The `connect-src` sources of the policy that refused the URL, when a `securitypolicyviolation` event said so. */
  cspAllowed?: readonly string[];
  /** The browser's local-network permission for this page, where the browser has one. */
  localNetwork?: PermissionState;
  /** Whether a `no-cors` GET of the server URL got an answer (an opaque one): something listens there. */
  serverAnswers?: boolean;
  /** Whether the browser sent the request without asking first (no preflight), so the server may have acted on it. */
  sentWithoutPreflight?: boolean;
  /** Whether the request carried the reader's key, whose header the server must allow too. */
  withKey?: boolean;
}

export function classifyFailure(signals: FailureSignals): Failure {
  const { server, serverUrl, pageOrigin } = signals;
  // The request's URL was parsed before it was sent.
  const target = new URL(signals.url);
  if (signals.aborted === 'cancel') {
    return {
      kind: 'cancelled',
      message: 'Cancelled: the request was stopped.',
      fix: 'Send it again when you are ready.',
    };
  }
  if (signals.aborted === 'timeout') {
    return {
      kind: 'timeout',
      message: signals.midStream
        ? `The stream stalled: nothing more arrived from ${serverUrl} for ${signals.timeoutSeconds} seconds.`
        : `No answer from ${serverUrl} within ${signals.timeoutSeconds} seconds.`,
      fix: `Check that the ${server.name} is not busy or stuck, or allow more time in Timeout.`,
    };
  }
  if (signals.cspAllowed) {
    const allowed = signals.cspAllowed.filter((source) => source !== "'self'");
    return {
      kind: 'csp',
      message: `This site's Content-Security-Policy does not allow requests to ${target.origin}.`,
      fix: `The site may send requests to itself and to ${allowed.join(', ') || 'no other address'}. Use one of those addresses; a site you build yourself can allow more origins with API_CONSOLE_ORIGINS.`,
    };
  }
  if (pageOrigin.startsWith('https:') && target.protocol === 'http:' && !isLoopbackHost(target.hostname)) {
    return {
      kind: 'mixed-content',
      message: `The browser blocked the request: this page is served over https, and it may not call the http address ${target.origin} (mixed content).`,
      fix: `Serve the ${server.name} over https, reach it through localhost or 127.0.0.1 (for instance with an SSH tunnel), or open these docs over http from your own machine.`,
    };
  }
  if (signals.localNetwork === 'denied') {
    return {
      kind: 'local-network',
      message: `The browser blocked the request: this site is not allowed to reach addresses on your machine or local network.`,
      fix: `Allow local network access for ${pageOrigin} in the browser's site settings, then send again.`,
    };
  }
  if (signals.serverAnswers) {
    const acted = signals.sentWithoutPreflight
      ? ` The browser sent this request without asking first, so the server may have acted on it (an upload may have been stored) even though its answer is hidden.`
      : '';
    const keyHeader = signals.withKey ? ' (or the Authorization header that carries the key)' : '';
    return {
      kind: 'cors',
      message: `The ${server.name} at ${serverUrl} answered, but its CORS headers do not allow this page's origin, ${pageOrigin}${keyHeader}, so the browser hides the answer.${acted}`,
      fix: signals.withKey
        ? `Allow the origin ${pageOrigin} and the Authorization header on the server, or leave API key empty if the server needs no key. ${server.allowOrigin(pageOrigin)}`
        : `Allow the origin ${pageOrigin} on the server. ${server.allowOrigin(pageOrigin)}`,
    };
  }
  return {
    kind: 'unreachable',
    message: `Could not connect to ${serverUrl}. Is the ${server.name} running?`,
    fix: `Start the server, or check the host and port in Server URL.`,
  };
}

/** A model server: llama.cpp's llama-server, vLLM, or any OpenAI-compatible one. */
export const MODEL_SERVER: ServerKind = {
  name: 'model server',
  underV1: true,
  allowOrigin: (origin) =>
    `vLLM allows it with --allowed-origins '["${origin}"]' (and --allowed-headers for a key); a server without such a setting needs a proxy on your machine that adds the headers.`,
};
