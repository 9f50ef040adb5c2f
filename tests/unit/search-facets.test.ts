import { describe, expect, it } from 'vitest';

import { contextualFacetFilters, toPagefindFilters } from '../../src/search/facets';

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

  it('refuses an empty locale', () => {
    expect(() => contextualFacetFilters({ locale: '', tags: [] })).toThrow(/locale/);
  });
});

describe('Pagefind filters', () => {
  it('turns AND-of-OR facet filters into Pagefind filters', () => {
    expect(
      toPagefindFilters([['language:en'], ['docusaurus_tag:default', 'docusaurus_tag:docs-default-current']]),
    ).toEqual({ language: { any: ['en'] }, docusaurus_tag: { any: ['default', 'docs-default-current'] } });
  });

  it('keeps values with colons', () => {
    expect(toPagefindFilters([['docusaurus_tag:a:b']])).toEqual({ docusaurus_tag: { any: ['a:b'] } });
  });

  it('intersects two groups on one facet', () => {
    expect(
      toPagefindFilters([
        ['tag:a', 'tag:b'],
        ['tag:b', 'tag:c'],
      ]),
    ).toEqual({ tag: { any: ['b'] } });
  });

  it('rejects what the local index cannot express', () => {
    expect(() => toPagefindFilters([['language:en', 'docusaurus_tag:x']])).toThrow(/mixes/);
    expect(() => toPagefindFilters([['nocolon']])).toThrow(/facet:value/);
  });
});
