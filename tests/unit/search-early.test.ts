import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import { releaseHeldScripts, startEarlySearch, startPage, type PageScope } from '../../src/search/backends/local.early';
import type { LocalBackendOptions } from '../../src/search/backends/local';
import {
  EARLY_SEARCH_GLOBAL,
  earlySearchBackend,
  HELD_SCRIPTS_META,
  HOLD_LIMIT_MS,
  pagefindEntryUrl,
  pagefindOptions,
  type EarlyScope,
  type EarlySearchConfig,
} from '../../src/search/backends/pagefindEarly';
import type { SearchBackend, SearchRequest } from '../../src/search/types';
import { searchPageEdit } from '../../src/plugins/search-index/earlyScript';
import { editPage } from '../../deploy/page-pass.mjs';

const config: EarlySearchConfig = {
  bundlePath: '/pagefind/',
  fallbackSection: 'Docs',
  facetFilters: [['language:en']],
  resultsPerPage: 2,
  siteUrl: 'https://docs.example.com',
};

/**
 * A page at `search`, hydrated or not, without the targets the script paints into
 * (painting is checked in the browser), and a backend that records what is asked of it.
 */
function page(search: string, hydrated = false, fail = false) {
  const calls: string[] = [];
  const scope = {
    location: { search },
    document: {
      documentElement: { getAttribute: (name: string) => (name === 'data-has-hydrated' ? String(hydrated) : null) },
      querySelector: () => null,
    } as unknown as Document,
  } as PageScope;
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
        return { hits: [], nbHits: 0, page: 0, nbPages: 0 };
      },
    };
  };
  return { scope, createBackend, calls };
}

describe('the /search page early script', () => {
  it('sets the backend up, leaves it for the page and runs the query of q with the page’s filters', async () => {
    const { scope, createBackend, calls } = page('?q=%20llama%20cpp%20');
    await startEarlySearch(config, scope, createBackend);
    expect(scope[EARLY_SEARCH_GLOBAL]?.kind).toBe('local');
    expect(calls).toEqual([
      'create /pagefind/ Docs',
      `search ${JSON.stringify({ query: ' llama cpp ', facetFilters: [['language:en']], hitsPerPage: 2, page: 0 })}`,
    ]);
  });

  it('only loads the index when there is no query', async () => {
    const { scope, createBackend, calls } = page('?q=%20');
    await startEarlySearch(config, scope, createBackend);
    expect(calls).toEqual(['create /pagefind/ Docs', 'preload']);
  });

  it('starts nothing on a page that has hydrated, and says so; nor a second time', async () => {
    const hydrated = page('?q=llama', true);
    await startEarlySearch(config, hydrated.scope, hydrated.createBackend);
    expect(hydrated.calls).toEqual([]);
    expect(hydrated.scope[EARLY_SEARCH_GLOBAL]).toBeNull();
    const again = page('?q=llama');
    await startEarlySearch(config, again.scope, again.createBackend);
    await startEarlySearch(config, again.scope, again.createBackend);
    expect(again.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
  });

  it('leaves a failed search for the page to report', async () => {
    const { scope, createBackend } = page('?q=llama', false, true);
    await expect(startEarlySearch(config, scope, createBackend)).resolves.toBe(false);
    expect(scope[EARLY_SEARCH_GLOBAL]).not.toBeNull();
  });
});

describe('earlySearchBackend', () => {
  const backend = { kind: 'local' } as SearchBackend;
  const documentWith = (script: EventTarget | null) => ({ querySelector: () => script }) as unknown as Document;

  it('is the backend the script left, or null when it declined or there is no script', async () => {
    await expect(earlySearchBackend(documentWith(null), { [EARLY_SEARCH_GLOBAL]: backend })).resolves.toBe(backend);
    await expect(earlySearchBackend(documentWith(null), { [EARLY_SEARCH_GLOBAL]: null })).resolves.toBe(null);
    await expect(earlySearchBackend(documentWith(null), {})).resolves.toBe(null);
  });

  it('waits for a script that has not run yet, and gives up on one that failed to load', async () => {
    const script = new EventTarget();
    const scope: EarlyScope = {};
    const waiting = earlySearchBackend(documentWith(script), scope);
    scope[EARLY_SEARCH_GLOBAL] = backend;
    script.dispatchEvent(new Event('load'));
    await expect(waiting).resolves.toBe(backend);

    const failed = new EventTarget();
    const failing = earlySearchBackend(documentWith(failed), {});
    failed.dispatchEvent(new Event('error'));
    await expect(failing).resolves.toBe(null);
  });
});

describe('the /search page’s edits, as the pass over the built pages applies them', () => {
  const builtPage =
    '<html><head><title>Search</title></head><body><div id="__docusaurus"></div>' +
    '<script src=/assets/js/runtime~main.1.js defer></script><script src=/assets/js/main.2.js defer></script>' +
    '<script src=/other/widget.js defer></script></body></html>';

  async function indexDir(entry: unknown) {
    const dir = await mkdtemp(path.join(tmpdir(), 'search-hints-'));
    await writeFile(path.join(dir, 'pagefind-entry.json'), JSON.stringify(entry));
    return dir;
  }
  const edit = async (entry: unknown) =>
    searchPageEdit({ bundleDir: await indexDir(entry), bundlePath: '/pagefind/', language: 'en', baseUrl: '/' });
  const prepare = async (entry: unknown, html = builtPage) =>
    editPage(html, [{ step: 'search page', edit: await edit(entry) }], 'search.html');

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
    // Pagefind asks for the entry file by the same URL when given the tag.
    expect(pagefindEntryUrl('/pagefind/', tag ?? '')).toBe(`/pagefind/pagefind-entry.json?ts=${tag}`);
    expect(pagefindOptions('/pagefind/', undefined, tag)).toMatchObject({ metaCacheTag: tag });
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
      /search\.html: search page holds the scripts under \/assets\/js\/, and the page has none/,
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

  it('releases at once without settings, or when the query paints nothing, and sets the limit', async () => {
    const timers: { ms: number; run: () => void }[] = [];
    const scopeOf = (doc: Document) =>
      ({
        location: { search: '?q=llama' },
        document: Object.assign(doc, { documentElement: { getAttribute: () => null } }),
        requestAnimationFrame: () => 0,
        setTimeout: (run: () => void, ms: number) => timers.push({ ms, run }),
      }) as unknown as PageScope;

    const bare = held('/assets/js/main.2.js');
    startPage(null, scopeOf(bare.doc));
    expect(bare.appended).toHaveLength(1);

    const missed = held('/assets/js/main.2.js');
    const searched: string[] = [];
    startPage(config, scopeOf(missed.doc), () => ({
      kind: 'local',
      preload: async () => undefined,
      search: async () => {
        searched.push('searched');
        return { hits: [], nbHits: 0, page: 0, nbPages: 0 };
      },
    }));
    expect(timers.map((timer) => timer.ms)).toContain(HOLD_LIMIT_MS);
    // Nothing was painted, so there is nothing to wait for: the page shows its miss.
    await vi.waitFor(() => expect(missed.appended).toHaveLength(1));
    expect(searched).toEqual(['searched']);
  });
});
