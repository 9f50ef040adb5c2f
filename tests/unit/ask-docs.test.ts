import { describe, expect, it } from 'vitest';

import { ask, MAX_TOOL_ROUNDS, namesTools, sitePath, type AgentDeps } from '@site/src/components/AskDocs/agent';
import { linkedPages, siteHref } from '@site/src/components/AskDocs/links';
import { EMPTY_REPLY } from '@site/src/client/chat';
import type { Completion } from '@site/src/client/completion';

const SITE = 'https://docs.rubra.ai';

describe('what an answer may link to', () => {
  it('keeps links to this site’s pages, and turns everything else into text', () => {
    expect(siteHref('/inference/vllm#install', SITE)).toBe('/inference/vllm#install');
    expect(siteHref(`${SITE}/faq`, SITE)).toBe('/faq');
    expect(siteHref('javascript:alert(1)', SITE)).toBeNull();
    expect(siteHref('//evil.example/x', SITE)).toBeNull();
    expect(siteHref('https://example.com/x', SITE)).toBeNull();
    expect(siteHref('data:text/html,x', SITE)).toBeNull();
    expect(linkedPages('See [a](/faq), [b](/faq#x), [c](https://x.y) and [d](/models/llama).', SITE)).toEqual([
      '/faq',
      '/models/llama',
    ]);
  });

  it('reads a page path a model wrote', () => {
    expect(sitePath('inference/vllm#install', SITE)).toBe('/inference/vllm');
    expect(sitePath(`${SITE}/models/llama.md`, SITE)).toBe('/models/llama');
    expect(sitePath('/', SITE)).toBe('/');
    expect(sitePath('//evil.example', SITE)).toBeNull();
    expect(sitePath('/a b<script>', SITE)).toBeNull();
  });

  it('knows a refusal of tools when an error names them', () => {
    expect(namesTools('tools are not supported by this model')).toBe(true);
    expect(namesTools('"tool_choice" is not allowed')).toBe(true);
    expect(namesTools('model not found')).toBe(false);
  });
});

function deps(replies: Completion[], steps: string[] = []): AgentDeps & { bodies: Record<string, unknown>[] } {
  const bodies: Record<string, unknown>[] = [];
  return {
    bodies,
    complete: (body) => {
      bodies.push(body);
      return Promise.resolve(replies.shift() ?? { ok: false, message: 'no more replies' });
    },
    searchDocs: (query) => Promise.resolve([{ title: 'vLLM', url: '/inference/vllm', excerpt: query }]),
    readPage: (path) => Promise.resolve(path === '/inference/vllm' ? '# Serve Rubra models with vLLM' : null),
    onStep: (step) => steps.push(step),
  };
}

const call = (name: string, args: string) => ({
  ok: true as const,
  reply: { ...EMPTY_REPLY, toolCalls: [{ id: `c-${name}`, name, arguments: args }] },
});
const messagesOf = (body: Record<string, unknown> | undefined) =>
  (body?.messages ?? []) as { role: string; content: string | null }[];
/** The system prompt of a request. */
const prompt = (body: Record<string, unknown> | undefined) => messagesOf(body)[0]?.content ?? '';
const text = (content: string) => ({ ok: true as const, reply: { ...EMPTY_REPLY, content } });

describe('the tool loop', () => {
  it('runs the tools in order and answers with the pages it read', async () => {
    const steps: string[] = [];
    const d = deps(
      [call('search_docs', '{"query":"x"}'), call('read_page', '{"path":"/inference/vllm"}'), text('Done.')],
      steps,
    );
    const outcome = await ask([], 'q', 'm', d, SITE);
    expect(outcome).toMatchObject({ ok: true, answer: 'Done.', pagesRead: ['/inference/vllm'], withoutTools: false });
    expect(steps).toEqual(['Searched the docs for “x” (1 page)', 'Read /inference/vllm']);
    expect(d.bodies).toHaveLength(3);
  });

  it('stops asking for tools after the stated rounds', async () => {
    const replies = Array.from({ length: MAX_TOOL_ROUNDS + 1 }, () => call('search_docs', '{"query":"x"}'));
    const d = deps(replies);
    await ask([], 'q', 'm', d, SITE);
    expect(d.bodies).toHaveLength(MAX_TOOL_ROUNDS + 1);
    expect(d.bodies.at(-1)?.tool_choice).toBe('none');
  });

  it('falls back to retrieval when the server refuses tools: the pages found go into the prompt', async () => {
    const d = deps([{ ok: false, message: 'tools are not supported' }, text('From the pages.')]);
    const outcome = await ask([], 'q', 'm', d, SITE);
    expect(outcome).toMatchObject({ ok: true, withoutTools: true, answer: 'From the pages.' });
    expect(d.bodies[1]).not.toHaveProperty('tools');
    expect(prompt(d.bodies[1])).toContain('The pages:');
    expect(prompt(d.bodies[1])).toContain('/inference/vllm');
  });

  it('gives a model that answers without calling a tool the pages in its prompt too', async () => {
    const steps: string[] = [];
    const d = deps([text('A guess.'), text('From the pages.')], steps);
    const outcome = await ask([], 'q', 'm', d, SITE);
    expect(outcome).toMatchObject({ ok: true, withoutTools: true, answer: 'From the pages.' });
    expect(d.bodies).toHaveLength(2);
    expect(d.bodies[1]).not.toHaveProperty('tools');
    expect(prompt(d.bodies[1])).toContain('The pages:');
    expect(steps[0]).toBe(
      'The model ran without tools (the model answered without calling a tool): the first pages found for the question went into its prompt',
    );
  });

  it('tells the model of arguments that are not JSON and of a tool that does not exist, and goes on', async () => {
    const steps: string[] = [];
    const calls = [
      { id: 'c-1', name: 'search_docs', arguments: '{"query": vllm' },
      { id: 'c-2', name: 'delete_everything', arguments: '{}' },
    ];
    const d = deps([{ ok: true, reply: { ...EMPTY_REPLY, toolCalls: calls } }, text('Done.')], steps);
    const outcome = await ask([], 'q', 'm', d, SITE);
    expect(outcome).toMatchObject({ ok: true, answer: 'Done.' });
    const told = messagesOf(d.bodies[1])
      .filter((message) => message.role === 'tool')
      .map((message) => message.content);
    expect(told[0]).toMatch(/^Error: The arguments of search_docs are not JSON/);
    expect(told[1]).toMatch(/^Error: there is no tool delete_everything/);
    expect(steps).toEqual([
      'A tool call failed (search_docs): The arguments of search_docs are not JSON: {"query": vllm; the model was told',
      'A tool call failed (delete_everything): there is no tool delete_everything; the tools are search_docs and read_page; the model was told',
    ]);
  });
});
