import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import type { PagefindApi } from '@rubra/search-query';

import { createLocalBackend } from '../../src/search/backends/local';
import { RESULTS_PER_PAGE } from '../../src/search/pageResults';
import { RESULTS_READ } from '@rubra/search-query';
import { SearchUnavailableError } from '../../src/search/types';

// The backend fetches the site's words (for typo correction) with the page's own fetch.
beforeEach(() => {
  vi.stubGlobal('fetch', async () => Response.json({ words: ['llama'] }));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const request = { query: 'llama', facetFilters: [], hitsPerPage: 10, page: 0 };

/**
 * A stand-in for Pagefind as it behaves in the browser: a search downloads the index
 * chunk it needs through the global fetch, and when that download fails it logs
 * nothing we can see and answers with no results.
 */
function fakePagefind(scope: { fetch: typeof fetch }, urls: string[]): PagefindApi {
  return {
    options: async () => undefined,
    init: async () => undefined,
    search: async () => {
      const downloads = await Promise.all(
        urls.map((url) =>
          scope.fetch(url).then(
            (response) => response.ok,
            () => false,
          ),
        ),
      );
      const loaded = downloads.every(Boolean);
      return {
        results: loaded
          ? [
              {
                id: 'llama',
                score: 1,
                words: [0],
                data: async () => ({
                  url: '/models/llama',
                  excerpt: 'Rubra <mark>Llama</mark>',
                  meta: { title: 'Llama' },
                  sub_results: [],
                }),
              },
            ]
          : [],
      };
    },
  };
}

function network() {
  const state = { online: true, status: 200, unreachable: '' };
  const scope = {
    fetch: (async (input: RequestInfo | URL) => {
      if (!state.online || String(input) === state.unreachable) {
        throw new TypeError('Failed to fetch');
      }
      return new Response('', { status: state.status });
    }) as typeof fetch,
  };
  return { state, scope };
}

function backendOn(scope: { fetch: typeof fetch }, ...urls: string[]) {
  return createLocalBackend({
    bundlePath: '/pagefind/',
    fallbackSection: 'Docs',
    fetchScope: scope,
    importPagefind: async () => fakePagefind(scope, urls),
  });
}

type PagefindResults = NonNullable<Awaited<ReturnType<PagefindApi['search']>>>['results'];

/** A local backend over a Pagefind that answers every query with these results. */
function backendAnswering(scope: { fetch: typeof fetch }, results: PagefindResults) {
  return createLocalBackend({
    bundlePath: '/pagefind/',
    fallbackSection: 'Docs',
    fetchScope: scope,
    importPagefind: async () => ({ ...fakePagefind(scope, []), search: async () => ({ results }) }),
  });
}

describe('local search backend', () => {
  it('gives Pagefind the index’s tag the page names, for the entry file the page hints at, and no worker', async () => {
    const { scope } = network();
    const given: Record<string, unknown>[] = [];
    const backend = createLocalBackend({
      bundlePath: '/pagefind/',
      fallbackSection: 'Docs',
      indexTag: 'abc123',
      fetchScope: scope,
      importPagefind: async () => ({
        ...fakePagefind(scope, []),
        options: async (options) => void given.push(options),
      }),
    });
    await backend.preload();
    expect(given).toEqual([
      expect.objectContaining({ basePath: '/pagefind/', metaCacheTag: 'abc123', noWorker: true }),
    ]);
  });

  it('answers as usual while the index downloads', async () => {
    const { scope } = network();
    const response = await backendOn(scope, '/pagefind/index/en_1.pf_index').search(request);
    expect(response.nbHits).toBe(1);
  });

  it('reports a failed index download as a failed search, not as "no results"', async () => {
    const { state, scope } = network();
    const backend = backendOn(scope, '/pagefind/index/en_1.pf_index');
    state.online = false;
    await expect(backend.search(request)).rejects.toBeInstanceOf(SearchUnavailableError);
    // The next query, with the network back, searches normally.
    state.online = true;
    expect((await backend.search(request)).nbHits).toBe(1);
  });

  it('counts an error status on a filter chunk as a failed download too', async () => {
    const { state, scope } = network();
    const backend = backendOn(scope, 'http://127.0.0.1:3000/pagefind/filter/en_2.pf_filter');
    state.status = 503;
    await expect(backend.search(request)).rejects.toThrow('Part of the search index could not be downloaded.');
  });

  it('leaves failures of other downloads to whoever made them', async () => {
    const { state, scope } = network();
    const backend = createLocalBackend({
      bundlePath: '/pagefind/',
      fallbackSection: 'Docs',
      fetchScope: scope,
      importPagefind: async () => ({
        ...fakePagefind(scope, ['/pagefind/index/en_1.pf_index']),
        search: async () => {
          // Something else on the page fails to download while the query runs.
          await expect(scope.fetch('/img/logo.svg')).rejects.toThrow('Failed to fetch');
          return { results: [] };
        },
      }),
    });
    state.unreachable = '/img/logo.svg';
    expect((await backend.search(request)).nbHits).toBe(0);
  });
});

describe('the first screen of results', () => {
  it('has its fragments asked for together, before the query layer reads any of them', async () => {
    const { scope } = network();
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const result = (id: string) => ({
      id,
      score: 1,
      words: [7],
      data: async () => {
        asked.push(id);
        await released;
        return { url: `/${id}`, excerpt: id, content: id, meta: { title: id }, sub_results: [] };
      },
    });
    const backend = backendAnswering(scope, [...'abcdefghijkl'].map(result));
    // More than the five whose texts the query layer reads first.
    const answer = backend.search({ ...request, hitsPerPage: 8 });
    await expect.poll(() => asked.length).toBe(8);
    expect(asked).toEqual([...'abcdefgh']);
    release();
    expect((await answer).nbHits).toBe(12);
  });

  it('shows a first screen of /search no larger than the results the query layer reads anyway', () => {
    expect(RESULTS_PER_PAGE).toBeLessThanOrEqual(RESULTS_READ);
  });
});
