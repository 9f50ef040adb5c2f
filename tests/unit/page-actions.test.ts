import { afterEach, describe, expect, it, vi } from 'vitest';

import { copyAs, copyText, copyTwin, fetchTwin } from '@site/src/components/PageActions/copy';
import { assistantLinks, assistantPrompt, markdownTwinPath } from '@site/src/components/PageActions/links';
import { identity } from '@site/src/site/identity';

describe('markdownTwinPath', () => {
  it.each([
    ['/', '/index.md'],
    ['/models/llama', '/models/llama.md'],
    ['/api/', '/api.md'],
    ['/api', '/api.md'],
    ['/api/create-run', '/api/create-run.md'],
  ])('%s has its twin at %s', (permalink, twin) => {
    expect(markdownTwinPath(permalink)).toBe(twin);
  });
});

describe('assistant links', () => {
  it('ask the assistant to read the absolute twin URL on the public site', () => {
    const prompt = assistantPrompt('/models/Phi');
    expect(prompt).toContain(`${identity.url}/models/Phi.md`);
    expect(prompt).toContain(identity.title);
  });

  it('carry the prompt encoded in the q parameter of ChatGPT and Claude', () => {
    const links = assistantLinks('/api/');
    expect(links.map((link) => link.name)).toEqual(['ChatGPT', 'Claude']);
    for (const link of links) {
      const url = new URL(link.href);
      expect(`${url.origin}${url.pathname}`).toBe(
        link.name === 'ChatGPT' ? 'https://chatgpt.com/' : 'https://claude.ai/new',
      );
      expect(url.searchParams.get('q')).toBe(assistantPrompt('/api/'));
      expect(link.href).toContain(encodeURIComponent(`${identity.url}/api.md`));
    }
  });
});

const REFUSED = { text: 'Your browser did not allow copying to the clipboard.', failed: true };
const TWIN_FAILED = { text: 'The Markdown version of this page could not be loaded.', failed: true, offersTwin: true };

describe('copyTwin', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  function stubFetch(responses: Record<string, string | number>) {
    const fetch = vi.fn(async (path: string) => {
      const answer = responses[path] ?? 404;
      return typeof answer === 'number'
        ? new Response('not found', { status: answer })
        : new Response(answer, { status: 200 });
    });
    vi.stubGlobal('fetch', fetch);
    return fetch;
  }

  function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
    vi.stubGlobal('navigator', writeText ? { clipboard: { writeText } } : {});
  }

  it('writes the exact text of the twin', async () => {
    stubFetch({ '/a.md': '# A\n\nText with “quotes”.\n' });
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    await expect(copyTwin('/a.md')).resolves.toEqual({ text: 'Copied the page as Markdown.' });
    expect(writeText).toHaveBeenCalledWith('# A\n\nText with “quotes”.\n');
  });

  it('writes in the same task when the twin was fetched beforehand', async () => {
    const fetch = stubFetch({ '/b.md': 'B' });
    await fetchTwin('/b.md');
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    const outcome = copyTwin('/b.md');
    expect(writeText).toHaveBeenCalledWith('B');
    await expect(outcome).resolves.toEqual({ text: 'Copied the page as Markdown.' });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('reports a refused write', async () => {
    stubFetch({ '/c.md': 'C' });
    stubClipboard(() => Promise.reject(new Error('NotAllowedError')));
    await expect(copyTwin('/c.md')).resolves.toEqual({ ...REFUSED, offersTwin: true });
  });

  it('reports a browser without the clipboard API as refused, without fetching', async () => {
    const fetch = stubFetch({ '/d.md': 'D' });
    stubClipboard(undefined);
    await expect(copyTwin('/d.md')).resolves.toEqual({ ...REFUSED, offersTwin: true });
    expect(fetch).not.toHaveBeenCalled();
  });

  it('reports a twin that cannot be fetched, and fetches it again on the next try', async () => {
    const fetch = stubFetch({});
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    await expect(copyTwin('/e.md')).resolves.toEqual(TWIN_FAILED);
    expect(writeText).not.toHaveBeenCalled();
    await expect(copyTwin('/e.md')).resolves.toEqual(TWIN_FAILED);
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('copyText', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('writes the text in the same task as the click', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    const outcome = copyText('{"mcpServers":{}}');
    expect(writeText).toHaveBeenCalledWith('{"mcpServers":{}}');
    await expect(outcome).resolves.toBe('copied');
  });

  it('reports a refused write and a browser without the clipboard API', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: () => Promise.reject(new Error('NotAllowedError')) } });
    await expect(copyText('x')).resolves.toBe('refused');
    vi.stubGlobal('navigator', {});
    await expect(copyText('x')).resolves.toBe('refused');
  });
});

describe('copyAs', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('words a write as the given confirmation, and a refusal as a failure', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => undefined } });
    await expect(copyAs('x', 'Copied x.')).resolves.toEqual({ text: 'Copied x.' });
    vi.stubGlobal('navigator', {});
    await expect(copyAs('x', 'Copied x.')).resolves.toEqual(REFUSED);
  });
});
