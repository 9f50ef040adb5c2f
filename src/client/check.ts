/**
 * Check your server: the steps a reader's model server must pass for Rubra's tool calls,
 * run in order from the page, each reported as passed, failed or not supported (or not
 * run, when an earlier failure makes it impossible), with its time. A failure keeps what
 * the server said, in its own words, and what to change, in the serving guides' words,
 * with a link to the guide's section. Everything is sent through the one client
 * (`sendToModel`, `requestCompletion`), so the key goes only in `Authorization`.
 */
import { Validator } from '@cfworker/json-schema';

import data from './check.json';
import { statusLine } from './answer';
import { parsedArguments, type ChatReply } from './chat';
import { clip, listedModels, modelRequest, pickModel, requestCompletion, sendToModel, serverWords } from './completion';
import type { Failure } from './failure';
import type { Answer } from './send';

/** The serving guides' example tool (docs/inference/vllm.mdx and llamacpp.mdx, `tools-request.json`). */
export const WEATHER_TOOL = data.tool;

/** What the check's tool answers: the temperature is what the model's answer must repeat. */
const WEATHER_RESULT = { location: 'Boston', temperature: 22, unit: 'celsius', description: 'Sunny' };
const ANSWERED_FROM_RESULT = /\b22\b|twenty[- ]two/i;

type StepStatus = 'waiting' | 'running' | 'passed' | 'failed' | 'not-supported' | 'not-run';

interface Fix {
  text: string;
  /** `href` is a path of this site with its anchor: `/inference/vllm#upstream-tools`. */
  link?: { label: string; href: string };
}

export interface StepResult {
  id: string;
  title: string;
  status: StepStatus;
  /** How long the step took, in milliseconds; null before it runs or when it did not. */
  ms: number | null;
  detail: string;
  /** What the server (or the model) said, in its own words. */
  said?: string;
  fix?: Fix;
}

export interface CheckReport {
  serverUrl: string;
  /** This site's origin, which the server's CORS headers must allow. */
  pageOrigin: string;
  /** The model the steps after `GET /models` name. */
  model: string | null;
  steps: StepResult[];
}

export type Guide = 'vllm' | 'llamacpp';

export interface CheckOptions {
  serverUrl: string;
  apiKey: string;
  cancel: AbortSignal;
  /** The guide to link to until the server tells which kind it is (its models' `owned_by`). */
  guide: Guide;
  /** The reader's own choice of model, used when the server lists it. */
  model?: string;
  /** Seconds each request may take; a model on a CPU answers slowly. */
  timeoutSeconds?: number;
  /** The report so far, after each change. */
  onProgress?: (report: CheckReport) => void;
}

/**
 * A fix in check.json: its text, its section's anchor and name, and `guide` when it names
 * one guide's case, otherwise the server's guide is linked.
 */
type FixData = [text: string, anchor: string, section: string, guide?: Guide];
const FIXES = data.fixes as unknown as Record<string, FixData>;

/** Whether a server URL ends in an API version (`/v1`). */
const VERSIONED = /\/v\d+$/;

/** Why a tool call does not meet the tool: its name, JSON arguments and schema. */
function callProblems(call: { name: string; arguments: string }): string[] {
  if (call.name !== WEATHER_TOOL.function.name) {
    return [`the call names “${call.name}”, not ${WEATHER_TOOL.function.name}`];
  }
  const parsed = parsedArguments(call.arguments);
  if (!parsed) {
    return [`the arguments are not valid JSON: ${clip(call.arguments, 200)}`];
  }
  const result = new Validator(
    WEATHER_TOOL.function.parameters as unknown as Record<string, unknown>,
    '2020-12',
    false,
  ).validate(parsed.value);
  return result.valid
    ? []
    : result.errors
        .filter((error) => error.keyword !== 'properties')
        .map((error) => `the arguments do not meet the tool's schema at ${error.instanceLocation}: ${error.error}`);
}

function describeCall(call: { name: string; arguments: string }): string {
  return `${call.name} ${clip(call.arguments, 200)}`;
}

type Verdict = Pick<StepResult, 'status' | 'detail' | 'said' | 'fix'>;

const passed = (detail: string): Verdict => ({ status: 'passed', detail });
const failed = (detail: string, more?: Partial<Verdict>): Verdict => ({ status: 'failed', detail, ...more });
const notSupported = (detail: string, more?: Partial<Verdict>): Verdict => ({
  status: 'not-supported',
  detail: `Not supported: ${detail}`,
  ...more,
});

export async function checkServer(options: CheckOptions): Promise<CheckReport> {
  const { serverUrl, apiKey, cancel } = options;
  const timeoutSeconds = options.timeoutSeconds ?? 60;
  let guide = options.guide;
  const report: CheckReport = {
    serverUrl,
    pageOrigin: window.location.origin,
    model: null,
    // check.json lists the steps in the order they run.
    steps: Object.entries(data.steps).map(([id, title]) => ({ id, title, status: 'waiting', ms: null, detail: '' })),
  };
  const progress = () => options.onProgress?.(structuredClone(report));
  /** Ends the check: the steps from `from` on that wait are not run, for `why`. */
  const stop = (from: number, why: string) => {
    for (const step of report.steps.slice(from)) {
      if (step.status === 'waiting') Object.assign(step, { status: 'not-run', detail: why });
    }
    progress();
    return report;
  };
  let served: string[] | null = null;

  /** Runs one step; null when the check was cancelled, the rest then marked not run. */
  const step = async (index: number, work: (result: StepResult) => Promise<Verdict>): Promise<StepResult | null> => {
    const result = report.steps[index] as StepResult;
    if (cancel.aborted) {
      stop(index, 'Not run: the check was cancelled.');
      return null;
    }
    result.status = 'running';
    progress();
    const started = performance.now();
    Object.assign(result, await work(result));
    result.ms ??= Math.round(performance.now() - started);
    if (cancel.aborted) {
      Object.assign(result, { status: 'not-run', detail: 'Cancelled while it ran.', ms: null });
      delete result.fix;
      stop(index + 1, 'Not run: the check was cancelled.');
      return null;
    }
    progress();
    return result;
  };

  /** A fix, linked to its section of a guide, at `/inference/<guide>`; `{name}` in its text is `values[name]`. */
  const fix = (name: string, values?: Record<string, string | number>): Fix => {
    const [text, anchor, section, own = guide] = FIXES[name] as FixData;
    return {
      text: text.replace(/\{(\w+)\}/g, (_, key: string) => String(values?.[key])),
      link: { label: `${data.guideNames[own]}: ${section}`, href: `/inference/${own}#${anchor}` },
    };
  };

  /** What to change for an HTTP answer that refused a step, from its status and the server's words. */
  const httpFix = (id: string, status: number, text: string): Fix => {
    if (text.includes('--enable-auto-tool-choice') || text.includes('--tool-call-parser')) return fix('vllm-flags');
    if (text.includes('--jinja')) return fix('jinja');
    if (status === 503 || /loading model/i.test(text)) return fix('loading');
    if (status === 401 || status === 403) return fix('key');
    if (status === 404 && /model/i.test(text) && id !== 'models') {
      return fix(`model-${guide}`, { served: served?.length ? ` It serves ${served.join(', ')}.` : '' });
    }
    if (status === 404) {
      const base = VERSIONED.test(serverUrl)
        ? `try the server URL without it, ${serverUrl.replace(VERSIONED, '')}`
        : `try ${serverUrl}/v1`;
      return fix('path', { base });
    }
    return fix('log');
  };

  /** A step's failure to get any answer: the client's own explanation, said for model servers. */
  const transportFailure = ({ kind, message, fix: text }: Failure): Verdict =>
    failed(message, {
      fix:
        kind === 'timeout'
          ? fix('timeout', { seconds: timeoutSeconds })
          : kind === 'cors'
            ? fix('cors', {
                origin: report.pageOrigin,
                which: apiKey ? 'that' : 'its',
                keyAdvice: apiKey ? 'check the key in API key' : 'put the key in API key',
              })
            : { text },
    });

  /** An answer that refused a step: the server's words and what to change. */
  const refused = async (id: string, answer: Answer): Promise<Verdict> => {
    const said = await serverWords(answer);
    return failed(`The server answered ${statusLine(answer.status, answer.statusText)}.`, {
      ...(said ? { said } : {}),
      fix: httpFix(id, answer.status, said),
    });
  };

  /** A step that sends one completion and judges its reply; `unanswered` says what a failure to get one is. */
  const ask = (
    index: number,
    body: Record<string, unknown>,
    judge: (reply: ChatReply, streamed: boolean) => Verdict,
    unanswered = (failure: Verdict) => failure,
  ) =>
    step(index, async ({ id }) => {
      const { outcome, reply, streamed } = await requestCompletion(
        modelRequest(serverUrl, 'POST', '/chat/completions', body),
        { apiKey, timeoutSeconds, cancel },
      );
      if (!outcome.ok) return unanswered(transportFailure(outcome.failure));
      if (outcome.answer.status >= 300) return unanswered(await refused(id, outcome.answer));
      if (reply?.error) {
        return unanswered(
          failed('The server reported an error in its answer.', {
            said: clip(reply.error),
            fix: httpFix(id, outcome.answer.status, reply.error),
          }),
        );
      }
      if (reply) return judge(reply, streamed);
      return unanswered(
        failed('The answer is not a chat completion.', { said: clip(await outcome.answer.body.text()) }),
      );
    });

  // 1 and 2: one GET /models tells whether anything answers, whether CORS lets the page read it, and what it serves.
  const found: { listing?: Answer; call?: ChatReply['toolCalls'][number] } = {};
  const reach = await step(0, async () => {
    const listing = await sendToModel(modelRequest(serverUrl, 'GET', '/models'), { apiKey, timeoutSeconds, cancel });
    if (!listing.ok) return transportFailure(listing.failure);
    found.listing = listing.answer;
    return passed(`The server answered, and its CORS headers let this site (${report.pageOrigin}) read the answer.`);
  });
  const listing = found.listing;
  if (reach?.status !== 'passed' || !listing) return stop(1, 'Not run: the server must answer the page first.');

  const listed = await step(1, async (result) => {
    result.ms = listing.ms;
    if (listing.status >= 300) return refused('models', listing);
    const entries = await listedModels(listing);
    served = entries.map((entry) => entry.id).filter((id): id is string => typeof id === 'string');
    const owner = entries.map((entry) => entry.owned_by).find((owned) => typeof owned === 'string');
    if (owner === 'vllm' || owner === 'llamacpp') {
      guide = owner;
    }
    report.model = pickModel(served, options.model ?? '');
    return served.length === 0
      ? failed(`The server lists no models; the rest of the check names “${report.model}”.`)
      : passed(`Serves ${served.join(', ')}; the rest of the check uses ${report.model}.`);
  });
  if (!listed || listing.status >= 300) return stop(2, 'Not run: GET /models must succeed first.');
  const model = report.model ?? pickModel(null, options.model ?? '');

  const chat = await ask(
    2,
    { model, messages: [{ role: 'user', content: 'Say hello in one short sentence.' }], max_tokens: 64 },
    (reply) =>
      reply.content.trim() === ''
        ? failed(`The answer holds no text (finish reason ${reply.finishReason ?? 'none'}).`)
        : passed(`The model answered: “${clip(reply.content, 160)}”.`),
  );
  if (chat?.status !== 'passed') return stop(3, 'Not run: a plain chat completion must work first.');

  const toolBody = {
    model,
    messages: [{ role: 'user', content: "What's the weather like in Boston today?" }],
    tools: [WEATHER_TOOL],
    tool_choice: 'auto',
  };
  const judgeCall = (reply: ChatReply, how: string): Verdict => {
    const call = reply.toolCalls[0];
    if (!call) {
      const mentions = reply.content.includes(WEATHER_TOOL.function.name) || /[{[]/.test(reply.content);
      return failed(
        mentions
          ? `The call came back as plain text (finish reason ${reply.finishReason ?? 'none'}), not in tool_calls.`
          : `The model answered in text (finish reason ${reply.finishReason ?? 'none'}) instead of calling the tool.`,
        {
          ...(reply.content ? { said: clip(reply.content) } : {}),
          fix: fix(`text-call-${guide}`),
        },
      );
    }
    const problems = callProblems(call);
    if (problems.length > 0) {
      return failed(`The ${how} call does not meet the tool: ${problems.join('; ')}.`, {
        said: describeCall(call),
        fix: fix('arguments'),
      });
    }
    return passed(
      `${how === 'streamed' ? 'Joined from the stream' : 'tool_calls holds'}: ${describeCall(call)}, valid JSON that meets the tool's schema.`,
    );
  };

  const tool = await ask(3, toolBody, (reply) => {
    found.call = reply.toolCalls[0];
    return judgeCall(reply, 'returned');
  });
  const call = found.call;
  if (tool?.status !== 'passed' || !call) return stop(4, 'Not run: the tool call must work first.');

  const streamed = await ask(4, { ...toolBody, stream: true }, (reply, wasStreamed) =>
    wasStreamed
      ? judgeCall(reply, 'streamed')
      : failed('The server answered whole, not as a stream of events, though the request asked for "stream": true.'),
  );
  if (!streamed) return report;

  const callId = call.id ?? 'call_check';
  const resultBody = {
    ...toolBody,
    messages: [
      ...toolBody.messages,
      {
        role: 'assistant',
        content: null,
        tool_calls: [{ id: callId, type: 'function', function: { name: call.name, arguments: call.arguments } }],
      },
      { role: 'tool', tool_call_id: callId, name: call.name, content: JSON.stringify(WEATHER_RESULT) },
    ],
  };
  const answered = await ask(5, resultBody, (reply) => {
    if (reply.toolCalls.length === 0 && ANSWERED_FROM_RESULT.test(reply.content)) {
      return passed(`The model answered from the result: “${clip(reply.content, 160)}”.`);
    }
    return failed(
      reply.toolCalls.length > 0
        ? 'The model called a tool again instead of answering from the result.'
        : `The answer does not give the temperature the tool returned (${WEATHER_RESULT.temperature} °C).`,
      {
        said: reply.toolCalls[0] ? describeCall(reply.toolCalls[0]) : clip(reply.content),
        fix: fix(`result-${guide}`),
      },
    );
  });
  if (!answered) return report;

  /** An optional feature: supported, or not, with what the server said; never a failure. */
  const optional = (index: number, body: Record<string, unknown>, supported: (reply: ChatReply) => boolean) =>
    ask(
      index,
      body,
      (reply) =>
        supported(reply)
          ? passed(`Supported: ${reply.toolCalls.map(describeCall).join('; ')}.`)
          : notSupported(
              `the answer held ${reply.toolCalls.length === 0 ? 'no tool call' : `${reply.toolCalls.length} tool call`}.`,
            ),
      ({ detail, said }) => notSupported(detail, said === undefined ? {} : { said }),
    );

  const parallel = await optional(
    6,
    {
      ...toolBody,
      messages: [{ role: 'user', content: "What's the weather like in Boston and in San Francisco today?" }],
      parallel_tool_calls: true,
    },
    (reply) => reply.toolCalls.length >= 2 && reply.toolCalls.every((each) => callProblems(each).length === 0),
  );
  if (!parallel) return report;
  await optional(
    7,
    { ...toolBody, messages: [{ role: 'user', content: 'Hello!' }], tool_choice: 'required' },
    (reply) => reply.toolCalls.length >= 1,
  );
  return report;
}

/** How a step's status reads, in words: an optional step is supported or not, never failed. */
export function statusText({ id, status }: Pick<StepResult, 'id' | 'status'>): string {
  if (status === 'passed' && data.optional.includes(id)) return 'Supported';
  return `${status.charAt(0).toUpperCase()}${status.slice(1).replace('-', ' ')}`;
}

/** The report as Markdown for a bug report; links are absolute, on `siteOrigin`. The key is never part of it. */
export function reportMarkdown(report: CheckReport, siteOrigin: string): string {
  const lines = [
    `## Server check: ${report.serverUrl}`,
    '',
    `- Checked from: ${report.pageOrigin}`,
    `- Model: ${report.model ?? 'none chosen'}`,
    '',
  ];
  report.steps.forEach((step, index) => {
    const time = step.ms === null ? '' : ` (${step.ms} ms)`;
    lines.push(`${index + 1}. **${step.title}**: ${statusText(step)}${time}. ${step.detail}`.trimEnd());
    if (step.said) {
      // In a fenced block whose fence is longer than any run of backticks in the text.
      const longest = Math.max(0, ...[...step.said.matchAll(/`+/g)].map((match) => match[0].length));
      const marks = '`'.repeat(Math.max(3, longest + 1));
      const fenced = [marks, ...step.said.split('\n'), marks];
      lines.push('   The server said:', '', ...fenced.map((line) => `   ${line}`), '');
    }
    if (step.fix) {
      const where = step.fix.link ? ` See [${step.fix.link.label}](${siteOrigin}${step.fix.link.href}).` : '';
      lines.push(`   To change: ${step.fix.text}${where}`);
    }
  });
  return `${lines.join('\n').trim()}\n`;
}
