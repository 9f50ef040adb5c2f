/**
 * Sends a request from the browser straight to the reader's server and reads the answer,
 * or finds out why there is none: the console's own timeout or Cancel, this site's
 * Content-Security-Policy (its `securitypolicyviolation` event), mixed content, the
 * browser's local-network permission, or, with a `no-cors` GET of the server URL that
 * tells "nothing listens" from "the server answered but CORS hides it", never by
 * sending the reader's request twice.
 */
import type { OutgoingRequest } from '@site/src/shared/api-request';

import { classifyFailure, type Failure, type ServerKind } from './failure';

export interface Answer {
  status: number;
  statusText: string;
  /** Time from sending to the last byte, in milliseconds. */
  ms: number;
  /** The headers the browser lets the page read, in order. */
  headers: [string, string][];
  contentType: string;
  body: Blob;
}

export type Outcome = { ok: true; answer: Answer } | { ok: false; failure: Failure };

export interface SendOptions {
  serverUrl: string;
  server: ServerKind;
  timeoutSeconds: number;
  /** Aborted when the reader presses Cancel. */
  cancel: AbortSignal;
  /**
   * Receives an event stream's text as it arrives (decoded, a character never split);
   * the timeout then counts from the last chunk, so a long stream that keeps coming is
   * not cut.
   */
  onStreamText?: (text: string) => void;
}

/** How long the check of whether anything listens may take. */
const PROBE_MS = 5000;

/** Names under which browsers have exposed the local-network permission. */
const LOCAL_NETWORK_PERMISSIONS = ['local-network-access', 'loopback-network', 'local-network'];

async function localNetworkPermission(): Promise<PermissionState | undefined> {
  for (const name of 'permissions' in navigator ? LOCAL_NETWORK_PERMISSIONS : []) {
    // A browser that does not know the name refuses it.
    const status = await navigator.permissions.query({ name } as unknown as PermissionDescriptor).catch(() => null);
    if (status) return status.state;
  }
  return undefined;
}

export async function send(request: OutgoingRequest, options: SendOptions): Promise<Outcome> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  if (options.cancel.aborted) stop();
  options.cancel.addEventListener('abort', stop);
  let timedOut = false;
  let timer = 0;
  const restartTimer = () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(() => {
      timedOut = true;
      stop();
    }, options.timeoutSeconds * 1000);
  };
  restartTimer();
  let midStream = false;
  let cspAllowed: string[] | undefined;
  const target = new URL(request.url);
  const onViolation = (event: SecurityPolicyViolationEvent) => {
    if (event.effectiveDirective === 'connect-src' && event.blockedURI.startsWith(target.origin)) {
      // The `connect-src` sources of the policy's text.
      const directives = event.originalPolicy.split(';').map((directive) => directive.trim().split(/\s+/));
      cspAllowed = directives.find(([name]) => name === 'connect-src')?.slice(1) ?? [];
    }
  };
  document.addEventListener('securitypolicyviolation', onViolation);
  const started = performance.now();
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body ?? null,
      signal: controller.signal,
      mode: 'cors',
      credentials: 'omit',
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    const contentType = response.headers.get('content-type') ?? '';
    let body: Blob;
    if (options.onStreamText && response.ok && response.body && contentType.includes('text/event-stream')) {
      midStream = true;
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      const parts: string[] = [];
      for (let read = await reader.read(); !read.done; read = await reader.read()) {
        restartTimer();
        parts.push(read.value);
        options.onStreamText(read.value);
      }
      body = new Blob(parts, { type: contentType });
    } else {
      body = await response.blob();
    }
    return {
      ok: true,
      answer: {
        status: response.status,
        statusText: response.statusText,
        ms: Math.round(performance.now() - started),
        headers: [...response.headers.entries()],
        contentType,
        body,
      },
    };
  } catch {
    // The violation event is queued as a task of its own: let it arrive first.
    await new Promise((resolve) => window.setTimeout(resolve, 0));
    const aborted = options.cancel.aborted ? 'cancel' : timedOut ? 'timeout' : undefined;
    const headers = Object.keys(request.headers).map((name) => name.toLowerCase());
    const withKey = headers.includes('authorization');
    return {
      ok: false,
      failure: classifyFailure({
        url: request.url,
        serverUrl: options.serverUrl,
        pageOrigin: window.location.origin,
        server: options.server,
        timeoutSeconds: options.timeoutSeconds,
        midStream,
        aborted,
        cspAllowed,
        ...(aborted || cspAllowed
          ? {}
          : {
              localNetwork: await localNetworkPermission(),
              serverAnswers: await fetch(`${options.serverUrl}/`, {
                mode: 'no-cors',
                credentials: 'omit',
                cache: 'no-store',
                signal: AbortSignal.timeout(PROBE_MS),
              }).then(
                () => true,
                () => false,
              ),
              // A simple method, and no header but simple ones.
              sentWithoutPreflight:
                ['GET', 'HEAD', 'POST'].includes(request.method) &&
                !withKey &&
                (!headers.includes('content-type') || typeof request.body !== 'string'),
              withKey,
            }),
      }),
    };
  } finally {
    window.clearTimeout(timer);
    options.cancel.removeEventListener('abort', stop);
    document.removeEventListener('securitypolicyviolation', onViolation);
  }
}
