import { load } from 'cheerio';
import { describe, expect, it } from 'vitest';

import { coveringPages, elementShapes } from '../support/page-shapes';

const shapes = (main: string) => elementShapes(load(`<main>${main}</main>`));

describe('the element shapes of a page', () => {
  it('are the same for two pages of one template that differ in text and values', () => {
    expect(shapes('<h2 id="a">Runs</h2><a class="x" href="#a">runs</a>')).toEqual(
      shapes('<h2 id="b">Files</h2><a class="x" href="#b">files</a>'),
    );
  });

  it('tell apart a class, a parent, an attribute, a missing name and a broken reference', () => {
    const base = shapes('<ul><li><a class="x" href="#t" id="t">text</a></li></ul>');
    for (const other of [
      '<ul><li><a class="y" href="#t" id="t">text</a></li></ul>',
      '<ol><li><a class="x" href="#t" id="t">text</a></li></ol>',
      '<ul><li><a class="x" href="#t" id="t" tabindex="0">text</a></li></ul>',
      '<ul><li><a class="x" href="#t" id="t"></a></li></ul>',
      '<ul><li><a class="x" href="#elsewhere" id="t">text</a></li></ul>',
    ]) {
      expect(shapes(other), other).not.toEqual(base);
    }
  });
});

describe('the pages that cover every shape', () => {
  const pages = new Map([
    ['/a', new Set(['p', 'table'])],
    ['/b', new Set(['p'])],
    ['/c', new Set(['p', 'details', 'code'])],
    ['/d', new Set(['code', 'table'])],
  ]);

  it('are the fewest that show every shape, the richest first', () => {
    expect(coveringPages(pages)).toEqual(['/c', '/a']);
  });

  it('leave out what is known already, and take any page with a shape of its own', () => {
    expect(coveringPages(pages, ['p', 'details', 'code'])).toEqual(['/a']);
    expect(
      coveringPages(new Map([...pages, ['/e', new Set(['p', 'broken reference'])]]), ['p', 'table', 'details', 'code']),
    ).toEqual(['/e']);
  });
});
