import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';

import cleanUrlsPlugin, { cleanUrlScript } from '@site/src/plugins/clean-urls';
import { identity } from '@site/src/site/identity';

/** Runs the inline script against a location and returns where it sends the browser. */
function redirectFor(url: string): string | null {
  const { pathname, search, hash } = new URL(url, identity.url);
  let target: string | null = null;
  const location = { pathname, search, hash, replace: (to: string) => (target = to) };
  runInNewContext(cleanUrlScript, { location });
  return target;
}

describe('clean-urls plugin', () => {
  it.each([
    ['/faq.html', '/faq'],
    ['/faq/index.html', '/faq'],
    ['/index.html', '/'],
    ['/category/models/index.html', '/category/models'],
    ['/models/Qwen.html?tab=cuda#serve', '/models/Qwen?tab=cuda#serve'],
  ])('sends %s to %s', (from, to) => {
    expect(redirectFor(from)).toBe(to);
  });

  it.each(['/', '/faq', '/models/Mistral', '/api/list-assistants', '/search?q=page.html', '/html'])(
    'leaves the clean path %s alone',
    (path) => {
      expect(redirectFor(path)).toBeNull();
    },
  );

  it('injects the script into the head of every page', () => {
    const plugin = cleanUrlsPlugin();
    const tags = plugin.injectHtmlTags?.({ content: undefined });
    expect(tags).toEqual({ headTags: [{ tagName: 'script', innerHTML: cleanUrlScript }] });
  });
});
