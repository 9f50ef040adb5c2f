import { describe, expect, it } from 'vitest';

import { parseEnv, parseRsdoctor } from '@site/src/site/env';

describe('parseEnv', () => {
  it('uses the local search index when Algolia is not configured', () => {
    expect(parseEnv({})).toEqual({ algolia: null });
    expect(parseEnv({ ALGOLIA_APP_ID: ' ', ALGOLIA_SEARCH_API_KEY: '' })).toEqual({ algolia: null });
  });

  it('switches Algolia on with both credentials, index name defaulting to rubra', () => {
    expect(parseEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'KEY' })).toEqual({
      algolia: { appId: 'APP', apiKey: 'KEY', indexName: 'rubra' },
    });
    expect(
      parseEnv({ ALGOLIA_APP_ID: 'APP', ALGOLIA_SEARCH_API_KEY: 'KEY', ALGOLIA_INDEX_NAME: 'rubra-staging' }).algolia
        ?.indexName,
    ).toBe('rubra-staging');
  });

  it('names the missing variable when only one credential is set', () => {
    expect(() => parseEnv({ ALGOLIA_APP_ID: 'APP' })).toThrow(/ALGOLIA_SEARCH_API_KEY is not set/);
    expect(() => parseEnv({ ALGOLIA_SEARCH_API_KEY: 'KEY' })).toThrow(/ALGOLIA_APP_ID is not set/);
  });
});

describe('parseRsdoctor', () => {
  it('adds the bundle analysis only when RSDOCTOR is true', () => {
    expect(parseRsdoctor({})).toBe(false);
    expect(parseRsdoctor({ RSDOCTOR: 'false' })).toBe(false);
    expect(parseRsdoctor({ RSDOCTOR: 'true' })).toBe(true);
  });

  it('rejects any other value', () => {
    expect(() => parseRsdoctor({ RSDOCTOR: '1' })).toThrow(/RSDOCTOR is "1"/);
  });
});
