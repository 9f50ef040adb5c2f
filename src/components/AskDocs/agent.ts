/**
 * Answers a question with the reader's own model, grounded in these docs: this loop runs
 * the model's calls of `search_docs` (the site's search) and `read_page` (a page's Markdown
 * twin) in the browser, a few rounds at most. A server that refuses tools, or a model that
 * ignores them, gets the first pages found for the question in its prompt instead.
 */
import { parsedArguments } from '@site/src/client/chat';
import type { Completion } from '@site/src/client/completion';
import { toSitePath } from '@site/src/search/pageResults';

// The system prompt and the tools' schemas; read_page's description names PAGE_TEXT_LIMIT.
import { systemPrompt, tools } from './agent.json';

/** Rounds of tool calls before the model is asked to answer with what it has. */
export const MAX_TOOL_ROUNDS = 4;
/** How much of a page `read_page` gives the model, in characters. */
const PAGE_TEXT_LIMIT = 12_000;
const SEARCH_RESULTS = 5;
/** How many pages go into the prompt when the model runs without tools. */
const RETRIEVED_PAGES = 3;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string | null;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
}

export interface AgentDeps {
  /** Sends one chat completion request (streamed), reporting the reply as it grows. */
  complete(body: Record<string, unknown>): Promise<Completion>;
  /** The first pages found, each `url` a path in the site: `/inference/vllm#install`. */
  searchDocs(query: string): Promise<{ title: string; url: string; excerpt: string }[]>;
  /** A page's Markdown, or null when the site has no such page. */
  readPage(path: string): Promise<string | null>;
  /** What the reader is shown of the work: each search and page read, and a retrieval without tools. */
  onStep(step: string): void;
}

export type AgentOutcome =
  | { ok: true; answer: string; pagesRead: string[]; withoutTools: boolean; messages: ChatMessage[] }
  | { ok: false; message: string };

/** Whether a failed request was the server refusing the tools (an error that names them). */
export function namesTools(message: string): boolean {
  return /\btools?\b|tool_choice|function.?call/i.test(message);
}

/** A page path in this site from what a model wrote: `/inference/vllm`, `inference/vllm#x`, or the site's own URL. */
export function sitePath(text: string, siteUrl: string): string | null {
  const path = (toSitePath(text.trim(), siteUrl).split(/[#?]/)[0] ?? '').replace(/^\/?/, '/');
  if (path.startsWith('//') || /[^\w\-./~%]/.test(path)) {
    return null;
  }
  return path.replace(/\.md$/, '').replace(/\/$/, '') || '/';
}

const searched = (query: string, count: number) =>
  `Searched the docs for “${query}” (${count} ${count === 1 ? 'page' : 'pages'})`;
const toolFailed = (name: string, message: string) => `A tool call failed (${name}): ${message}; the model was told`;

const user = (content: string): ChatMessage => ({ role: 'user', content });
const assistant = (content: string): ChatMessage => ({ role: 'assistant', content });

/**
 * Asks `question`, after the conversation so far (`history`, without its system message),
 * and returns the answer with the conversation to keep for a follow-up.
 */
export async function ask(
  history: ChatMessage[],
  question: string,
  model: string,
  deps: AgentDeps,
  siteUrl: string,
): Promise<AgentOutcome> {
  const messages: ChatMessage[] = [{ role: 'system', content: systemPrompt }, ...history, user(question)];
  const pagesRead: string[] = [];

  /** Runs one tool call in the browser: what goes back to the model as the tool's answer. */
  const runTool = async (call: { name: string; arguments: string }): Promise<string> => {
    const args = parsedArguments(call.arguments || '{}')?.value as Record<string, unknown> | null | undefined;
    if (call.name === 'search_docs' && typeof args?.query === 'string') {
      const results = (await deps.searchDocs(args.query)).slice(0, SEARCH_RESULTS);
      deps.onStep(searched(args.query, results.length));
      return JSON.stringify(results);
    }
    if (call.name === 'read_page' && typeof args?.path === 'string') {
      const path = sitePath(args.path, siteUrl);
      const text = path ? await deps.readPage(path) : null;
      deps.onStep(
        text !== null ? `Read ${path}` : `Tried to read ${path ?? args.path}, which is not a page of these docs`,
      );
      if (text === null || path === null) {
        return `Error: there is no page ${args.path} in these docs. Use search_docs to find its path.`;
      }
      pagesRead.push(path);
      return text.length > PAGE_TEXT_LIMIT
        ? `${text.slice(0, PAGE_TEXT_LIMIT)}\n\n[The page continues; cut at ${PAGE_TEXT_LIMIT.toLocaleString('en')} characters.]`
        : text;
    }
    const tool = tools.find(({ function: { name } }) => name === call.name);
    const message = !args
      ? `The arguments of ${call.name} are not JSON: ${call.arguments}`
      : tool
        ? `${call.name} needs a "${tool.function.parameters.required[0]}" string`
        : `there is no tool ${call.name}; the tools are ${tools.map(({ function: { name } }) => name).join(' and ')}`;
    deps.onStep(toolFailed(call.name, message));
    return `Error: ${message}.${args ? '' : ' Call the tool again with JSON arguments.'}`;
  };

  /** The question searched and the first pages' text put into the prompt, for a model without tools. */
  const withoutTools = async (reason: string): Promise<AgentOutcome> => {
    deps.onStep(`The model ran without tools (${reason}): the first pages found for the question went into its prompt`);
    const results = (await deps.searchDocs(question)).slice(0, RETRIEVED_PAGES);
    deps.onStep(searched(question, results.length));
    const parts: string[] = [];
    for (const result of results) {
      const path = sitePath(result.url, siteUrl);
      const text = path ? await deps.readPage(path) : null;
      if (path && text !== null) {
        deps.onStep(`Read ${path}`);
        pagesRead.push(path);
        parts.push(`## ${result.title} (${path})\n\n${text.slice(0, Math.floor(PAGE_TEXT_LIMIT / RETRIEVED_PAGES))}`);
      }
    }
    const system: ChatMessage = {
      role: 'system',
      content: `${systemPrompt.replace(/Use search_docs[^.]*\. /, '')}\n\nThe pages:\n\n${parts.join('\n\n')}`,
    };
    const prompt = [system, ...history, user(question)];
    const result = await deps.complete({ model, messages: prompt, stream: true });
    if (!result.ok) {
      return result;
    }
    const answer = result.reply.content;
    return { ok: true, answer, pagesRead, withoutTools: true, messages: [...prompt.slice(1), assistant(answer)] };
  };

  for (let round = 0; round <= MAX_TOOL_ROUNDS; round += 1) {
    const last = round === MAX_TOOL_ROUNDS;
    const result = await deps.complete({
      model,
      messages,
      tools,
      // The last round asks for an answer from what the tools gave.
      tool_choice: last ? 'none' : 'auto',
      stream: true,
    });
    if (!result.ok) {
      if (round === 0 && namesTools(result.message)) {
        return withoutTools(`the server refused tools: ${result.message}`);
      }
      return result;
    }
    const { reply } = result;
    if (reply.toolCalls.length === 0 || last) {
      if (round === 0 && !history.some((message) => message.role === 'tool')) {
        return withoutTools('the model answered without calling a tool');
      }
      messages.push(assistant(reply.content));
      return { ok: true, answer: reply.content, pagesRead, withoutTools: false, messages: messages.slice(1) };
    }
    const calls = reply.toolCalls.map((call, index) => ({
      id: call.id ?? `call_${round}_${index}`,
      type: 'function' as const,
      function: { name: call.name, arguments: call.arguments },
    }));
    messages.push({ role: 'assistant', content: reply.content || null, tool_calls: calls });
    for (const call of calls) {
      messages.push({ role: 'tool', tool_call_id: call.id, content: await runTool(call.function) });
    }
  }
  return { ok: false, message: 'The model did not answer.' };
}
