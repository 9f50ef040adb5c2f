/**
 * The dev server renders pages in the browser only, so there is no built HTML to
 * index under `npm start`. This renders each doc's Markdown source into a plain
 * page (title, headings with the ids Docusaurus gives them, text) that carries the
 * same metadata as a built page, so the same indexer and the same UI work in dev.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';

import { createSlugger } from '@docusaurus/utils';

import type { IndexedPage } from './indexer';

export interface SourceDoc {
  /** e.g. "@site/docs/README.mdx" */
  source: string;
  permalink: string;
  title: string;
  description: string;
  /** Docusaurus search tag, e.g. "docs-default-current". */
  tag: string;
  /** First sidebar category, if any. */
  section?: string;
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text of a Markdown line: links, emphasis, inline code and JSX tags removed. */
function plain(line: string): string {
  return line
    .replace(/<[^>]+>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`]+/g, '')
    .replace(/\{[^{}]*\}/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export function renderMarkdownPage(markdown: string, doc: SourceDoc, locale: string): string {
  const slugger = createSlugger();
  const body = markdown.replace(/^---\n[\s\S]*?\n---\n/, '');
  const parts: string[] = [`<h1>${escape(doc.title)}</h1>`];
  if (doc.description) {
    parts.push(`<p>${escape(doc.description)}</p>`);
  }
  let inCode = false;
  for (const line of body.split('\n')) {
    if (/^\s*(```|~~~)/.test(line)) {
      inCode = !inCode;
      continue;
    }
    if (!inCode && /^(import|export)\s/.test(line)) {
      continue;
    }
    const heading = inCode ? null : /^(#{2,6})\s+(.*?)\s*(?:\{#([\w-]+)\})?\s*$/.exec(line);
    if (heading) {
      const level = heading[1]?.length ?? 2;
      const text = plain(heading[2] ?? '');
      const id = heading[3] ?? slugger.slug(text);
      parts.push(`<h${level} id="${escape(id)}">${escape(text)}</h${level}>`);
      continue;
    }
    const text = inCode ? line.trim() : plain(line.replace(/^\s*([-*+>]|\d+\.)\s+/, '').replace(/^:::\S*/, ''));
    if (text) {
      parts.push(`<p>${escape(text)}</p>`);
    }
  }
  const breadcrumbs = doc.section
    ? `<nav class="theme-doc-breadcrumbs"><ul><li class="breadcrumbs__item">${escape(doc.section)}</li><li class="breadcrumbs__item breadcrumbs__item--active">${escape(doc.title)}</li></ul></nav>`
    : '';
  return [
    `<!doctype html><html lang="${escape(locale)}"><head><title>${escape(doc.title)}</title>`,
    `<meta name="docusaurus_locale" content="${escape(locale)}">`,
    `<meta name="docusaurus_tag" content="${escape(doc.tag)}">`,
    `</head><body><main><article>${breadcrumbs}${parts.join('\n')}</article></main></body></html>`,
  ].join('');
}

export async function renderSourcePages(siteDir: string, docs: SourceDoc[], locale: string): Promise<IndexedPage[]> {
  return Promise.all(
    docs.map(async (doc) => {
      const file = doc.source.replace(/^@site\//, `${siteDir}${path.sep}`);
      const markdown = await readFile(file, 'utf8').catch((error: unknown) => {
        throw new Error(`Search index (dev): cannot read ${file} for ${doc.permalink}: ${String(error)}`);
      });
      return { url: doc.permalink, html: renderMarkdownPage(markdown, doc, locale) };
    }),
  );
}
