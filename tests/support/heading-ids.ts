/** The ids of a page's headings as the HTML page gives them, by the rule the twins write them with. */
import type { Heading } from 'mdast';
import { visit } from 'unist-util-visit';

import { HeadingIds } from '@rubra/twin-reader';
import { textOf, type ReadPage } from '../../src/plugins-lib/twins/remark';

/** Every heading of a page with the id the HTML page gives it, in order. */
export function headingIds({ tree, givenIds }: ReadPage): Map<Heading, string> {
  const ids = new HeadingIds();
  const result = new Map<Heading, string>();
  visit(tree, 'heading', (heading) => {
    result.set(heading, ids.next(textOf(heading), givenIds.get(heading)));
  });
  return result;
}
