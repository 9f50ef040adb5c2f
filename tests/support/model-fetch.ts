/**
 * A scripted OpenAI-compatible model server behind a stubbed `fetch`, for the server
 * check's tests: a healthy vLLM serving a Rubra model, each kind of request's answer
 * replaceable, so that a test sets up one failure at a time.
 */
import { vi } from 'vitest';

export interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | null;
  mode: string | undefined;
}

export type Reply = Response | 'refuse' | 'hang';
export type Kind = 'models' | 'chat' | 'tool' | 'stream' | 'result' | 'parallel' | 'required';

export const json = (status: number, value: unknown): Response =>
  new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } });

/** A completion whose message holds the given text and tool calls. */
export const completion = (message: Record<string, unknown>, finishReason = 'stop'): Response =>
  json(200, {
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content: null, ...message }, finish_reason: finishReason }],
  });

export const toolCall = (id: string, name: string, args: string) => ({
  id,
  type: 'function',
  function: { name, arguments: args },
});

/** A server-sent event stream, one chunk of bytes per event. */
export const stream = (events: readonly unknown[]): Response => {
  const encoder = new TextEncoder();
  return new Response(
    new ReadableStream({
      start(controller) {
        for (const event of events) {
          controller.enqueue(encoder.encode(`data: ${typeof event === 'string' ? event : JSON.stringify(event)}\n\n`));
        }
        controller.close();
      },
    }),
    { status: 200, headers: { 'content-type': 'text/event-stream' } },
  );
};

export const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
  object: 'chat.completion.chunk',
  choices: [{ index: 0, delta, finish_reason: finishReason }],
});

/** A healthy vLLM serving a Rubra model; `change` replaces its answer to one kind of request. */
export const HEALTHY: Record<Kind, () => Reply> = {
  models: () => json(200, { object: 'list', data: [{ id: 'rubra-ai/Phi-3-mini-128k-instruct', owned_by: 'vllm' }] }),
  chat: () => completion({ content: 'Hello! How can I help you today?' }),
  tool: () =>
    completion({ tool_calls: [toolCall('call_1', 'get_current_weather', '{"location":"Boston"}')] }, 'tool_calls'),
  stream: () =>
    stream([
      chunk({ role: 'assistant' }),
      chunk({
        tool_calls: [
          { index: 0, id: 'call_2', type: 'function', function: { name: 'get_current_weather', arguments: '' } },
        ],
      }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"location' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '": "Bos' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: 'ton"}' } }] }),
      chunk({}, 'tool_calls'),
      '[DONE]',
    ]),
  result: () => completion({ content: 'It is sunny in Boston today, at 22 °C.' }),
  parallel: () =>
    completion(
      {
        tool_calls: [
          toolCall('call_3', 'get_current_weather', '{"location":"Boston"}'),
          toolCall('call_4', 'get_current_weather', '{"location":"San Francisco"}'),
        ],
      },
      'tool_calls',
    ),
  required: () =>
    completion({ tool_calls: [toolCall('call_5', 'get_current_weather', '{"location":"Boston"}')] }, 'tool_calls'),
};

export function kindOf(call: Call): Kind {
  if (call.url.endsWith('/models')) return 'models';
  const body = call.body ?? {};
  const messages = (body.messages ?? []) as { role: string }[];
  if (body.stream === true) return 'stream';
  if (messages.some((message) => message.role === 'tool')) return 'result';
  if (body.tool_choice === 'required') return 'required';
  if (body.parallel_tool_calls === true) return 'parallel';
  return body.tools ? 'tool' : 'chat';
}

/**
 * A fetch for a server that answers each kind of request as `change` says, else as
 * HEALTHY does. A `no-cors` probe (how the client tells "nothing listens" from "CORS
 * hides the answer") is answered unless `probe` is 'refuse'.
 */
export function fakeFetch(change: Partial<Record<Kind, () => Reply>> = {}, probe: 'answer' | 'refuse' = 'answer') {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: string, init: RequestInit = {}) => {
    const call: Call = {
      url: input,
      method: init.method ?? 'GET',
      headers: Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>)),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : null,
      mode: init.mode,
    };
    if (init.mode === 'no-cors') {
      if (probe === 'refuse') throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    }
    calls.push(call);
    const reply = (change[kindOf(call)] ?? HEALTHY[kindOf(call)])();
    if (reply === 'refuse') throw new TypeError('Failed to fetch');
    if (reply === 'hang') {
      return new Promise<Response>((_, reject) => {
        const stop = () => reject(new DOMException('aborted', 'AbortError'));
        if (init.signal?.aborted) stop();
        init.signal?.addEventListener('abort', stop);
      });
    }
    return reply;
  });
  return { calls, fetch };
}
