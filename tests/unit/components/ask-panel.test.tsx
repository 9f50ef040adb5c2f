import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { page } from '../../support/dom';

import AskPanel from '@site/src/components/AskDocs/AskPanel';

// The site's search, which finds nothing here.
vi.mock('@site/src/search/setup', () => ({
  useSearchConfig: () => ({ options: {}, facetFilters: [] }),
  loadSearchSetup: async () => ({ backend: { search: async () => ({ hits: [], nbHits: 0 }) } }),
}));

/**
 * Ask AI at the first contact with a server: a panel that asked a server where nothing
 * listens, and the reader who fixes the Server URL. Servers are played by a fetch that
 * routes on the URL; the browser-level run (streaming, the modal) is in ask-ai.spec.ts.
 */

const PHI = 'rubra-ai/Phi-3-mini-128k-instruct';
/** The panel's status line (the settings' check button has a status of its own). */
const askStatus = () => document.querySelector('[data-ask-status]');
/** A server that lists no models and answers a chat with tools 400, as vLLM without its tool parser does. */
const NO_TOOLS = 'http://127.0.0.1:7000/v1';
/** Each server by base URL: the models it lists (null: GET /models is a 404), or absent when nothing listens. */
const SERVERS: Record<string, string[] | null> = {
  'http://127.0.0.1:8000/v1': [PHI],
  'http://127.0.0.1:9000/v1': ['other-model'],
  [NO_TOOLS]: null,
};
const sent: { url: string; body?: { model?: string } }[] = [];

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function serve(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = String(input);
  if (init?.mode === 'no-cors') {
    throw new TypeError('Failed to fetch');
  }
  sent.push({ url, ...(typeof init?.body === 'string' ? { body: JSON.parse(init.body) as { model?: string } } : {}) });
  const base = Object.keys(SERVERS).find((server) => url.startsWith(`${server}/`));
  if (base === undefined) {
    if (url.startsWith('http://127.0.0.1:8000/')) {
      return json({ detail: 'Not Found' }, 404);
    }
    throw new TypeError('Failed to fetch');
  }
  if (url.endsWith('/models')) {
    const models = SERVERS[base];
    return models ? json({ object: 'list', data: models.map((id) => ({ id, object: 'model' })) }) : json({}, 404);
  }
  if (base === NO_TOOLS && typeof init?.body === 'string' && init.body.includes('"tools"')) {
    return json({ object: 'error', message: '"auto" tool choice requires --enable-auto-tool-choice' }, 400);
  }
  const content = `Answered by ${String(sent.at(-1)?.body?.model)}.`;
  return json({
    id: 'chatcmpl-1',
    object: 'chat.completion',
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
  });
}

/** The models the chats sent to a server named, each once. */
const modelsSentTo = (base: string) => [
  ...new Set(
    sent.filter((request) => request.url === `${base}/chat/completions`).map((request) => request.body?.model),
  ),
];

async function setServer(url: string): Promise<void> {
  const field = page().getByRole('combobox', { name: 'Server URL' });
  await userEvent.clear(field);
  await userEvent.type(field, url);
}

beforeEach(() => {
  sent.length = 0;
  sessionStorage.clear();
  vi.stubGlobal('fetch', vi.fn(serve));
  render(<AskPanel question="How do I serve Phi-3?" onClose={() => undefined} />);
});

afterEach(async () => {
  // Nothing may still be asking when the servers go away.
  await waitFor(() => expect(page().getByRole('button', { name: /^Ask$/ })).toBeEnabled());
  vi.unstubAllGlobals();
});

describe('Ask AI after a failure', () => {
  it('says the failure once, in the turn, and asks again with one press after the Server URL is fixed', async () => {
    const alert = await page().findByRole('alert', {}, { timeout: 10_000 });
    expect(alert).toHaveTextContent('Could not connect to http://localhost:1234/v1');
    expect(page().getAllByText(/Could not connect/)).toHaveLength(1);
    expect(askStatus()).toHaveTextContent(/^$/);
    expect(page().getByLabelText('Follow-up question')).toHaveAttribute(
      'placeholder',
      'Leave empty to ask “How do I serve Phi-3?” again',
    );

    await setServer('http://127.0.0.1:8000/v1');
    await userEvent.click(page().getByRole('button', { name: /^Ask$/ }));

    await waitFor(() => expect(askStatus()).toHaveTextContent('The answer is complete.'));
    expect(page().getByText(`Answered by ${PHI}.`)).toBeInTheDocument();
    expect(page().queryByRole('alert'), 'the failed turn gives way to the answer').toBeNull();
    expect(page().getAllByText('How do I serve Phi-3?')).toHaveLength(1);
    expect(modelsSentTo('http://127.0.0.1:8000/v1')).toEqual([PHI]);
  });

  it('Retry asks the same question again with the current settings', async () => {
    await page().findByRole('alert', {}, { timeout: 10_000 });
    await setServer('http://127.0.0.1:9000/v1');
    await userEvent.click(page().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(page().getByText('Answered by other-model.')).toBeInTheDocument());
    expect(page().queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('the model a question names', () => {
  it('is one the current server lists: the list is read again when the server changes', async () => {
    await page().findByRole('alert', {}, { timeout: 10_000 });
    await setServer('http://127.0.0.1:8000/v1');
    await userEvent.click(page().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(askStatus()).toHaveTextContent('The answer is complete.'));

    await setServer('http://127.0.0.1:9000/v1');
    await userEvent.type(page().getByLabelText('Follow-up question'), 'And on another server?{Enter}');
    await waitFor(() => expect(page().getByText('Answered by other-model.')).toBeInTheDocument());
    expect(modelsSentTo('http://127.0.0.1:8000/v1')).toEqual([PHI]);
    expect(modelsSentTo('http://127.0.0.1:9000/v1')).toEqual(['other-model']);
    expect(sent.filter((request) => request.url.endsWith('/models')).map((request) => request.url)).toEqual([
      'http://localhost:1234/v1/models',
      'http://127.0.0.1:8000/v1/models',
      'http://127.0.0.1:9000/v1/models',
    ]);
  });
});

describe('a 404 from a base without /v1', () => {
  it('says which base to try', async () => {
    await page().findByRole('alert', {}, { timeout: 10_000 });
    await setServer('http://127.0.0.1:8000');
    await userEvent.click(page().getByRole('button', { name: 'Retry' }));
    const alert = await page().findByText(/The server answered 404/);
    expect(alert).toHaveTextContent('try http://127.0.0.1:8000/v1 as the Server URL');
  });
});

describe('Check your server from the settings', () => {
  it('opens the check on the server Ask AI uses, and sends nothing before its press', async () => {
    await page().findByRole('alert', {}, { timeout: 10_000 });
    await setServer('http://127.0.0.1:8000/v1');
    const before = sent.length;
    await userEvent.click(page().getByRole('button', { name: 'Check your server' }));
    const check = await page().findByRole('region', { name: 'Check your server' }, { timeout: 10_000 });
    expect(within(check).getByRole('combobox', { name: 'Server URL' })).toHaveValue('http://127.0.0.1:8000/v1');
    expect(sent.length).toBe(before);
  });
});

describe('a server that lists no models and refuses tools', () => {
  it('takes the model as typed, and answers from the pages found first, saying so', async () => {
    await page().findByRole('alert', {}, { timeout: 10_000 });
    await setServer(NO_TOOLS);
    await userEvent.click(page().getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(askStatus()).toHaveTextContent('The answer is complete.'));
    expect(page().getByText(/^The model ran without tools \(the server refused tools/)).toBeInTheDocument();
    expect(page().getByRole('textbox', { name: 'Model' })).toBeInTheDocument();
    expect(page().queryByRole('combobox', { name: 'Model' })).toBeNull();
  });
});
