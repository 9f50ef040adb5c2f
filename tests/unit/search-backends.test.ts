import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import type { DocSearchTransformClient } from '@docsearch/react';

import { chooseSearchBackend, SEARCH_BACKENDS } from '@site/src/search/backends/registry';
import { modalSearchClient, type SearchView } from '@site/src/search/docsearchWorkarounds';
import type { SearchSetup } from '@site/src/search/setup';
import { SearchUnavailableError, type SearchRequest, type SearchResponse } from '@site/src/search/types';

const backendsDir = fileURLToPath(new URL('../../src/search/backends/', import.meta.url));

describe('search backends', () => {
  it('uses the local search index when Algolia is not configured', () => {
    for (const env of [{}, { ALGOLIA_APP_ID: ' ', ALGOLIA_SEARCH_API_KEY: '' }]) {
      const chosen = chooseSearchBackend(env);
      expect(chosen.row.id).toBe('local');
      expect(chosen.row.pagefind).toBe(true);
      expect(chosen.settings).toEqual({});
    }
  });

  it('switches Algolia on with both credentials, index name defaulting to rubra', () => {
    const chosen = chooseSearchBackend({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'KEY' });
    expect(chosen.row.id).toBe('algolia');
    expect(chosen.row.pagefind).toBe(false);
    expect(chosen.settings).toEqual({ appId: 'APP', apiKey: 'KEY', indexName: 'rubra' });
    expect(
      chooseSearchBackend({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'KEY', ALGOLIA_INDEX_NAME: 'rubra-staging' })
        .settings.indexName,
    ).toBe('rubra-staging');
  });

  it('names the missing variable when only one credential is set', () => {
    expect(() => chooseSearchBackend({ ALGOLIA_APP_ID: 'APP' })).toThrow(/ALGOLIA_SEARCH_API_KEY is not set/);
    expect(() => chooseSearchBackend({ ALGOLIA_SEARCH_API_KEY: 'KEY' })).toThrow(/ALGOLIA_APP_ID is not set/);
  });

  it('ends with a row that needs no settings, so that every environment has a backend', () => {
    expect(SEARCH_BACKENDS.at(-1)?.settings({})).toEqual({});
  });

  it('gives every row, and only rows, the two modules the build points its aliases at', () => {
    const ids = SEARCH_BACKENDS.map((row) => row.id);
    expect(new Set(ids).size).toBe(ids.length);
    const setups = readdirSync(backendsDir).filter((name) => name.endsWith('.setup.ts'));
    expect(setups.map((name) => name.replace(/\.setup\.ts$/, '')).sort()).toEqual([...ids].sort());
    for (const id of ids) {
      const setup = `${backendsDir}${id}.setup.ts`;
      const head = `${backendsDir}${id}.head.tsx`;
      expect(existsSync(setup), setup).toBe(true);
      expect(readFileSync(setup, 'utf8')).toMatch(/export const createSearchSetup\b/);
      expect(existsSync(head), head).toBe(true);
      expect(readFileSync(head, 'utf8')).toMatch(/export default function SearchPageHead\b/);
    }
  });
});

describe("the modal's search client", () => {
  const facetFilters = [['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']];
  const notice = { kind: 'corrected' as const, query: 'assistant', original: 'asistant' };

  function fakeSetup(
    answer: (request: SearchRequest) => Promise<SearchResponse>,
    docSearch?: SearchSetup['docSearch'],
  ) {
    const seen: SearchRequest[] = [];
    const setup: SearchSetup = {
      backend: {
        kind: 'local',
        preload: async () => undefined,
        search: (request) => (seen.push(request), answer(request)),
      },
      docSearch,
    };
    const view: SearchView = { literal: null, answer: null, failed: false, draw: () => undefined };
    return { setup, seen, view };
  }
  const search = (client: DocSearchTransformClient, query: string) =>
    (client.search as unknown as (request: object) => Promise<{ results: { nbHits: number; notice?: unknown }[] }>)({
      requests: [{ indexName: 'local', query, hitsPerPage: 20, facetFilters }],
    });
  const docSearchClient = (answer: () => Promise<unknown>) =>
    ({ search: answer }) as unknown as DocSearchTransformClient;
  const neverAsked = docSearchClient(() => Promise.reject(new Error('DocSearch’s own client was asked')));

  it('asks the backend with the contextual filters, the words as typed on request, and keeps the notice', async () => {
    const { setup, seen, view } = fakeSetup(async () => ({ hits: [], nbHits: 7, notice }));
    const client = modalSearchClient(setup, facetFilters, view)(neverAsked);
    expect((await search(client, 'llama')).results[0]).toMatchObject({ nbHits: 7, notice });
    view.literal = 'asistant';
    await search(client, 'asistant');
    expect(seen).toEqual([
      { query: 'llama', facetFilters, hitsPerPage: 8, page: 0 },
      { query: 'asistant', facetFilters, hitsPerPage: 8, page: 0, literal: true },
    ]);
    expect(view).toMatchObject({ answer: { query: 'asistant', notice }, failed: false });
  });

  it('answers a failed search empty, for the error screen, and clears it on the next answer', async () => {
    let down = true;
    const { setup, view } = fakeSetup(async () => {
      if (down) throw new SearchUnavailableError('offline');
      return { hits: [], nbHits: 2 };
    });
    const client = modalSearchClient(setup, facetFilters, view)(neverAsked);
    await expect(search(client, 'llam')).resolves.toEqual({ results: [{ hits: [], nbHits: 0 }] });
    expect(view.failed).toBe(true);
    down = false;
    await search(client, 'llama');
    expect(view).toMatchObject({ answer: { query: 'llama', notice: null }, failed: false });
  });

  it("leaves a hosted index to DocSearch's own client, and reports its failures too", async () => {
    const { setup, seen, view } = fakeSetup(() => Promise.reject(new Error('the backend was asked')), {
      appId: 'APP',
      apiKey: 'KEY',
      indexName: 'rubra',
    });
    const answered = docSearchClient(async () => ({ results: [{ hits: [], nbHits: 3 }] }));
    expect((await search(modalSearchClient(setup, facetFilters, view)(answered), 'vllm')).results[0]?.nbHits).toBe(3);
    expect(seen).toEqual([]);
    const failing = docSearchClient(() => Promise.reject(Object.assign(new Error('down'), { name: 'RetryError' })));
    await search(modalSearchClient(setup, facetFilters, view)(failing), 'vllm');
    expect(view.failed).toBe(true);
  });
});
