/**
 * The one way a console or Ask AI talks to a reader's server: one call at a time, the
 * server remembered for the tab when the call starts, a signal that Cancel (or closing)
 * aborts, and the status line that says what happened, in the same words everywhere.
 */
import { useCallback, useRef, useState } from 'react';

import { statusLine } from './answer';
import { baseUrlHint, type ServerKind } from './failure';
import type { Outcome } from './send';
import { rememberServer, usedServers } from './store';

/** The status when fields need a change before anything can be sent. */
export function fieldsNeedChange(count: number): string {
  return `Nothing was sent: ${count === 1 ? 'one field needs' : `${count} fields need`} a change.`;
}

/**
 * The status after a call: the server's status line and time (and a detail, and what to
 * try when a 404 comes from a base without the server's `/v1`), or the failure and its fix.
 */
export function outcomeStatus(
  outcome: Outcome,
  detail?: string,
  base?: { server: ServerKind; serverUrl: string },
): string {
  if (!outcome.ok) {
    return `${outcome.failure.message} ${outcome.failure.fix}`;
  }
  const { answer } = outcome;
  const hint = base ? baseUrlHint(base.server, base.serverUrl, answer.status) : null;
  return `${statusLine(answer.status, answer.statusText)} in ${answer.ms} ms${detail ? `; ${detail}` : ''}.${hint ? ` ${hint}` : ''}`;
}

/** `scope` keeps the API servers and the model servers in separate lists. */
export function useServerCall(scope: 'api' | 'model') {
  const [controller, setController] = useState<AbortController | null>(null);
  const [status, setStatus] = useState('');
  const current = useRef<AbortController | null>(null);

  /**
   * Remembers the server and runs `work` with a signal that `cancel` aborts; null, and
   * nothing run, while another call is under way.
   */
  const run = useCallback(
    async <T>(serverUrl: string, sendingStatus: string, work: (signal: AbortSignal) => Promise<T>) => {
      if (current.current) {
        return null;
      }
      rememberServer(scope, serverUrl);
      const next = new AbortController();
      current.current = next;
      setController(next);
      setStatus(sendingStatus);
      try {
        return await work(next.signal);
      } finally {
        current.current = null;
        setController(null);
      }
    },
    [scope],
  );

  const cancel = useCallback(() => current.current?.abort(), []);

  // The tab's list as it is at each render: the call's own changes and the reader's Clear both re-render.
  return { sending: controller !== null, status, setStatus, servers: usedServers(scope), run, cancel };
}
