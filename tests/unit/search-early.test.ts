import { describe, expect, it } from 'vitest';

import { EARLY_PAGEFIND_GLOBAL, type EarlySearchConfig } from '../../src/search/backends/pagefindEarly';
import { startEarlySearch } from '../../static/search-early.js';

const config: EarlySearchConfig = {
  global: EARLY_PAGEFIND_GLOBAL,
  moduleUrl: '/pagefind/pagefind.js',
  options: { basePath: '/pagefind/', noWorker: true },
  filters: { language: { any: ['en'] } },
  resultsPerPage: 2,
};

/** A page at `search`, hydrated or not, with a Pagefind module that records what is asked of it. */
function page(search: string, hydrated = false) {
  const calls: string[] = [];
  const scope: Record<string, unknown> = {
    location: { search },
    document: {
      documentElement: { getAttribute: (name: string) => (name === 'data-has-hydrated' ? String(hydrated) : null) },
    },
  };
  const result = (id: string) => ({
    data: async () => {
      calls.push(`data ${id}`);
      return {};
    },
  });
  const load = async (url: string) => {
    calls.push(`import ${url}`);
    return {
      createInstance: (options: Record<string, unknown>) => {
        calls.push(`createInstance ${JSON.stringify(options)}`);
        return {
          init: async () => {
            calls.push('init');
          },
          search: async (term: string, options: { filters: unknown }) => {
            calls.push(`search ${term} ${JSON.stringify(options.filters)}`);
            return { results: [result('a'), result('b'), result('c')] };
          },
        };
      },
    };
  };
  return { scope, load, calls };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the /search page early script', () => {
  it('sets Pagefind up, runs the query of q and fetches the first screen of results', async () => {
    const { scope, load, calls } = page('?q=%20llama%20cpp%20');
    startEarlySearch(config, scope, load);
    expect(scope[EARLY_PAGEFIND_GLOBAL]).toBeInstanceOf(Promise);
    await settle();
    expect(calls).toEqual([
      'import /pagefind/pagefind.js',
      `createInstance ${JSON.stringify(config.options)}`,
      'init',
      `search llama cpp ${JSON.stringify(config.filters)}`,
      'data a',
      'data b',
    ]);
  });

  it('only sets Pagefind up when there is no query', async () => {
    const { scope, load, calls } = page('?q=%20');
    startEarlySearch(config, scope, load);
    await settle();
    expect(calls).toEqual(['import /pagefind/pagefind.js', `createInstance ${JSON.stringify(config.options)}`, 'init']);
  });

  it('does nothing on a page that has hydrated, or a second time', async () => {
    const hydrated = page('?q=llama', true);
    startEarlySearch(config, hydrated.scope, hydrated.load);
    const again = page('?q=llama');
    again.scope[EARLY_PAGEFIND_GLOBAL] = null;
    startEarlySearch(config, again.scope, again.load);
    await settle();
    expect(hydrated.calls).toEqual([]);
    expect(again.calls).toEqual([]);
  });

  it('leaves a failed load for the backend to report', async () => {
    const { scope } = page('?q=llama');
    startEarlySearch(config, scope, () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(scope[EARLY_PAGEFIND_GLOBAL]).rejects.toThrow('Failed to fetch');
  });
});
