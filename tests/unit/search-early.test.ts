import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { startEarlySearch, type EarlyScope } from '../../src/search/backends/local.early';
import type { LocalBackendOptions } from '../../src/search/backends/local';
import type { EarlySearchConfig } from '../../src/search/backends/pagefindEarly';
import { EARLY_SEARCH_GLOBAL, earlySearchBackend } from '../../src/search/earlySearch';
import type { SearchBackend, SearchRequest } from '../../src/search/types';
import { esbuildTargets, hintIndexFiles } from '../../src/plugins/search-index/earlyScript';

const config: EarlySearchConfig = {
  bundlePath: '/pagefind/',
  fallbackSection: 'Docs',
  facetFilters: [['language:en']],
  resultsPerPage: 2,
  classes: {
    count: 'count',
    results: 'results',
    result: 'result',
    section: 'section',
    title: 'title',
    excerpt: 'excerpt',
    headings: 'headings',
    notice: 'notice',
    instead: 'instead',
  },
};

/**
 * A page at `search`, hydrated or not, without the targets the script paints into
 * (painting is checked in the browser), and a backend that records what is asked of it.
 */
function page(search: string, hydrated = false, fail = false) {
  const calls: string[] = [];
  const scope: EarlyScope = {
    location: { search },
    document: {
      documentElement: { getAttribute: (name: string) => (name === 'data-has-hydrated' ? String(hydrated) : null) },
      querySelector: () => null,
    } as unknown as Document,
  };
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
    expect(scope[EARLY_SEARCH_GLOBAL]?.backend?.kind).toBe('local');
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
    expect(hydrated.scope[EARLY_SEARCH_GLOBAL]).toEqual({ backend: null });
    const again = page('?q=llama');
    await startEarlySearch(config, again.scope, again.createBackend);
    await startEarlySearch(config, again.scope, again.createBackend);
    expect(again.calls.filter((call) => call.startsWith('create'))).toHaveLength(1);
  });

  it('leaves a failed search for the page to report', async () => {
    const { scope, createBackend } = page('?q=llama', false, true);
    await expect(startEarlySearch(config, scope, createBackend)).resolves.toBeUndefined();
    expect(scope[EARLY_SEARCH_GLOBAL]?.backend).not.toBeNull();
  });
});

describe('earlySearchBackend', () => {
  const backend = { kind: 'local' } as SearchBackend;
  const documentWith = (script: EventTarget | null) => ({ querySelector: () => script }) as unknown as Document;

  it('is the backend the script left, or null when it declined or there is no script', async () => {
    await expect(earlySearchBackend(documentWith(null), { [EARLY_SEARCH_GLOBAL]: { backend } })).resolves.toBe(backend);
    await expect(earlySearchBackend(documentWith(null), { [EARLY_SEARCH_GLOBAL]: { backend: null } })).resolves.toBe(
      null,
    );
    await expect(earlySearchBackend(documentWith(null), {})).resolves.toBe(null);
  });

  it('waits for a script that has not run yet, and gives up on one that failed to load', async () => {
    const script = new EventTarget();
    const scope: Record<string, unknown> = {};
    const waiting = earlySearchBackend(documentWith(script), scope);
    scope[EARLY_SEARCH_GLOBAL] = { backend };
    script.dispatchEvent(new Event('load'));
    await expect(waiting).resolves.toBe(backend);

    const failed = new EventTarget();
    const failing = earlySearchBackend(documentWith(failed), {});
    failed.dispatchEvent(new Event('error'));
    await expect(failing).resolves.toBe(null);
  });
});

describe('esbuildTargets', () => {
  it('reads the site’s browserslist', () => {
    expect(esbuildTargets(['chrome >= 99', 'ios_saf >= 15.4'])).toEqual(['chrome99', 'ios15.4']);
  });

  it('fails loudly on a query it cannot read', () => {
    expect(() => esbuildTargets(['> 0.5%'])).toThrow(/browserslist: "> 0.5%"/);
  });
});

describe('hintIndexFiles', () => {
  async function site(entry: unknown, html = '<html><head><title>Search</title></head><body></body></html>') {
    const dir = await mkdtemp(path.join(tmpdir(), 'search-hints-'));
    await writeFile(path.join(dir, 'pagefind-entry.json'), JSON.stringify(entry));
    await writeFile(path.join(dir, 'search.html'), html);
    return dir;
  }

  it('hints at the language’s metadata and WebAssembly, as fetches', async () => {
    const dir = await site({ languages: { en: { hash: 'en_4cbb', wasm: 'en', page_count: 41 } } });
    await hintIndexFiles(path.join(dir, 'search.html'), dir, '/pagefind/', 'en');
    const html = await readFile(path.join(dir, 'search.html'), 'utf8');
    expect(html).toContain(
      '<link rel="preload" href="/pagefind/pagefind.en_4cbb.pf_meta" as="fetch" crossorigin="anonymous">' +
        '<link rel="preload" href="/pagefind/wasm.en.pagefind" as="fetch" crossorigin="anonymous"></head>',
    );
  });

  it('fails loudly, naming the file, on an index without languages or a page without a head', async () => {
    const empty = await site({ languages: {} });
    await expect(hintIndexFiles(path.join(empty, 'search.html'), empty, '/pagefind/', 'en')).rejects.toThrow(
      /pagefind-entry\.json lists no language/,
    );
    const headless = await site({ languages: { en: { hash: 'en_1', wasm: 'en' } } }, '<p>no head</p>');
    await expect(hintIndexFiles(path.join(headless, 'search.html'), headless, '/pagefind/', 'en')).rejects.toThrow(
      /search\.html has no <\/head>/,
    );
  });
});
