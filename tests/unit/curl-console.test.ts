import type { Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { VFile } from 'vfile';
import { describe, expect, it } from 'vitest';

import { applyEvent, EMPTY_REPLY, parsedArguments, replyFromCompletion } from '@site/src/client/chat';
import { eventReader } from '@site/src/client/stream';
import { curlRequest, parseCurl, remarkCurlTryIt } from '@site/src/plugins/code-highlight/curl';

describe('reading a curl block', () => {
  it('reads words as a shell does: quotes, escapes, continued lines, variables as written', () => {
    const command = parseCurl(
      `curl -s 'localhost:1234/v1/a b' \\\n  -H "X: \\"y\\"" -H Authorization:\\ Bearer\\ $KEY -d "{\\"q\\":1}"`,
    );
    expect(command?.url.href).toBe('http://localhost:1234/v1/a%20b');
    expect(command?.headers).toEqual([
      { name: 'X', value: '"y"' },
      { name: 'Authorization', value: 'Bearer $KEY' },
    ]);
    expect(command?.data).toEqual({ text: '{"q":1}' });
    expect(parseCurl('curl localhost:1234/v1/models\ncurl localhost:1234/v1/models')).toBeNull();
    expect(parseCurl('curl localhost:1234 && echo done')).toBeNull();
    expect(parseCurl('curl localhost:1234 # list')).toBeNull();
  });

  it('reads the method, the URL, the headers and the body', () => {
    const command = parseCurl(
      `curl localhost:1234/v1/chat/completions \\\n  -H "Content-Type: application/json" \\\n  -H "Authorization: Bearer k" \\\n  -d @request.json`,
    );
    expect(command).toMatchObject({
      method: 'POST',
      headers: [
        { name: 'Content-Type', value: 'application/json' },
        { name: 'Authorization', value: 'Bearer k' },
      ],
      data: { file: 'request.json' },
    });
    expect(command?.url.href).toBe('http://localhost:1234/v1/chat/completions');
    expect(parseCurl(`curl -X DELETE http://127.0.0.1:8000/x`)).toMatchObject({ method: 'DELETE' });
    expect(parseCurl(`curl -N localhost:8000/v1/models`)).toMatchObject({ method: 'GET' });
  });

  it('leaves out a piped block, a second program and an unknown flag', () => {
    expect(parseCurl(`curl -s localhost:1234/v1/chat/completions -d @r.json | python3 -c 'print(1)'`)).toBeNull();
    expect(parseCurl(`curl localhost:1234 > out.json`)).toBeNull();
    expect(parseCurl(`curl --unknown-flag localhost:1234`)).toBeNull();
    expect(parseCurl(`wget localhost:1234`)).toBeNull();
  });

  it('sends to the OpenAI-style base URL, with the key left to the reader', () => {
    const command = parseCurl(
      `curl localhost:8000/v1/chat/completions -H "Authorization: Bearer t" -H "Content-Type: application/json" -d '{"a":1}'`,
    );
    if (!command) throw new Error('not parsed');
    expect(curlRequest(command, '{"a":1}')).toEqual({
      serverUrl: 'http://localhost:8000/v1',
      method: 'POST',
      path: '/chat/completions',
      pathParams: [],
      query: [],
      headers: [],
      body: { kind: 'json', contentType: 'application/json', value: undefined, text: '{"a":1}' },
    });
  });
});

async function compile(markdown: string, path = 'docs/guide.mdx'): Promise<Root> {
  const file = new VFile({ path, value: markdown });
  const processor = unified().use(remarkParse).use(remarkMdx).use(remarkCurlTryIt);
  return (await processor.run(processor.parse(file), file)) as Root;
}

const json = '```json title="request.json"\n{ "model": "m" }\n```\n\n';

describe('which blocks get Try it, decided when the page is compiled', () => {
  it('wraps a loopback curl block with its request, the body from the block titled with the file', async () => {
    const tree = await compile(
      `${json}\`\`\`bash title="Send"\ncurl localhost:1234/v1/chat/completions -d @request.json\n\`\`\`\n`,
    );
    const wrapper = tree.children.find((node) => node.type === 'mdxJsxFlowElement');
    expect(wrapper).toMatchObject({ name: 'CurlTryIt', children: [{ type: 'code', lang: 'bash' }] });
    const attribute = (wrapper as { attributes: { value: { value: string } }[] }).attributes[0];
    expect(JSON.parse(attribute?.value.value ?? '{}')).toMatchObject({
      serverUrl: 'http://localhost:1234/v1',
      body: { text: '{ "model": "m" }' },
    });
    expect(tree.children[0]).toMatchObject({ type: 'mdxjsEsm', value: expect.stringContaining('CurlTryIt') });
  });

  it('gives a piped block and a curl to another host no control', async () => {
    const tree = await compile(
      `${json}\`\`\`bash\ncurl localhost:1234/v1/chat/completions -d @request.json | python3 -m json.tool\n\`\`\`\n\n\`\`\`bash\ncurl https://huggingface.co/x -d @request.json\n\`\`\`\n`,
    );
    expect(tree.children.filter((node) => node.type === 'mdxJsxFlowElement')).toEqual([]);
    expect(tree.children.filter((node) => node.type === 'mdxjsEsm')).toEqual([]);
  });

  it('stops the build, naming the page and the line, when -d @file has no block before it', async () => {
    await expect(
      compile(
        `Intro.\n\n\`\`\`bash\ncurl localhost:1234/v1/chat/completions -d @missing.json\n\`\`\`\n\n${json}`,
        'docs/inference/x.mdx',
      ),
    ).rejects.toThrow(
      /^docs\/inference\/x\.mdx:3: this curl block sends -d @missing\.json, but no code block before it is titled "missing\.json"/,
    );
  });
});

describe('a streamed reply', () => {
  it('reads events whose lines and characters are split across chunks', () => {
    const reader = eventReader();
    const bytes = new TextEncoder().encode('data: {"a":"Zür"}\n\ndata: [DONE]\n\n');
    const decoder = new TextDecoder();
    const events = [];
    for (const cut of [
      [0, 9],
      [9, 14],
      [14, 29],
      [29, bytes.length],
    ]) {
      events.push(...reader.push(decoder.decode(bytes.slice(cut[0], cut[1]), { stream: true })));
    }
    expect(events).toEqual([
      { type: 'message', data: '{"a":"Zür"}' },
      { type: 'message', data: '[DONE]' },
    ]);
    expect(reader.end()).toEqual([]);
  });

  it('reads an error line as an error event, and a last event without its blank line', () => {
    const reader = eventReader();
    expect(reader.push('error: {"message":"boom"}\n\n: comment\ndata: x')).toEqual([
      { type: 'error', data: '{"message":"boom"}' },
    ]);
    expect(reader.end()).toEqual([{ type: 'message', data: 'x' }]);
  });

  it('joins text and a tool call’s argument fragments, and takes the finish reason and usage', () => {
    const chunk = (delta: object, extra: object = {}) => ({
      type: 'message',
      data: JSON.stringify({ choices: [{ index: 0, delta, finish_reason: null }], ...extra }),
    });
    let reply = EMPTY_REPLY;
    for (const event of [
      chunk({ role: 'assistant', content: 'Hi ' }),
      chunk({ content: 'there' }),
      chunk({ tool_calls: [{ index: 0, id: 'c1', function: { name: 'get_current_weather', arguments: '' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: '{"location":' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ' "Boston"}' } }] }),
      {
        type: 'message',
        data: JSON.stringify({
          choices: [{ delta: {}, finish_reason: 'tool_calls' }],
          usage: { prompt_tokens: 3, completion_tokens: 4, total_tokens: 7 },
        }),
      },
    ]) {
      reply = applyEvent(reply, event);
    }
    expect(reply).toEqual({
      content: 'Hi there',
      toolCalls: [{ id: 'c1', name: 'get_current_weather', arguments: '{"location": "Boston"}' }],
      finishReason: 'tool_calls',
      usage: { prompt: 3, completion: 4, total: 7 },
      done: false,
    });
    expect(applyEvent(reply, { type: 'message', data: '[DONE]' }).done).toBe(true);
    expect(applyEvent(reply, { type: 'error', data: '{"message":"boom"}' }).error).toBe('boom');
    expect(applyEvent(reply, { type: 'message', data: '{"error":{"message":"bad"}}' }).error).toBe('bad');
  });

  it('reads a whole completion, and arguments that are not JSON as such', () => {
    expect(
      replyFromCompletion({
        choices: [
          {
            message: { content: null, tool_calls: [{ id: 'c', function: { name: 'f', arguments: 'x: 1' } }] },
            finish_reason: 'tool_calls',
          },
        ],
      }),
    ).toEqual({
      content: '',
      toolCalls: [{ id: 'c', name: 'f', arguments: 'x: 1' }],
      finishReason: 'tool_calls',
      done: true,
    });
    expect(parsedArguments('x: 1')).toBeNull();
    expect(parsedArguments('{"a":1}')).toEqual({ value: { a: 1 } });
  });
});
