// @vitest-environment happy-dom
/**
 * Check your server, driven by a scripted fetch: every step's verdict, and every failure
 * mapped to the server's own words and the guide's section that says what to change.
 */
import { readFileSync } from 'node:fs';

import { afterEach, describe, expect, it, vi } from 'vitest';

import {
  checkServer,
  reportMarkdown,
  statusText,
  WEATHER_TOOL,
  type CheckReport,
  type Guide,
} from '@site/src/client/check';

import {
  chunk,
  completion,
  fakeFetch,
  HEALTHY,
  json,
  kindOf,
  stream,
  toolCall,
  type Call,
  type Kind,
  type Reply,
} from '../support/model-fetch';

const SERVER = 'http://127.0.0.1:8000/v1';
const KEY = 'token-abc123';
const ORIGIN = window.location.origin;

/** Stubs fetch with the scripted server; its requests, but for `no-cors` probes, in order. */
function fakeServer(change: Partial<Record<Kind, () => Reply>> = {}, probe: 'answer' | 'refuse' = 'answer'): Call[] {
  const { calls, fetch } = fakeFetch(change, probe);
  vi.stubGlobal('fetch', fetch);
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const run = (options: { serverUrl?: string; guide?: Guide; timeoutSeconds?: number; apiKey?: string } = {}) =>
  checkServer({
    serverUrl: options.serverUrl ?? SERVER,
    apiKey: options.apiKey ?? KEY,
    guide: options.guide ?? 'vllm',
    cancel: new AbortController().signal,
    timeoutSeconds: options.timeoutSeconds ?? 5,
  });

const statuses = (report: CheckReport) => report.steps.map((step) => `${step.id}: ${statusText(step)}`);
function step(report: CheckReport, id: string): CheckReport['steps'][number] {
  const found = report.steps.find((each) => each.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
}

function callOf(calls: readonly Call[], kind: Kind): Call {
  const found = calls.find((call) => kindOf(call) === kind);
  if (!found) throw new Error(`no ${kind} request`);
  return found;
}

describe('a healthy server', () => {
  it('passes every step, in order, the optional ones supported', async () => {
    const calls = fakeServer();
    const report = await run();
    expect(statuses(report)).toEqual([
      'reach: Passed',
      'models: Passed',
      'chat: Passed',
      'tool: Passed',
      'stream: Passed',
      'result: Passed',
      'parallel: Supported',
      'required: Supported',
    ]);
    expect(calls.map(kindOf)).toEqual(['models', 'chat', 'tool', 'stream', 'result', 'parallel', 'required']);
    expect(report.model).toBe('rubra-ai/Phi-3-mini-128k-instruct');
    expect(step(report, 'models').detail).toBe(
      'Serves rubra-ai/Phi-3-mini-128k-instruct; the rest of the check uses rubra-ai/Phi-3-mini-128k-instruct.',
    );
    expect(step(report, 'reach').detail).toContain(ORIGIN);
    expect(step(report, 'stream').detail).toBe(
      `Joined from the stream: get_current_weather {"location": "Boston"}, valid JSON that meets the tool's schema.`,
    );
    expect(step(report, 'result').detail).toContain('22 °C');
    expect(report.steps.every((each) => typeof each.ms === 'number' && each.ms >= 0)).toBe(true);
    expect(report.steps.some((each) => each.fix || each.said)).toBe(false);
  });

  it('sends the key only as the bearer token, names the listed model, and sends the tool result back', async () => {
    const calls = fakeServer();
    await run();
    for (const call of calls) {
      expect(call.headers.Authorization ?? call.headers.authorization).toBe(`Bearer ${KEY}`);
      expect(call.url).not.toContain(KEY);
      expect(JSON.stringify(call.body ?? {})).not.toContain(KEY);
      if (call.body) expect(call.body.model).toBe('rubra-ai/Phi-3-mini-128k-instruct');
    }
    const tool = callOf(calls, 'tool');
    expect(tool.body?.tools).toEqual([WEATHER_TOOL]);
    expect(tool.body?.tool_choice).toBe('auto');
    const messages = callOf(calls, 'result').body?.messages as Record<string, unknown>[];
    expect(messages.map((message) => message.role)).toEqual(['user', 'assistant', 'tool']);
    expect(messages[1]?.tool_calls).toEqual([toolCall('call_1', 'get_current_weather', '{"location":"Boston"}')]);
    expect(messages[2]).toMatchObject({ tool_call_id: 'call_1', name: 'get_current_weather' });
  });

  it('sends no key when API key is empty', async () => {
    const calls = fakeServer();
    await run({ apiKey: '' });
    expect(
      calls.every((call) => !Object.keys(call.headers).some((name) => name.toLowerCase() === 'authorization')),
    ).toBe(true);
  });

  it('reports each step as it runs', async () => {
    fakeServer();
    const seen: string[] = [];
    await checkServer({
      serverUrl: SERVER,
      apiKey: '',
      guide: 'vllm',
      cancel: new AbortController().signal,
      onProgress: (report) => {
        const running = report.steps.find((each) => each.status === 'running');
        if (running) seen.push(running.id);
      },
    });
    expect(seen).toEqual(['reach', 'models', 'chat', 'tool', 'stream', 'result', 'parallel', 'required']);
  });
});

describe('what the server says, and what to change', () => {
  it('upstream vLLM without its tool flags: the flags, in the vLLM guide', async () => {
    const message = '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set';
    fakeServer({
      tool: () => json(400, { object: 'error', message, type: 'BadRequestError', param: null, code: 400 }),
    });
    const report = await run();
    const tool = step(report, 'tool');
    expect(tool).toMatchObject({ status: 'failed', detail: 'The server answered 400 Bad Request.', said: message });
    expect(tool.fix?.text).toMatch(/--enable-auto-tool-choice and --tool-call-parser/);
    expect(tool.fix?.link?.href).toBe('/inference/vllm#upstream-tools');
    expect(statuses(report).slice(4)).toEqual([
      'stream: Not run',
      'result: Not run',
      'parallel: Not run',
      'required: Not run',
    ]);
    expect(step(report, 'stream').detail).toBe('Not run: the tool call must work first.');
  });

  it('llama-server without --jinja: --jinja and --chat-template-file, in the llama.cpp guide', async () => {
    fakeServer({
      models: () => json(200, { object: 'list', data: [{ id: 'model.gguf', owned_by: 'llamacpp' }] }),
      tool: () =>
        json(500, { error: { code: 500, message: 'tools param requires --jinja flag', type: 'server_error' } }),
    });
    const tool = step(await run(), 'tool');
    expect(tool).toMatchObject({ status: 'failed', said: 'tools param requires --jinja flag' });
    expect(tool.detail).toBe('The server answered 500 Internal Server Error.');
    expect(tool.fix?.text).toMatch(/--jinja.*--chat-template-file/);
    expect(tool.fix?.link?.href).toBe('/inference/llamacpp#upstream-tools');
  });

  it('a tool call written as plain text with finish_reason stop: the chat template', async () => {
    const text = '{"name": "get_current_weather", "arguments": {"location": "Boston"}}';
    fakeServer({
      models: () => json(200, { object: 'list', data: [{ id: 'model.gguf', owned_by: 'llamacpp' }] }),
      tool: () => completion({ content: text }, 'stop'),
    });
    const tool = step(await run({ guide: 'vllm' }), 'tool');
    expect(tool.status).toBe('failed');
    expect(tool.detail).toBe('The call came back as plain text (finish reason stop), not in tool_calls.');
    expect(tool.said).toBe(text);
    expect(tool.fix?.text).toMatch(/wrong chat template.*--chat-template/);
    expect(tool.fix?.link?.href).toBe('/inference/llamacpp#wrong-chat-template');
  });

  it('a model that answers in words instead of calling: says so, and points at the template', async () => {
    fakeServer({ tool: () => completion({ content: 'I cannot check the weather.' }, 'stop') });
    const tool = step(await run(), 'tool');
    expect(tool.detail).toBe('The model answered in text (finish reason stop) instead of calling the tool.');
    expect(tool.fix?.link?.href).toBe('/inference/vllm#upstream-tools');
  });

  it('a model the server does not serve (404): the ids it serves', async () => {
    fakeServer({
      models: () =>
        json(200, { object: 'list', data: [{ id: 'rubra-ai/Phi-3-mini-128k-instruct', owned_by: 'vllm' }] }),
      chat: () =>
        json(404, {
          object: 'error',
          message: 'The model `default` does not exist.',
          type: 'NotFoundError',
          param: null,
          code: 404,
        }),
    });
    const chat = step(await run(), 'chat');
    expect(chat).toMatchObject({ status: 'failed', said: 'The model `default` does not exist.' });
    expect(chat.fix?.text).toBe(
      'The server does not serve the model the request named: name one of its own ids. It serves rubra-ai/Phi-3-mini-128k-instruct.',
    );
    expect(chat.fix?.link?.href).toBe('/inference/vllm#function-calling');
  });

  it('a 401: the key, and nothing more is sent', async () => {
    const calls = fakeServer({ models: () => json(401, { error: 'Unauthorized' }) });
    const report = await run({ apiKey: '' });
    expect(step(report, 'reach').status).toBe('passed');
    expect(step(report, 'models')).toMatchObject({ status: 'failed', said: 'Unauthorized' });
    expect(step(report, 'models').fix?.text).toMatch(/API key/);
    expect(step(report, 'models').fix?.link?.href).toBe('/inference/vllm#start-the-server');
    expect(
      statuses(report)
        .slice(2)
        .every((line) => line.endsWith('Not run')),
    ).toBe(true);
    expect(calls).toHaveLength(1);
  });

  it('a CORS refusal: this site’s origin and the servers’ own ways to allow it', async () => {
    fakeServer({ models: () => 'refuse' }, 'answer');
    const report = await run();
    const reach = step(report, 'reach');
    expect(reach.status).toBe('failed');
    expect(reach.detail).toMatch(/CORS headers do not allow this page's origin/);
    expect(reach.fix?.text).toContain(`--allowed-origins, whose list must then hold "${ORIGIN}"`);
    expect(reach.fix?.text).toMatch(/llama-server allows any origin by default/);
    expect(reach.fix?.text).toMatch(/refuses a request without that key .*: check the key in API key\.$/);
    expect(step(await run({ apiKey: '' }), 'reach').fix?.text).toMatch(/without its key .*: put the key in API key\.$/);
    expect(reach.fix?.link?.href).toBe('/inference/vllm#function-calling');
    expect(step(report, 'models')).toMatchObject({
      status: 'not-run',
      detail: 'Not run: the server must answer the page first.',
    });
  });

  it('nothing listening: the client’s own words, and nothing more is tried', async () => {
    const calls = fakeServer({ models: () => 'refuse' }, 'refuse');
    const report = await run();
    expect(step(report, 'reach').detail).toMatch(/Could not connect to http:\/\/127\.0\.0\.1:8000\/v1/);
    expect(calls).toHaveLength(1);
  });

  it('a server still loading its model (503): the model may still be loading', async () => {
    fakeServer({
      models: () => json(503, { error: { code: 503, message: 'Loading model', type: 'unavailable_error' } }),
    });
    const models = step(await run(), 'models');
    expect(models).toMatchObject({ status: 'failed', said: 'Loading model' });
    expect(models.detail).toBe('The server answered 503 Service Unavailable.');
    expect(models.fix?.text).toMatch(/^The model may still be loading/);
  });

  it('no answer in time: the model may still be loading', async () => {
    fakeServer({ chat: () => 'hang' });
    const chat = step(await run({ timeoutSeconds: 0.05 }), 'chat');
    expect(chat.status).toBe('failed');
    expect(chat.fix?.text).toMatch(/the model may still be loading/);
    expect(chat.fix?.link?.href).toBe('/inference/vllm#start-the-server');
  });

  it('a 404 from a base URL without /v1: try it with /v1', async () => {
    fakeServer({ models: () => json(404, { detail: 'Not Found' }) });
    const models = step(await run({ serverUrl: 'http://127.0.0.1:8000' }), 'models');
    expect(models.said).toBe('Not Found');
    expect(models.fix?.text).toMatch(/try http:\/\/127\.0\.0\.1:8000\/v1\.$/);
  });

  it('a 404 from a base URL with /v1 where the server wants none: try it without', async () => {
    fakeServer({
      models: () => new Response('File Not Found', { status: 404, headers: { 'content-type': 'text/plain' } }),
    });
    const models = step(await run({ serverUrl: 'http://127.0.0.1:1234/v1' }), 'models');
    expect(models.fix?.text).toMatch(/try the server URL without it, http:\/\/127\.0\.0\.1:1234\.$/);
  });

  it('a server that lists no models: the rest of the check still runs, naming the default', async () => {
    const calls = fakeServer({ models: () => json(200, { object: 'list', data: [] }) });
    const report = await run();
    expect(step(report, 'models')).toMatchObject({ status: 'failed' });
    expect(step(report, 'chat').status).toBe('passed');
    expect(calls[1]?.body?.model).toBe('default');
  });

  it('an error inside a 200 answer: the server’s words', async () => {
    fakeServer({ chat: () => json(200, { error: { message: 'context length exceeded' } }) });
    const chat = step(await run(), 'chat');
    expect(chat).toMatchObject({ status: 'failed', said: 'context length exceeded' });
  });
});

describe('the tool call itself', () => {
  it('arguments that are not JSON: jsonrepair', async () => {
    fakeServer({ tool: () => completion({ tool_calls: [toolCall('c', 'get_current_weather', '{location: Boston')] }) });
    const tool = step(await run(), 'tool');
    expect(tool.status).toBe('failed');
    expect(tool.detail).toMatch(/the arguments are not valid JSON: \{location: Boston/);
    expect(tool.fix?.link?.href).toBe('/inference/vllm#malformed-json');
  });

  it('arguments that break the schema, and a wrong name', async () => {
    fakeServer({ tool: () => completion({ tool_calls: [toolCall('c', 'get_current_weather', '{"unit":"kelvin"}')] }) });
    const tool = step(await run(), 'tool');
    expect(tool.detail).toMatch(/required property "location"/);
    expect(tool.detail).toMatch(/at #\/unit/);
    fakeServer({ tool: () => completion({ tool_calls: [toolCall('c', 'get_weather', '{"location":"Boston"}')] }) });
    expect(step(await run(), 'tool').detail).toMatch(/the call names “get_weather”, not get_current_weather/);
  });

  it('a stream that breaks the call', async () => {
    fakeServer({
      stream: () =>
        stream([
          chunk({ tool_calls: [{ index: 0, id: 'c', function: { name: 'get_current_weather', arguments: '{"loc' } }] }),
          '[DONE]',
        ]),
    });
    const report = await run();
    expect(step(report, 'stream').status).toBe('failed');
    expect(step(report, 'stream').detail).toMatch(
      /^The streamed call does not meet the tool: the arguments are not valid JSON/,
    );
    expect(step(report, 'result').status).toBe('passed');
  });

  it('a server that ignores "stream": true', async () => {
    fakeServer({ stream: HEALTHY.tool });
    const stream = step(await run(), 'stream');
    expect(stream).toMatchObject({ status: 'failed' });
    expect(stream.detail).toMatch(/answered whole, not as a stream/);
  });

  it('a model that calls again, or does not use the result', async () => {
    fakeServer({ result: HEALTHY.tool });
    expect(step(await run(), 'result').detail).toBe(
      'The model called a tool again instead of answering from the result.',
    );
    fakeServer({ result: () => completion({ content: 'I do not know the weather.' }) });
    const result = step(await run({ guide: 'llamacpp' }), 'result');
    expect(result.detail).toBe('The answer does not give the temperature the tool returned (22 °C).');
    expect(result.said).toBe('I do not know the weather.');
    expect(result.fix?.link?.href).toBe('/inference/vllm#chat-templates');
  });
});

describe('the optional features', () => {
  it('are not supported, never failed: one call for two cities, and a refused "required"', async () => {
    fakeServer({
      parallel: HEALTHY.tool,
      required: () =>
        json(400, { object: 'error', message: 'tool_choice "required" is not supported', type: 'BadRequestError' }),
    });
    const report = await run();
    expect(step(report, 'parallel')).toMatchObject({
      status: 'not-supported',
      detail: 'Not supported: the answer held 1 tool call.',
    });
    expect(step(report, 'required')).toMatchObject({
      status: 'not-supported',
      detail: 'Not supported: The server answered 400 Bad Request.',
      said: 'tool_choice "required" is not supported',
    });
    expect(step(report, 'required').fix).toBeUndefined();
    expect(statusText(step(report, 'required'))).toBe('Not supported');
  });
});

describe('cancel', () => {
  it('stops the step under way; the rest are not run', async () => {
    const controller = new AbortController();
    fakeServer({ tool: () => 'hang' });
    const running = checkServer({
      serverUrl: SERVER,
      apiKey: '',
      guide: 'vllm',
      cancel: controller.signal,
      onProgress: (report) => {
        if (report.steps.find((each) => each.status === 'running')?.id === 'tool') controller.abort();
      },
    });
    const report = await running;
    expect(step(report, 'tool')).toMatchObject({ status: 'not-run', detail: 'Cancelled while it ran.', ms: null });
    expect(step(report, 'stream').detail).toBe('Not run: the check was cancelled.');
    expect(step(report, 'chat').status).toBe('passed');
  });
});

describe('the report as Markdown', () => {
  it('lists every step with its status, time, the server’s words fenced and absolute links, never the key', async () => {
    const message = 'bad ``` input';
    fakeServer({
      tool: () =>
        json(400, { object: 'error', message: `"auto" tool choice requires --enable-auto-tool-choice; ${message}` }),
    });
    const report = await run();
    const markdown = reportMarkdown(report, 'https://docs.example');
    expect(markdown).toMatch(/^## Server check: http:\/\/127\.0\.0\.1:8000\/v1\n/);
    expect(markdown).toContain(`- Checked from: ${ORIGIN}`);
    expect(markdown).toMatch(/\n1\. \*\*Reachable, and allowed by CORS\*\*: Passed \(\d+ ms\)\. /);
    expect(markdown).toMatch(
      /\n4\. \*\*A tool call \(get_current_weather\)\*\*: Failed \(\d+ ms\)\. The server answered 400 Bad Request\./,
    );
    expect(markdown).toContain(
      '   ````\n   "auto" tool choice requires --enable-auto-tool-choice; bad ``` input\n   ````',
    );
    expect(markdown).toContain(
      'See [vLLM guide: tools on upstream vLLM](https://docs.example/inference/vllm#upstream-tools).',
    );
    expect(markdown).toContain('8. **tool_choice "required"**: Not run. Not run: the tool call must work first.');
    expect(markdown).not.toContain(KEY);
  });
});

describe('the tool', () => {
  it('is the serving guides’ get_current_weather, as their tools-request.json sends it', () => {
    for (const guide of ['docs/inference/vllm.mdx', 'docs/inference/llamacpp.mdx']) {
      const source = readFileSync(guide, 'utf8');
      const block = /```json title="tools-request\.json"\n([\s\S]*?)\n```/.exec(source)?.[1];
      expect(block, guide).toBeDefined();
      expect((JSON.parse(block ?? '{}') as { tools: unknown[] }).tools, guide).toEqual([WEATHER_TOOL]);
    }
  });
});
