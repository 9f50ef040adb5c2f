// @vitest-environment happy-dom
/**
 * One chat completion through the client, as Ask AI sends it: a reply, or why there is
 * none in plain words, from a scripted model server.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { completeChat, modelRequest } from '@site/src/client/completion';

import { fakeFetch, json, type Kind, type Reply } from '../support/model-fetch';

const KEY = 'token-abc123';

function complete(change: Partial<Record<Kind, () => Reply>>, serverUrl = 'http://127.0.0.1:8000/v1') {
  const { calls, fetch } = fakeFetch(change);
  vi.stubGlobal('fetch', fetch);
  const body = { model: 'm', messages: [{ role: 'user', content: 'Hello' }] };
  const request = modelRequest(serverUrl, 'POST', '/chat/completions', body);
  const result = completeChat(request, { apiKey: KEY, timeoutSeconds: 5, cancel: new AbortController().signal });
  return { calls, result };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a chat completion', () => {
  it('is the reply, the key sent only in Authorization', async () => {
    const { calls, result } = complete({});
    expect(await result).toMatchObject({ ok: true, reply: { content: 'Hello! How can I help you today?' } });
    expect(calls[0]?.headers.Authorization).toBe(`Bearer ${KEY}`);
    expect(JSON.stringify(calls[0]?.body)).not.toContain(KEY);
  });

  it('refused, says the status and the server’s own message', async () => {
    const { result } = complete({ chat: () => json(400, { object: 'error', message: 'max_tokens is too large' }) });
    expect(await result).toEqual({ ok: false, message: 'The server answered 400: max_tokens is too large' });
  });

  it('refused with a body of no known shape, gives the body', async () => {
    const { result } = complete({ chat: () => new Response('upstream timed out', { status: 502 }) });
    expect(await result).toEqual({ ok: false, message: 'The server answered 502: upstream timed out' });
  });

  it('refused at the wrong base, says which base to try', async () => {
    const { result } = complete({ chat: () => json(404, { detail: 'Not Found' }) }, 'http://127.0.0.1:8000');
    expect(await result).toEqual({
      ok: false,
      message:
        'The server answered 404: Not Found A model server serves its API under /v1: try http://127.0.0.1:8000/v1 as the Server URL.',
    });
  });

  it('with an error in a successful answer, gives that error', async () => {
    const { result } = complete({ chat: () => json(200, { error: { message: 'the model crashed' } }) });
    expect(await result).toEqual({ ok: false, message: 'the model crashed' });
  });

  it('that is not a completion, says so', async () => {
    const { result } = complete({ chat: () => new Response('<html>', { headers: { 'content-type': 'text/html' } }) });
    expect(await result).toEqual({ ok: false, message: 'The server’s answer is not a chat completion.' });
  });

  it('that gets no answer, keeps the client’s failure and says it', async () => {
    const { result } = complete({ chat: () => 'refuse' });
    const completed = await result;
    if (completed.ok) throw new Error('a refused request gave a reply');
    expect(completed.failure?.message).toBeTruthy();
    expect(completed.message).toBe(completed.failure?.message);
  });
});
