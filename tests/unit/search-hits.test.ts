import { describe, expect, it } from 'vitest';

import type { PagefindResultData } from '@rubra/search-query';

import { highlightTerms, markedTerms, normaliseExcerpt, pagefindResultToHits } from '../../src/search/backends/local';
import { groupHitsByPage, noticeHtml, resultsHtml, statusHtml } from '../../src/search/pageResults';

// The shape Pagefind 1.6 returns for a page (see its result data), with hostile text.
const result: PagefindResultData = {
  url: '/models/example',
  excerpt: 'Call <mark>tools</mark> with &lt;script&gt; & friends.',
  meta: { title: 'Tools <b>bold</b> & more', section: 'Models' },
  sub_results: [
    { title: 'Tools <b>bold</b> & more', url: '/models/example', excerpt: 'Intro about <mark>tools</mark>.' },
    {
      title: 'Calling <tools>',
      url: '/models/example#calling-tools',
      excerpt: 'Llama <mark>tools</mark> calling.',
      anchor: { element: 'h2' },
    },
    {
      title: 'Deep',
      url: '/models/example#deep',
      excerpt: 'Deep <mark>tools.</mark>',
      anchor: { element: 'h3' },
    },
  ],
};

describe('pagefindResultToHits', () => {
  const hits = pagefindResultToHits(result, 'Docs');

  it('makes one page hit, then one hit per heading with its anchor', () => {
    expect(hits.map((hit) => [hit.type, hit.url, hit.anchor])).toEqual([
      ['lvl1', '/models/example', null],
      ['lvl2', '/models/example#calling-tools', 'calling-tools'],
      ['lvl3', '/models/example#deep', 'deep'],
    ]);
    expect(hits.every((hit) => hit.url_without_anchor === '/models/example')).toBe(true);
  });

  it('groups by section, falling back when a page has none', () => {
    expect(hits.every((hit) => hit.hierarchy.lvl0 === 'Models')).toBe(true);
    const [page] = pagefindResultToHits({ ...result, meta: { title: 'T' } }, 'Docs');
    expect(page?.hierarchy.lvl0).toBe('Docs');
  });

  it('escapes HTML in titles and keeps only <mark> in highlights', () => {
    const [page, heading] = hits;
    expect(page?.hierarchy.lvl1).toBe('Tools &lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(page?._highlightResult.hierarchy.lvl1.value).toBe('<mark>Tools</mark> &lt;b&gt;bold&lt;/b&gt; &amp; more');
    expect(heading?.hierarchy.lvl2).toBe('Calling &lt;tools&gt;');
    expect(heading?._highlightResult.hierarchy.lvl2.value).toBe('Calling &lt;<mark>tools</mark>&gt;');
    for (const hit of hits) {
      const html = JSON.stringify([hit._highlightResult, hit._snippetResult, hit.hierarchy, hit.content]);
      expect(html.replace(/<\/?mark>/g, '')).not.toMatch(/<[a-z/]/i);
    }
  });

  it('snippets the excerpt, escaped exactly once', () => {
    expect(hits[0]?._snippetResult.content.value).toBe('Call <mark>tools</mark> with &lt;script&gt; &amp; friends.');
    expect(hits[1]?._snippetResult.hierarchy.lvl1.value).toBe('Llama <mark>tools</mark> calling.');
    // The page hit's own lvl1 snippet is its highlighted title, untouched by the heading hits.
    expect(hits[0]?._snippetResult.hierarchy.lvl1.value).toContain('Tools');
  });
});

describe('excerpt helpers', () => {
  it('normalises Pagefind excerpts', () => {
    expect(normaliseExcerpt('a &lt;b&gt; & <mark>c</mark>')).toBe('a &lt;b&gt; &amp; <mark>c</mark>');
  });

  it('reads the marked terms, without trailing punctuation', () => {
    expect(markedTerms('<mark>Tools.</mark> and <mark>tools</mark>')).toEqual(['tools']);
  });

  it('highlights terms at word starts only', () => {
    expect(highlightTerms('Stools and tools', ['tools'])).toBe('Stools and <mark>tools</mark>');
    expect(highlightTerms('<x>', [])).toBe('&lt;x&gt;');
  });
});

describe('groupHitsByPage', () => {
  it('puts heading hits under their page, once', () => {
    const hits = pagefindResultToHits(result, 'Docs');
    const pages = groupHitsByPage([...hits, ...hits], 'https://docs.example.com');
    expect(pages).toHaveLength(1);
    expect(pages[0]?.headings.map((heading) => heading.url)).toEqual([
      '/models/example#calling-tools',
      '/models/example#deep',
    ]);
    expect(pages[0]?.excerpt).toContain('<mark>tools</mark>');
  });

  it('gives the URLs of the site itself (Algolia’s are absolute) as paths, and leaves others as they are', () => {
    const site = 'https://docs.example.com';
    const hits = pagefindResultToHits(result, 'Docs').map((hit) => ({
      ...hit,
      url: `${site}${hit.url}`,
      url_without_anchor: `${site}${hit.url_without_anchor}`,
    }));
    const [page] = groupHitsByPage(hits, site);
    expect(page?.url).toBe('/models/example');
    expect(page?.headings[0]?.url).toBe('/models/example#calling-tools');
    expect(groupHitsByPage(hits, 'https://other.example.com')[0]?.url).toBe(`${site}/models/example`);
  });
});

describe('the /search page markup', () => {
  it('escapes the query and the sections, and keeps the backend’s escaped titles and excerpts', () => {
    const html = resultsHtml(
      groupHitsByPage(pagefindResultToHits({ ...result, meta: { title: 'T', section: '<S>' } }, 'Docs'), ''),
    );
    expect(html).toContain('<p class="search-section">&lt;S&gt;</p>');
    expect(html).toContain(
      '<a href="/models/example#calling-tools"><span>Calling &lt;<mark>tools</mark>&gt;</span></a>',
    );
    const status = statusHtml({
      query: '<b>',
      state: 'done',
      nbHits: 0,
      notice: null,
      suggestions: ['A"B'],
      reportUrl: '/new?title=%3Cb%3E&x',
    });
    expect(status).toContain('“<strong>&lt;b&gt;</strong>”');
    expect(status).toContain('data-search-suggestion="A&quot;B"');
    expect(status).toContain('href="/new?title=%3Cb%3E&amp;x"');
  });

  it('says how a query was understood, with the words as typed one press away', () => {
    const corrected = noticeHtml({ kind: 'corrected', query: 'create assistant', original: 'create "asistant' });
    expect(corrected).toContain('data-search-literal="create &quot;asistant"');
    expect(corrected).toContain('Showing results for &quot;create assistant&quot;.');
    expect(noticeHtml({ kind: 'relaxed', query: 'macos', original: 'macos metal' })).toBe(
      '<p class="margin-bottom--sm" data-search-notice="relaxed">No results for &quot;macos metal&quot;. Showing results for &quot;macos&quot;.</p>',
    );
  });
});
