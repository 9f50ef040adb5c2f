/**
 * An OpenAI-compatible chat completion as the reader sees it: the assistant's text, its
 * tool calls, why it stopped and the tokens it used, whether it came whole or as a
 * stream of chunks (a tool call's arguments then arrive in fragments, joined here).
 */
import { errorOf } from './answer';
import type { ServerEvent } from './stream';

export interface ChatReply {
  content: string;
  /** Each call's arguments as the model wrote them: JSON, when the model got it right. */
  toolCalls: { id?: string; name: string; arguments: string }[];
  finishReason?: string;
  /** The tokens of the prompt, of the completion, and in all. */
  usage?: { prompt: number; completion: number; total: number };
  /** What the server said went wrong, in the stream or in the answer. */
  error?: string;
  /** The stream said `[DONE]`. */
  done: boolean;
}

export const EMPTY_REPLY: ChatReply = { content: '', toolCalls: [], done: false };

type Json = Record<string, unknown>;

const record = (value: unknown): Json => (typeof value === 'object' && value !== null ? (value as Json) : {});

/** One `chat.completion.chunk`: its text and tool-call fragments join what came before. */
function applyChunk(reply: ChatReply, chunk: Json): ChatReply {
  const next: ChatReply = { ...reply, toolCalls: reply.toolCalls.map((call) => ({ ...call })) };
  const choice = record((chunk.choices as unknown[] | undefined)?.[0]);
  const delta = record(choice.delta);
  if (typeof delta.content === 'string') {
    next.content += delta.content;
  }
  for (const fragment of Array.isArray(delta.tool_calls) ? delta.tool_calls : []) {
    const piece = record(fragment);
    const fn = record(piece.function);
    const index = typeof piece.index === 'number' ? piece.index : next.toolCalls.length;
    const call = next.toolCalls[index] ?? { name: '', arguments: '' };
    if (typeof piece.id === 'string') call.id = piece.id;
    if (typeof fn.name === 'string') call.name += fn.name;
    if (typeof fn.arguments === 'string') call.arguments += fn.arguments;
    next.toolCalls[index] = call;
  }
  if (typeof choice.finish_reason === 'string') {
    next.finishReason = choice.finish_reason;
  }
  const usage = record(chunk.usage);
  if (typeof usage.total_tokens === 'number') {
    const { prompt_tokens: prompt, completion_tokens: completion } = usage;
    next.usage = { prompt: Number(prompt ?? 0), completion: Number(completion ?? 0), total: usage.total_tokens };
  }
  return next;
}

/** A whole `chat.completion`: its message read as one chunk's delta, with arguments the model wrote as an object in JSON. */
export function replyFromCompletion(body: unknown): ChatReply {
  const choice = record((record(body).choices as unknown[] | undefined)?.[0]);
  const message = record(choice.message);
  const calls = (Array.isArray(message.tool_calls) ? message.tool_calls : []).map((call) => {
    const fn = record(record(call).function);
    const args = typeof fn.arguments === 'string' ? fn.arguments : JSON.stringify(fn.arguments ?? {});
    return { ...record(call), function: { ...fn, arguments: args } };
  });
  const error = errorOf(body);
  return {
    ...applyChunk(EMPTY_REPLY, { ...record(body), choices: [{ ...choice, delta: { ...message, tool_calls: calls } }] }),
    ...(error ? { error } : {}),
    done: true,
  };
}

/** One server-sent event of a streamed completion. */
export function applyEvent(reply: ChatReply, event: ServerEvent): ChatReply {
  if (event.data.trim() === '[DONE]') {
    return { ...reply, done: true };
  }
  let data: unknown;
  try {
    data = JSON.parse(event.data);
  } catch {
    return event.type === 'error' ? { ...reply, error: event.data } : reply;
  }
  const error = event.type === 'error' ? (errorOf({ error: data }) ?? event.data) : errorOf(data);
  return error ? { ...reply, error } : applyChunk(reply, record(data));
}

/** A tool call's arguments as JSON, or null when the model wrote something else. */
export function parsedArguments(text: string): { value: unknown } | null {
  try {
    return { value: JSON.parse(text) };
  } catch {
    return null;
  }
}
