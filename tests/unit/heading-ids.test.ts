/**
 * The heading-id rule that the twins, the dev search index and the content tests
 * share, checked against the plugin Docusaurus itself runs on every MDX page.
 */
import type { Root } from 'mdast';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { describe, expect, it } from 'vitest';

import { escapeMarkdownHeadingIds } from '@docusaurus/utils';
import docusaurusHeadings from '@docusaurus/mdx-loader/lib/remark/headings/index.js';
import { HeadingIds } from '@rubra/twin-reader';
import { readPage, textOf } from '@site/src/plugins-lib/twins/remark';
import { headingIds } from '../support/heading-ids';

const PAGE = [
  '# Title',
  '## A `code` _word_ heading {#given}',
  '## Hello World',
  '## Hello World',
  '### given',
  '## Why? Rubra & co.',
  '## Hello World {#hello-world}',
  '## Hello World',
  '## [A link](/faq) in a heading',
  '```md',
  '## Not a heading {#in-code}',
  '```',
].join('\n\n');

/** The ids Docusaurus gives the page's headings, as its MDX loader does. */
async function docusaurusIds(mdx: string): Promise<string[]> {
  const tree = unified().use(remarkParse).use(remarkMdx).parse(escapeMarkdownHeadingIds(mdx));
  const transformed = (await unified().use(docusaurusHeadings, { anchorsMaintainCase: false }).run(tree)) as Root;
  const ids: string[] = [];
  visit(transformed, 'heading', (heading) => {
    ids.push(String(heading.data?.hProperties?.id));
  });
  return ids;
}

describe('heading ids', () => {
  it('are the ids Docusaurus gives: given ones as written, the others slugs numbered in order', async () => {
    const ours = [...headingIds(readPage(PAGE, 'mdx')).values()];
    expect(ours).toEqual(await docusaurusIds(PAGE));
    expect(ours).toEqual([
      'title',
      'given',
      'hello-world',
      'hello-world-1',
      'given',
      'why-rubra--co',
      'hello-world',
      'hello-world-2',
      'a-link-in-a-heading',
    ]);
  });

  it('survive a twin: a reader of the twin computes the page’s ids from what the twin writes', () => {
    const page = readPage(PAGE, 'mdx');
    const twin = new HeadingIds();
    const lines = [...headingIds(page).keys()].map((heading) => {
      const text = textOf(heading);
      return `${'#'.repeat(heading.depth)} ${text}${twin.twinSuffix(text, page.givenIds.get(heading))}`;
    });
    expect(lines).toContain('## Hello World');
    expect(lines).toContain('## Hello World {#hello-world}');
    const reread = readPage(lines.join('\n\n'), 'markdown');
    expect([...headingIds(reread).values()]).toEqual([...headingIds(page).values()]);
  });
});
