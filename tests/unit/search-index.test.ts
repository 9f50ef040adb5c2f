import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { VOCABULARY_FILE } from '@rubra/search-query';

import {
  breadcrumbSection,
  headingIdsOnly,
  mainText,
  pageMetadata,
  prepareForIndex,
  separateBlocks,
} from '../../src/plugins/search/html';
import { writeIndex } from '../../src/plugins/search/indexer';

// Minified the way Docusaurus writes its pages: attribute quotes dropped where it can.
const page = (crumbs: string, pagination: string) =>
  `<html lang=en><head><meta data-rh=true name=docusaurus_locale content=en /><meta data-rh=true name=docusaurus_tag content=docs-api-current /></head><body><nav class=navbar>Navbar</nav><main class=docMainContainer><article><nav class="theme-doc-breadcrumbs" aria-label=Breadcrumbs><ul class=breadcrumbs><li class=breadcrumbs__item><a aria-label="Home page" class=breadcrumbs__link href=/><svg></svg></a><li class=breadcrumbs__item><span class=breadcrumbs__link>${crumbs}</span><li class="breadcrumbs__item breadcrumbs__item--active"><span class=breadcrumbs__link>List assistants</span></ul></nav><h1>List assistants</h1><p>GET /assistants</p></article>${pagination}</main><footer>Footer</footer></body></html>`;

describe('preparing a built page for the index', () => {
  const html = page('Assistants &amp; files', '<nav class=pagination-nav><a href=/api/create-assistant>Next</a></nav>');

  it('reads the Docusaurus search metadata', () => {
    expect(pageMetadata(html)).toEqual({ locale: 'en', tag: 'docs-api-current' });
    expect(pageMetadata('<html><main></main></html>')).toBeNull();
  });

  it('takes the section from the first category breadcrumb', () => {
    expect(breadcrumbSection(html)).toBe('Assistants & files');
    expect(breadcrumbSection('<main><h1>x</h1></main>')).toBeNull();
  });

  it('indexes <main> only, with filters and the section as metadata', () => {
    const prepared = prepareForIndex(html) ?? '';
    expect(prepared).toContain('<main data-pagefind-body class=docMainContainer><meta data-pagefind-filter=');
    expect(prepared).toContain('<meta data-pagefind-filter="language[content]" content="en">');
    expect(prepared).toContain('<meta data-pagefind-filter="docusaurus_tag[content]" content="docs-api-current">');
    expect(prepared).toContain('<meta data-pagefind-meta="section[content]" content="Assistants &amp; files">');
    expect(prepareForIndex(html.replace(/<\/?main\b/g, '<div'))).toBeNull();
    expect(prepareForIndex(html.replace('name=docusaurus_tag', 'name=other'))).toBeNull();
  });

  it('indexes the page’s description after its title, weighing more than its text', () => {
    const described = html.replace(
      '<head>',
      '<head><meta data-rh=true name=description content="Lists the assistants &amp; their tools."/>',
    );
    expect(prepareForIndex(described)).toContain(
      '<h1>List assistants </h1><p data-pagefind-weight="5">Lists the assistants &amp; their tools.</p>',
    );
    expect(prepareForIndex(html)).not.toContain('data-pagefind-weight');
  });

  it('keeps the text of neighbouring cells, items and blocks apart, and leaves inline markup whole', () => {
    // Closing tags left out, as the built pages do where HTML allows it.
    expect(separateBlocks('<tr><th>Knowledge cutoff<th>Params<tr><td>March 2023</td>')).toBe(
      ' <tr> <th>Knowledge cutoff <th>Params <tr> <td>March 2023 </td>',
    );
    expect(
      separateBlocks('<p>at most 128 items<details><summary>Show more</summary><ol><li>Any of<li>One of</ol>'),
    ).toBe(' <p>at most 128 items <details> <summary>Show more </summary> <ol> <li>Any of <li>One of </ol>');
    expect(separateBlocks('one<br>two<br/>three')).toBe('one <br>two <br/>three');
    // Inline elements, and elements whose names only start like a separating one, are left whole.
    expect(separateBlocks('<code>llama</code>.<strong>cpp</strong>s<span>!</span><picture><progress>')).toBe(
      '<code>llama</code>.<strong>cpp</strong>s<span>!</span><picture><progress>',
    );
    const prepared = prepareForIndex(html.replace('<p>GET /assistants</p>', '<td>GET<td>/assistants'));
    expect(prepared).toContain(' <td>GET <td>/assistants');
  });

  it('keeps the ids of headings only, which Pagefind makes sections of', () => {
    expect(
      headingIdsOnly(
        '<h2 id=setup>Set up</h2><button id=":R6:-button" class=b>Page actions</button><li id="note-1">A note<h3 class=x id="x">X</h3><p data-id=keep>',
      ),
    ).toBe(
      '<h2 id=setup>Set up</h2><button class=b>Page actions</button><li>A note<h3 class=x id="x">X</h3><p data-id=keep>',
    );
  });

  it('sees the same content at two routes, and different content apart', () => {
    const alias = page('Assistants &amp; files', '<nav class=pagination-nav><a href=/api/other>Next</a></nav>');
    expect(mainText(alias)).toBe(mainText(html));
    expect(mainText(html.replace('GET /assistants', 'POST /assistants'))).not.toBe(mainText(html));
  });
});

describe('writing the index', () => {
  it('lists a page served at two routes once, under its own address, and leaves out a page with no <main>', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'search-index-'));
    const html = page('Assistants', '');
    const summary = await writeIndex(
      [
        { url: '/api', html },
        { url: '/api/list-assistants', html },
        { url: '/blank', html: '<html><head></head><body><p>Blank</p></body></html>' },
      ],
      dir,
    );
    expect(summary).toMatch(
      /^1 pages into \d+ files \(\d+ KB, vocabulary \d+ KB\); not listed twice: \/api \(same as \/api\/list-assistants\); no content to index: \/blank$/,
    );
    const entry = JSON.parse(await readFile(path.join(dir, 'pagefind-entry.json'), 'utf8'));
    expect(entry.languages.en.page_count).toBe(1);
    // The vocabulary holds the words of the pages indexed, from their <main>.
    const { words } = JSON.parse(await readFile(path.join(dir, VOCABULARY_FILE), 'utf8'));
    expect(words).toContain('assistants');
    expect(words).not.toContain('navbar');
    expect(words).not.toContain('blank');
  });
});
