/**
 * The adapter from Pagefind results to the hit shape the DocSearch modal renders.
 * A Pagefind result is a page with sub-results per heading; it becomes one page hit
 * (type lvl1) followed by heading hits (lvl2, lvl3) that deep-link to the anchor.
 * Every string DocSearch inserts as HTML is escaped here; only <mark> survives.
 */
import { escapeHtml, highlightTerms } from './html';
import type { DocSearchHit } from './types';

/** The parts of Pagefind's result data the adapter reads. */
interface PagefindSubResult {
  title: string;
  url: string;
  excerpt: string;
  anchor?: { element: string; id: string; text?: string; location: number };
}

export interface PagefindResultData {
  url: string;
  excerpt: string;
  /** The page's indexed text (absent in older fixtures). */
  content?: string;
  meta: Record<string, string | undefined>;
  sub_results: PagefindSubResult[];
  /** The page's elements with an id, headings among them, in order. */
  anchors?: { element: string; id: string; text: string; location: number }[];
}

export interface HitOptions {
  /** The section a page without a `section` meta is grouped under. */
  fallbackSection: string;
  /** At most this many heading hits per page. */
  maxHeadingHits: number;
}

type Level = 'lvl0' | 'lvl1' | 'lvl2' | 'lvl3' | 'lvl4' | 'lvl5' | 'lvl6';
const LEVELS: Level[] = ['lvl0', 'lvl1', 'lvl2', 'lvl3', 'lvl4', 'lvl5', 'lvl6'];

/**
 * Pagefind escapes < and > in excerpts but leaves & alone, and marks matches with
 * <mark>. Rebuild the excerpt so that every text run is escaped exactly once.
 */
export function normaliseExcerpt(excerpt: string): string {
  return excerpt
    .split(/(<\/?mark>)/)
    .map((part) => {
      if (part === '<mark>' || part === '</mark>') {
        return part;
      }
      return escapeHtml(part.replace(/&lt;/g, '<').replace(/&gt;/g, '>'));
    })
    .join('');
}

/** The words Pagefind marked in an excerpt, used to highlight titles too. */
export function markedTerms(excerpt: string): string[] {
  const terms = [...excerpt.matchAll(/<mark>(.*?)<\/mark>/g)].map((match) =>
    (match[1] ?? '')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/[.,;:!?)]+$/u, '')
      .toLowerCase(),
  );
  return [...new Set(terms.filter(Boolean))];
}

function headingLevel(element: string | undefined): Level {
  const depth = Number(element?.replace(/^h/i, '') ?? NaN);
  if (!Number.isInteger(depth) || depth <= 2) {
    return 'lvl2';
  }
  return LEVELS[Math.min(depth, 6)] ?? 'lvl6';
}

function splitUrl(url: string): { page: string; anchor: string | null } {
  const hash = url.indexOf('#');
  return hash === -1 ? { page: url, anchor: null } : { page: url.slice(0, hash), anchor: url.slice(hash + 1) };
}

function attribute(value: string, terms: readonly string[]) {
  return {
    value: highlightTerms(value, terms),
    matchLevel: terms.length > 0 ? ('full' as const) : ('none' as const),
    matchedWords: [...terms],
  };
}

const EMPTY = { value: '', matchLevel: 'none' as const, matchedWords: [] as string[] };

function buildHit(
  fields: {
    objectID: string;
    type: Level;
    url: string;
    hierarchy: Partial<Record<Level, string>>;
    content: string;
  },
  terms: readonly string[],
): DocSearchHit {
  const { page, anchor } = splitUrl(fields.url);
  const hierarchy = {
    lvl0: fields.hierarchy.lvl0 ?? '',
    lvl1: fields.hierarchy.lvl1 ?? '',
    lvl2: fields.hierarchy.lvl2 ?? null,
    lvl3: fields.hierarchy.lvl3 ?? null,
    lvl4: fields.hierarchy.lvl4 ?? null,
    lvl5: fields.hierarchy.lvl5 ?? null,
    lvl6: fields.hierarchy.lvl6 ?? null,
  };
  const highlighted = Object.fromEntries(
    LEVELS.map((level) => [level, hierarchy[level] ? attribute(hierarchy[level], terms) : EMPTY]),
  ) as Record<Level, ReturnType<typeof attribute>>;
  const content = { value: fields.content, matchLevel: highlighted.lvl1.matchLevel, matchedWords: [...terms] };
  return {
    objectID: fields.objectID,
    type: fields.type,
    url: fields.url,
    url_without_anchor: page,
    anchor,
    // DocSearch inserts these strings as HTML (recent searches show them raw): escape them.
    content: fields.content || null,
    hierarchy: {
      lvl0: hierarchy.lvl0,
      lvl1: escapeHtml(hierarchy.lvl1),
      lvl2: hierarchy.lvl2 && escapeHtml(hierarchy.lvl2),
      lvl3: hierarchy.lvl3 && escapeHtml(hierarchy.lvl3),
      lvl4: hierarchy.lvl4 && escapeHtml(hierarchy.lvl4),
      lvl5: hierarchy.lvl5 && escapeHtml(hierarchy.lvl5),
      lvl6: hierarchy.lvl6 && escapeHtml(hierarchy.lvl6),
    },
    _highlightResult: { content, hierarchy: highlighted, hierarchy_camel: [highlighted] },
    _snippetResult: { content: { ...content }, hierarchy: { ...highlighted }, hierarchy_camel: [{ ...highlighted }] },
  };
}

export function pagefindResultToHits(data: PagefindResultData, options: HitOptions): DocSearchHit[] {
  const title = data.meta.title?.trim() || data.url;
  const section = data.meta.section?.trim() || options.fallbackSection;
  const pageExcerpt = normaliseExcerpt(data.excerpt);
  const terms = markedTerms(data.excerpt);
  const pageHit = buildHit(
    {
      objectID: data.url,
      type: 'lvl1',
      url: data.url,
      hierarchy: { lvl0: section, lvl1: title },
      content: pageExcerpt,
    },
    terms,
  );
  const headingHits = data.sub_results
    .filter((sub) => sub.anchor && sub.url.includes('#'))
    .slice(0, options.maxHeadingHits)
    .map((sub) => {
      const level = headingLevel(sub.anchor?.element);
      const headingTerms = [...new Set([...terms, ...markedTerms(sub.excerpt)])];
      const hit = buildHit(
        {
          objectID: sub.url,
          type: level,
          url: sub.url,
          hierarchy: { lvl0: section, lvl1: title, [level]: sub.title.trim() },
          content: normaliseExcerpt(sub.excerpt),
        },
        headingTerms,
      );
      // DocSearch prints a heading hit's lvl1 snippet under its title: show the
      // heading's own excerpt there, so that every hit says why it matched.
      hit._snippetResult.hierarchy.lvl1 = {
        value: normaliseExcerpt(sub.excerpt),
        matchLevel: 'full',
        matchedWords: headingTerms,
      };
      return hit;
    });
  return [pageHit, ...headingHits];
}
