import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { chooseSearchBackend, SEARCH_BACKENDS } from '@site/src/search/backends/registry';

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

  it('fails loudly when no row accepts the environment', () => {
    const rows = [{ id: 'hosted', settings: () => null, pagefind: false, policy: { scriptSrc: [], connectSrc: [] } }];
    expect(() => chooseSearchBackend({}, rows)).toThrow(/No search backend accepts this environment/);
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
