import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { keepApiKey } from '@site/src/client/store';
import ServerCheck from '@site/src/components/ServerCheck/Panel';

import { page } from '../../support/dom';
import { fakeFetch, json, type Kind, type Reply } from '../../support/model-fetch';

function serve(change: Partial<Record<Kind, () => Reply>> = {}) {
  const server = fakeFetch(change);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

afterEach(() => {
  vi.unstubAllGlobals();
  keepApiKey('', false);
});

const results = () => page().getByRole('list', { name: /^Results for / });
const items = () => within(results()).getAllByRole('listitem');

describe('Check your server', () => {
  it('starts with the guide’s server and the focus in Server URL, and sends nothing before the press', async () => {
    const server = serve();
    render(<ServerCheck guide="llamacpp" onClose={() => undefined} />);
    const url = page().getByLabelText('Server URL');
    expect(url).toHaveValue('http://localhost:1234/v1');
    await waitFor(() => expect(url).toHaveFocus());
    await userEvent.clear(url);
    await userEvent.type(url, 'http://127.0.0.1:9/v1');
    await userEvent.type(page().getByLabelText('API key'), 'secret');
    expect(server.fetch).not.toHaveBeenCalled();
    expect(page().queryByRole('list')).toBeNull();
  });

  it('says what to change in a field, and sends nothing', async () => {
    const server = serve();
    render(<ServerCheck guide="vllm" onClose={() => undefined} />);
    await userEvent.clear(page().getByLabelText('Server URL'));
    await userEvent.type(page().getByLabelText('Server URL'), 'localhost:8000');
    await userEvent.click(page().getByRole('button', { name: 'Run the check' }));
    expect(page().getByRole('status')).toHaveTextContent('Nothing was sent: one field needs a change.');
    expect(page().getByLabelText('Server URL')).toHaveAccessibleDescription(/not a URL|refused/);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('runs from the keyboard and lists every step with its status in words, the key from the shared store', async () => {
    keepApiKey('token-abc123', false);
    const server = serve();
    render(<ServerCheck guide="vllm" serverUrl="http://127.0.0.1:8000/v1" onClose={() => undefined} />);
    expect(page().getByLabelText('API key')).toHaveValue('token-abc123');
    await waitFor(() => expect(page().getByLabelText('Server URL')).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page().getByRole('status')).toHaveTextContent(/^Check done: 6 passed, 2 supported\.$/));
    expect(items().map((item) => item.querySelector('p')?.textContent?.replace(/ \d+ ms$/, ''))).toEqual([
      'Reachable, and allowed by CORS Passed',
      'GET /models Passed',
      'A plain chat completion Passed',
      'A tool call (get_current_weather) Passed',
      'The same tool call, streamed Passed',
      "The tool's result sent back Passed",
      'Parallel tool calls Supported',
      'tool_choice "required" Supported',
    ]);
    expect(server.calls.every((call) => call.headers.Authorization === 'Bearer token-abc123')).toBe(true);
  });

  it('shows a failure in the server’s words and what to change, linked to the guide’s section', async () => {
    const message = '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set';
    serve({ tool: () => json(400, { object: 'error', message, type: 'BadRequestError', code: 400 }) });
    render(<ServerCheck guide="vllm" onClose={() => undefined} />);
    await userEvent.click(page().getByRole('button', { name: 'Run the check' }));
    await waitFor(() =>
      expect(page().getByRole('status')).toHaveTextContent(/^Check done: 3 passed, 1 failed, 4 not run\.$/),
    );
    const tool = items()[3] as HTMLElement;
    expect(tool).toHaveAttribute('data-status', 'failed');
    expect(tool).toHaveTextContent('Failed');
    expect(tool).toHaveTextContent(`The server said:${message}`);
    expect(within(tool).getByRole('link', { name: 'vLLM guide: tools on upstream vLLM' })).toHaveAttribute(
      'href',
      '/inference/vllm#upstream-tools',
    );
    expect(items()[4]).toHaveTextContent('Not run: the tool call must work first.');
  });

  it('copies the report as Markdown', async () => {
    serve({ models: () => json(401, { error: 'Unauthorized' }) });
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<ServerCheck guide="vllm" onClose={() => undefined} />);
    expect(page().queryByRole('button', { name: 'Copy report' })).toBeNull();
    await user.click(page().getByRole('button', { name: 'Run the check' }));
    await user.click(await page().findByRole('button', { name: 'Copy report' }));
    expect(writeText).toHaveBeenCalledOnce();
    const markdown = writeText.mock.calls[0]?.[0] ?? '';
    expect(markdown).toMatch(/^## Server check: http:\/\/localhost:8000\/v1\n/);
    expect(markdown).toContain('2. **GET /models**: Failed');
    expect(markdown).toContain(`(${window.location.origin}/inference/vllm#start-the-server)`);
    expect(page().getByRole('status')).toHaveTextContent('Report copied as Markdown.');
  });

  it('Cancel stops the check; Escape closes the panel when it has a Close', async () => {
    serve({ chat: () => 'hang' });
    const onClose = vi.fn();
    render(<ServerCheck guide="vllm" onClose={onClose} />);
    await userEvent.click(page().getByRole('button', { name: 'Run the check' }));
    await userEvent.click(await page().findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(page().getByRole('status')).toHaveTextContent(/^Check done: 2 passed, 6 not run\.$/));
    expect(items()[2]).toHaveTextContent('Cancelled while it ran.');
    await userEvent.click(page().getByLabelText('Server URL'));
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledOnce();
  });
});
