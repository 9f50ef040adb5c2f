import { describe, expect, it } from 'vitest';

import { toPagefindFilters } from '../../src/search/backends/local';
import { contextualFacetFilters } from '../../src/search/types';

describe('contextual facet filters', () => {
  it('filters on the language, and on any tag of the current context', () => {
    expect(
      contextualFacetFilters({ locale: 'en', tags: ['default', 'docs-default-current', 'docs-api-current'] }),
    ).toEqual([
      ['language:en'],
      ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current', 'docusaurus_tag:docs-api-current'],
    ]);
  });

  it('leaves the tag filter out when there is no tag', () => {
    expect(contextualFacetFilters({ locale: 'en', tags: [] })).toEqual([['language:en']]);
  });
});

describe('Pagefind filters', () => {
  it('turns the contextual filters into Pagefind filters: facets ANDed, the values of one facet ORed', () => {
    const filters = contextualFacetFilters({ locale: 'en', tags: ['default', 'docs-default-current'] });
    expect(toPagefindFilters(filters)).toEqual({
      language: { any: ['en'] },
      docusaurus_tag: { any: ['default', 'docs-default-current'] },
    });
  });

  it('keeps values with colons', () => {
    expect(toPagefindFilters([['docusaurus_tag:a:b']])).toEqual({ docusaurus_tag: { any: ['a:b'] } });
  });
});
