import { expect, inject, test } from 'vitest';

import { identity } from '../../src/site/identity';
import { servedHtml, sitemapRoutes } from '../support/built-site';

/**
 * The docs for AI assistants, in the built site: /llms.txt, /llms-full.txt and the
 * Markdown twin of every page, compared with what the HTML page shows, as the run's
 * static host serves the build (tests/built/setup.ts).
 */
const origin = inject('origin');

const routes = sitemapRoutes();
const SECTIONS = ['Models', 'Serving', 'Benchmarks and FAQ', 'API reference'];
const ENTRY = /^- \[([^\]]+)\]\((https:\/\/[^)\s]+\.md)\)(?:: (.+))?$/;

const twinPathOf = (route: string) => (route === '/' ? '/index.md' : `${route}.md`);

async function getText(path: string): Promise<{ type: string; text: string }> {
  const response = await fetch(new URL(path, origin));
  expect(response.status, `${path} answers 200`).toBe(200);
  return { type: response.headers.get('content-type') ?? '', text: await response.text() };
}

const HEADING_ID = /\s+\{#([^}\s]+)\}$/;

interface TwinHeading {
  /** The heading's line without its `{#id}`: `## Text`. */
  line: string;
  text: string;
  id?: string;
}

/** The twin's heading lines, h2 and deeper, outside fenced code. */
function twinHeadings(lines: readonly string[]): TwinHeading[] {
  const headings: TwinHeading[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && (fence === null || (marker.startsWith(fence) && line.trim() === marker))) {
      fence = fence === null ? marker : null;
    } else if (fence === null && /^#{2,6} /.test(line)) {
      const id = HEADING_ID.exec(line)?.[1];
      const bare = line.replace(HEADING_ID, '');
      headings.push({ line: bare, text: bare.replace(/^#+ /, ''), ...(id ? { id } : {}) });
    }
  }
  return headings;
}

/** Markdown reduced to the text a reader sees, to compare with the HTML page's text. */
function readable(markdown: string): string {
  return markdown.replace(/\\([\\`*_{}[\]()#+\-.!|<>~])/g, '$1').replace(/`/g, '');
}

test('llms.txt is the site title, a summary blockquote and the four sections of twin links', async () => {
  const { type, text } = await getText('/llms.txt');
  expect(type).toMatch(/^text\/plain/);
  const lines = text.trimEnd().split('\n');
  expect(lines[0]).toBe(`# ${identity.title}`);
  expect(lines[1]).toBe('');
  expect(lines[2]).toMatch(/^> \S.{40,}$/);
  expect(lines.filter((line) => line.startsWith('## '))).toEqual(SECTIONS.map((title) => `## ${title}`));
  expect(lines.filter((line) => line.startsWith('# '))).toHaveLength(1);

  let section = '';
  let entries = 0;
  for (const line of lines.slice(3)) {
    if (line.startsWith('## ')) {
      section = line;
      continue;
    }
    if (line === '' || !line.startsWith('- ')) {
      // Only an optional intro line may stand between a heading and its links.
      expect(line === '' || section !== '', `a stray line: ${line}`).toBe(true);
      continue;
    }
    const match = ENTRY.exec(line);
    expect(match, `a link line: ${line}`).not.toBeNull();
    expect(match?.[3], `a description: ${line}`).toBeTruthy();
    entries += 1;
  }
  expect(entries).toBe(routes.length);
});

test('every link in llms.txt answers 200 with Markdown that starts with the linked title', async () => {
  const { text } = await getText('/llms.txt');
  const links = text
    .split('\n')
    .map((line) => ENTRY.exec(line))
    .filter((match): match is RegExpExecArray => match !== null);
  expect(new Set(links.map((match) => new URL(match[2] ?? '').pathname))).toEqual(new Set(routes.map(twinPathOf)));
  for (const [, title, url] of links) {
    expect(new URL(url ?? '').origin).toBe(identity.url);
    const twin = await getText(new URL(url ?? '').pathname);
    expect(twin.type).toBe('text/markdown; charset=utf-8');
    expect(twin.text.split('\n')[0]).toBe(`# ${title}`);
  }
});

test('llms-full.txt holds every page, each under its title and canonical URL', async () => {
  const { type, text } = await getText('/llms-full.txt');
  expect(type).toMatch(/^text\/plain/);
  const sources = [...text.matchAll(/^# (.+)\n\nSource: (\S+)$/gm)].map((match) => new URL(match[2] ?? '').pathname);
  expect(new Set(sources)).toEqual(new Set(routes));
  expect(sources).toHaveLength(routes.length);
  // Sidebar order: the docs from the home page first, the API reference last.
  expect(sources[0]).toBe('/');
  expect(sources.at(-1)?.startsWith('/api/')).toBe(true);
});

// Each page as it is served, before any script runs: what a reader and a crawler first get.
for (const route of routes) {
  test(`the twin of ${route} holds the page's h1, h2 headings and table figures, and the page links it`, async () => {
    const $ = await servedHtml(origin, route);
    const twinPath = twinPathOf(route);
    const alternate = $('head link[rel="alternate"][type="text/markdown"]');
    expect(alternate).toHaveLength(1);
    expect(new URL(alternate.attr('href') ?? '', new URL(route, origin)).pathname).toBe(twinPath);

    const { type, text } = await getText(twinPath);
    expect(type).toBe('text/markdown; charset=utf-8');
    const twin = readable(text);
    const lines = twin.split('\n');

    const clean = (value: string) => value.replace(/\u200b/g, '').trim();
    const h1 = $('main h1').first().text().trim();
    expect(lines[0]).toBe(`# ${h1}`);

    // The footnotes' heading is only for screen readers; the twin keeps the footnotes as Markdown footnotes.
    const headings = $('.theme-doc-markdown h2:not(#footnote-label)')
      .toArray()
      .map((node) => clean($(node).text()));
    const twinHeading = twinHeadings(lines);
    for (const heading of headings) {
      expect(
        twinHeading.map(({ line }) => line),
        `the twin of ${route} has the heading "${heading}"`,
      ).toContain(`## ${heading}`);
    }
    // A twin keeps a heading's `{#id}` where its anchor is not the slug of its text: that id
    // must be the id of the page's heading with that text.
    const pageHeadings = new Map(
      $('.theme-doc-markdown')
        .find('h2[id], h3[id], h4[id], h5[id], h6[id]')
        .toArray()
        .map((node) => [node.attribs.id, clean($(node).text())]),
    );
    for (const { text: heading, id } of twinHeading) {
      if (id !== undefined) {
        expect(pageHeadings.get(id), `the twin of ${route}: the page's heading #${id}`).toBe(heading);
      }
    }
    const cards = $('h2.theme-doc-card-heading')
      .toArray()
      .map((node) => node.attribs.title ?? '');
    for (const card of cards) {
      expect(twin, `the twin of ${route} links "${card}"`).toContain(`[${card}](`);
    }
    expect(headings.length + cards.length, `${route} has headings to compare`).toBeGreaterThan(0);

    const figures = $('article table')
      .find('td, th')
      .toArray()
      .map((cell) => $(cell).clone().find('sup').remove().end().text().trim())
      .filter((value) => /^-?\d[\d,.]*$/.test(value));
    for (const figure of new Set(figures)) {
      expect(twin, `the twin of ${route} holds the figure ${figure}`).toMatch(
        new RegExp(`(^|[^\\d.,])${figure.replace(/[.]/g, '\\.')}($|[^\\d,]|\\.(?!\\d))`, 'm'),
      );
    }
  });
}
