/**
 * One chat completion request to a model server, its reply read whole or, when the body
 * asks for `"stream": true`, event by event as it arrives, and what the server said when it
 * refused. The serving guides' console, Ask AI and the server check send theirs through here;
 * the API console, which loads none of this, reads its answers with `answer.ts` alone.
 */
import { outgoingRequest, type ApiRequest } from '@site/src/shared/api-request';

import { errorMessages, isTextual } from './answer';
import { applyEvent, EMPTY_REPLY, replyFromCompletion, type ChatReply } from './chat';
import { baseUrlHint, MODEL_SERVER, type Failure } from './failure';
import { send, type Answer, type Outcome, type SendOptions } from './send';
import { eventReader } from './stream';

/** A server's text as a report keeps it: `limit` characters at most. */
export function clip(text: string, limit = 600): string {
  const trimmed = text.trim();
  return trimmed.length > limit ? `${trimmed.slice(0, limit)}…` : trimmed;
}

/** What a server said in an answer's body: the messages of an error body, or its text; none for a binary body. */
export async function serverWords(answer: Answer): Promise<string> {
  if (!isTextual(answer.contentType)) return '';
  const text = await answer.body.text();
  try {
    const messages = errorMessages(JSON.parse(text));
    return clip(messages.length > 0 ? messages.join(' ') : text);
  } catch {
    return clip(text);
  }
}

/** A JSON request to a model server's OpenAI-style API, `path` below its base URL. */
export function modelRequest(
  serverUrl: string,
  method: string,
  path: string,
  body?: Record<string, unknown>,
): ApiRequest {
  return {
    serverUrl,
    method,
    path,
    pathParams: [],
    query: [],
    headers: [],
    ...(body ? { body: { kind: 'json', contentType: 'application/json', value: body } } : {}),
  };
}

type ModelOptions = Pick<SendOptions, 'timeoutSeconds' | 'cancel' | 'onStreamText'> & { apiKey: string };

/** Sends a request to a model server, the key only in `Authorization`. */
export function sendToModel(request: ApiRequest, { apiKey, ...options }: ModelOptions): Promise<Outcome> {
  return send(outgoingRequest(request, { apiKey }), { ...options, serverUrl: request.serverUrl, server: MODEL_SERVER });
}

/** The entries of a `GET /models` answer's `data`; none when it is not JSON. */
export async function listedModels(answer: Answer): Promise<{ id?: unknown; owned_by?: unknown }[]> {
  try {
    const { data } = JSON.parse(await answer.body.text()) as { data?: unknown };
    return Array.isArray(data) ? data.map((entry) => (entry ?? {}) as { id?: unknown }) : [];
  } catch {
    return [];
  }
}

/** The ids of the models a server serves, from `GET /models`; null when it does not list them. */
export async function listModels(serverUrl: string, options: Pick<ModelOptions, 'apiKey' | 'cancel'>) {
  const outcome = await sendToModel(modelRequest(serverUrl, 'GET', '/models'), { ...options, timeoutSeconds: 10 });
  if (!outcome.ok || outcome.answer.status >= 300) {
    return null;
  }
  const ids = (await listedModels(outcome.answer)).map((entry) => entry.id).filter((id) => typeof id === 'string');
  return ids.length > 0 ? ids : null;
}

/**
 * The model a request names: the reader's own choice when the server lists it (or lists
 * nothing to check it against), otherwise the first model the server lists.
 */
export function pickModel(listed: readonly string[] | null, wanted: string): string {
  const own = wanted.trim();
  if (listed === null || listed.length === 0) {
    return own || 'default';
  }
  return listed.includes(own) ? own : (listed[0] ?? own);
}

/**
 * Sends a completion: its outcome, and the reply read from a successful answer, streamed
 * or whole; after a stream broke off, what arrived before. `onReply` gets the reply so
 * far, each time a streamed event adds to it.
 */
export async function requestCompletion(
  request: ApiRequest,
  options: ModelOptions & { onReply?: (reply: ChatReply) => void },
) {
  const body = request.body?.kind === 'json' ? request.body.value : undefined;
  const streaming = (body as { stream?: unknown } | null | undefined)?.stream === true;
  const events = eventReader();
  let current: ChatReply | null = streaming ? EMPTY_REPLY : null;
  const take = (text: string | null) => {
    for (const event of text === null ? events.end() : events.push(text)) {
      current = applyEvent(current ?? EMPTY_REPLY, event);
    }
    if (current) {
      options.onReply?.(current);
    }
  };
  const outcome = await sendToModel(request, { ...options, ...(streaming ? { onStreamText: take } : {}) });
  const streamed = outcome.ok && outcome.answer.contentType.includes('text/event-stream');
  if (streamed) {
    take(null);
    return { outcome, reply: current, streamed };
  }
  if (outcome.ok && outcome.answer.status < 300 && isTextual(outcome.answer.contentType)) {
    try {
      const reply = replyFromCompletion(JSON.parse(await outcome.answer.body.text()));
      options.onReply?.(reply);
      return { outcome, reply, streamed };
    } catch {
      return { outcome, reply: null, streamed };
    }
  }
  return { outcome, reply: outcome.ok ? null : current, streamed };
}

/** A chat reply, or why there is none in plain words; `failure` when no answer came at all. */
export type Completion = { ok: true; reply: ChatReply } | { ok: false; message: string; failure?: Failure };

/** Sends a completion and judges its answer: a reply, or what the server or the client said of it. */
export async function completeChat(
  request: ApiRequest,
  options: Parameters<typeof requestCompletion>[1],
): Promise<Completion> {
  const { outcome, reply } = await requestCompletion(request, options);
  if (!outcome.ok) {
    return { ok: false, message: outcome.failure.message, failure: outcome.failure };
  }
  const { status } = outcome.answer;
  if (status >= 300) {
    const said = await serverWords(outcome.answer);
    const hint = baseUrlHint(MODEL_SERVER, request.serverUrl, status);
    return { ok: false, message: `The server answered ${status}: ${said || 'no message'}${hint ? ` ${hint}` : ''}` };
  }
  if (!reply) {
    return { ok: false, message: 'The server’s answer is not a chat completion.' };
  }
  return reply.error ? { ok: false, message: reply.error } : { ok: true, reply };
}
