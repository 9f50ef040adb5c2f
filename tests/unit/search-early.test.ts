import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { HOLD_LIMIT_MS, releaseHeldScripts, startEarlySearch, startPage } from '../../src/search/backends/local.early';
import type { LocalBackendOptions } from '../../src/search/backends/local';
import { HELD_SCRIPTS_META, pagefindEntryUrl } from '../../src/search/backends/pagefindEarly';
import { earlyBackend } from '../../src/search/pageResults';
import type { SearchConfig } from '../../src/search/setup';
import type { SearchBackend, SearchRequest } from '../../src/search/types';
import { searchPageEdit } from '../../src/plugins/search/earlyScript';
import { editPage } from '../../deploy/page-pass';

const config: SearchConfig = {
  options: { settings: {}, baseUrl: '/', fallbackSection: 'Docs' },
  facetFilters: [['language:en']],
  siteUrl: 'https://docs.example.com',
};

/**
 * A page at `search`, without the targets the script paints into (painting is checked
 * in the browser), and a backend that records what is asked of it.
 */
function page(search: string, fail = false) {
  const calls: string[] = [];
  const scope = {
    location: { search },
    document: { querySelector: () => null } as unknown as Document,
  } as unknown as Window;
  const createBackend = (options: LocalBackendOptions): SearchBackend => {
    calls.push(`create ${options.bundlePath} ${options.fallbackSection}`);
    return {
      kind: 'local',
      preload: async () => {
        calls.push('preload');
      },
      search: async (request: SearchRequest) => {
        calls.push(`search ${JSON.stringify(request)}`);
        if (fail) {
          throw new TypeError('Failed to fetch');
        }
        return { hits: [], nbHits: 0 };
      },
    };
  };
  return { scope, createBackend, calls };
}

describe('the /search page early script', () => {
  it('sets the backend up, leaves it for the page and runs the query of q with the page’s filters', async () => {
    const { scope, createBackend, calls } = page('?q=%20llama%20cpp%20');
    await startEarlySearch(config, scope, createBackend);
    expect(earlyBackend(scope)?.kind).toBe('local');
    expect(calls).toEqual([
      'create /pagefind/ Docs',
      `search ${JSON.stringify({ query: ' llama cpp ', facetFilters: [['language:en']], hitsPerPage: 5, page: 0 })}`,
    ]);
  });

  it('only loads the index when there is no query', async () => {
    const { scope, createBackend, calls } = page('?q=%20');
    await startEarlySearch(config, scope, createBackend);
    expect(calls).toEqual(['create /pagefind/ Docs', 'preload']);
  });

  it('starts nothing once the page went on without it, nor a second time', async () => {
    const late = page('?q=llama');
    expect(earlyBackend(late.scope)).toBeNull();
    await expect(startEarlySearch(config, late.scope, late.createBackend)).resolves.toBe(false);
    expect(late.calls).toEqual([]);
    expect(earlyBackend(late.scope)).toBeNull();
    const again = page('?q=llama');
    await startEarlySearch(config, again.scope, again.createBackend);
    await startEarlySearch(config, again.scope, again.createBackend);
    expect(again.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
  });

  it('leaves a failed search for the page to report', async () => {
    const { scope, createBackend } = page('?q=llama', true);
    await expect(startEarlySearch(config, scope, createBackend)).rejects.toThrow('Failed to fetch');
    expect(earlyBackend(scope)).not.toBeNull();
  });
});

describe('the /search page’s edits, as the pass over the built pages applies them', () => {
  const builtPage =
    '<html><head><title>Search</title></head><body><div id="__docusaurus"></div>' +
    '<script src=/assets/js/runtime~main.1.js defer></script><script src=/assets/js/main.2.js defer></script>' +
    '<script src=/other/widget.js defer></script></body></html>';

  async function indexDir(entry: unknown) {
    const dir = await mkdtemp(path.join(tmpdir(), 'search-hints-'));
    await mkdir(path.join(dir, 'pagefind'));
    await writeFile(path.join(dir, 'pagefind', 'pagefind-entry.json'), JSON.stringify(entry));
    return dir;
  }
  const edit = async (entry: unknown) => searchPageEdit(await indexDir(entry), '/', 'en');
  const prepare = async (entry: unknown, html = builtPage) => editPage(html, await edit(entry), 'search.html');

  it('hints at the entry file (by the index’s tag), the language’s metadata and WebAssembly, as fetches', async () => {
    const entry = { languages: { en: { hash: 'en_4cbb', wasm: 'en', page_count: 41 } } };
    const html = await prepare(entry);
    const tag = /<meta name="search-index-tag" content="([0-9a-f]{12})">/.exec(html)?.[1];
    expect(tag).toBeDefined();
    expect(html).toContain(
      `<link rel="preload" href="/pagefind/pagefind-entry.json?ts=${tag}" as="fetch" crossorigin="anonymous">` +
        '<link rel="preload" href="/pagefind/pagefind.en_4cbb.pf_meta" as="fetch" crossorigin="anonymous">' +
        '<link rel="preload" href="/pagefind/wasm.en.pagefind" as="fetch" crossorigin="anonymous">',
    );
    // Pagefind asks for the entry file by the same URL when given the tag (search-local.test.ts).
    expect(pagefindEntryUrl('/pagefind/', tag ?? '')).toBe(`/pagefind/pagefind-entry.json?ts=${tag}`);
    // Another index, another tag.
    const other = await prepare({ languages: { en: { hash: 'en_9999', wasm: 'en', page_count: 42 } } });
    expect(other).not.toContain(`content="${tag}"`);
  });

  it('holds the site’s own scripts back, in order, and leaves other scripts alone', async () => {
    const html = await prepare({ languages: { en: { hash: 'en_1', wasm: 'en' } } });
    expect(html).toContain(
      `<meta name="${HELD_SCRIPTS_META}" content="/assets/js/runtime~main.1.js /assets/js/main.2.js">`,
    );
    expect(html).not.toMatch(/<script src=\/assets\/js\//);
    expect(html).toContain('<script src=/other/widget.js defer></script>');
  });

  it('fails loudly, naming the file, on an index without languages, a page without a head or without the site’s scripts', async () => {
    await expect(edit({ languages: {} })).rejects.toThrow(/pagefind-entry\.json lists no language/);
    const entry = { languages: { en: { hash: 'en_1', wasm: 'en' } } };
    await expect(prepare(entry, '<p>no head</p>')).rejects.toThrow(/search\.html: no <head>/);
    await expect(prepare(entry, '<html><head></head><body></body></html>')).rejects.toThrow(
      /search\.html: the search page's edit holds the scripts under \/assets\/js\/, and the page has none/,
    );
  });
});

describe('releasing the held scripts', () => {
  function held(content: string | null) {
    const appended: { src: string; async: boolean }[] = [];
    let meta: { getAttribute: () => string | null; remove: () => void } | null =
      content === null ? null : { getAttribute: () => content, remove: () => (meta = null) };
    const doc = {
      querySelector: (selector: string) => (selector === `meta[name="${HELD_SCRIPTS_META}"]` ? meta : null),
      createElement: () => ({ src: '', async: true }),
      body: { append: (script: { src: string; async: boolean }) => appended.push(script) },
    } as unknown as Document;
    return { doc, appended };
  }

  it('adds the scripts back in their order, keeping the order when they run, once', () => {
    const { doc, appended } = held('/assets/js/runtime~main.1.js /assets/js/main.2.js');
    releaseHeldScripts(doc);
    releaseHeldScripts(doc);
    expect(appended).toEqual([
      { src: '/assets/js/runtime~main.1.js', async: false },
      { src: '/assets/js/main.2.js', async: false },
    ]);
  });

  it('does nothing on a page that holds nothing', () => {
    const { doc, appended } = held(null);
    releaseHeldScripts(doc);
    expect(appended).toEqual([]);
  });

  it('releases at once when the query paints nothing or fails, and sets the limit', async () => {
    const timers: { ms: number; run: () => void }[] = [];
    const scopeOf = (doc: Document) =>
      ({
        location: { search: '?q=llama' },
        document: doc,
        requestAnimationFrame: () => 0,
        setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
      }) as unknown as Window;

    const missed = held('/assets/js/main.2.js');
    const searched: string[] = [];
    startPage(config, scopeOf(missed.doc), () => ({
      kind: 'local',
      preload: async () => undefined,
      search: async () => {
        searched.push('searched');
        return { hits: [], nbHits: 0 };
      },
    }));
    expect(timers.map((timer) => timer.ms)).toContain(HOLD_LIMIT_MS);
    // Nothing was painted, so there is nothing to wait for: the page shows its miss.
    await vi.waitFor(() => expect(missed.appended).toHaveLength(1));
    expect(searched).toEqual(['searched']);

    const failed = held('/assets/js/main.2.js');
    startPage(config, scopeOf(failed.doc), () => ({
      kind: 'local',
      preload: async () => undefined,
      search: async () => Promise.reject(new TypeError('Failed to fetch')),
    }));
    await vi.waitFor(() => expect(failed.appended).toHaveLength(1));
  });
});
