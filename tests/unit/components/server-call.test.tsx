import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { MODEL_SERVER } from '@site/src/client/failure';
import { usedServers } from '@site/src/client/store';
import { fieldsNeedChange, outcomeStatus, useServerCall } from '@site/src/client/useServerCall';

describe('the status line every console and Ask AI show', () => {
  it('counts the fields that need a change', () => {
    expect(fieldsNeedChange(1)).toBe('Nothing was sent: one field needs a change.');
    expect(fieldsNeedChange(3)).toBe('Nothing was sent: 3 fields need a change.');
  });

  it('gives the answer’s status and time, or the failure and its fix', () => {
    const answer = { status: 404, statusText: '', ms: 12, headers: [], contentType: 'text/plain', body: new Blob() };
    expect(outcomeStatus({ ok: true, answer })).toBe('404 Not Found in 12 ms.');
    expect(outcomeStatus({ ok: true, answer: { ...answer, status: 200 } }, 'finish reason stop')).toBe(
      '200 OK in 12 ms; finish reason stop.',
    );
    const failure = { kind: 'timeout' as const, message: 'No answer in 30 s.', fix: 'Wait longer.' };
    expect(outcomeStatus({ ok: false, failure })).toBe('No answer in 30 s. Wait longer.');
  });

  it('says which base to try after a 404 from a base without the server’s /v1', () => {
    const answer = {
      status: 404,
      statusText: '',
      ms: 5,
      headers: [],
      contentType: 'application/json',
      body: new Blob(),
    };
    const base = { server: MODEL_SERVER, serverUrl: 'http://localhost:8000' };
    expect(outcomeStatus({ ok: true, answer }, '', base)).toBe(
      '404 Not Found in 5 ms. A model server serves its API under /v1: try http://localhost:8000/v1 as the Server URL.',
    );
    expect(outcomeStatus({ ok: true, answer }, '', { ...base, serverUrl: 'http://localhost:8000/v1' })).toBe(
      '404 Not Found in 5 ms.',
    );
  });
});

describe('useServerCall', () => {
  it('runs one call at a time, remembers the server and says it is sending', async () => {
    const { result } = renderHook(() => useServerCall('model'));
    let finish: (value: string) => void = () => undefined;
    let first: Promise<string | null> = Promise.resolve(null);
    act(() => {
      first = result.current.run(
        'http://127.0.0.1:8000/v1',
        'Sending…',
        () => new Promise((resolve) => (finish = resolve)),
      );
    });
    expect(result.current.sending).toBe(true);
    expect(result.current.status).toBe('Sending…');
    expect(result.current.servers[0]).toBe('http://127.0.0.1:8000/v1');
    expect(usedServers('model')[0]).toBe('http://127.0.0.1:8000/v1');
    expect(usedServers('api')).not.toContain('http://127.0.0.1:8000/v1');

    let second: string | null = 'ran';
    await act(async () => {
      second = await result.current.run('http://127.0.0.1:9000/v1', 'Again…', async () => 'second');
    });
    expect(second, 'a second call while one runs is not made').toBeNull();

    await act(async () => {
      finish('done');
      expect(await first).toBe('done');
    });
    expect(result.current.sending).toBe(false);
  });

  it('cancel aborts the running call’s signal', async () => {
    const { result } = renderHook(() => useServerCall('api'));
    let signal: AbortSignal | undefined;
    let running: Promise<string | null> = Promise.resolve(null);
    act(() => {
      running = result.current.run('http://127.0.0.1:8000', 'Sending…', (given) => {
        signal = given;
        return new Promise((resolve) => given.addEventListener('abort', () => resolve('cancelled')));
      });
    });
    act(() => result.current.cancel());
    expect(signal?.aborted).toBe(true);
    await act(async () => {
      expect(await running).toBe('cancelled');
    });
    expect(result.current.sending).toBe(false);
  });
});
