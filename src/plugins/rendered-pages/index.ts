/**
 * rendered-pages: records a digest of every page as Docusaurus rendered it, so that the
 * pass over the built pages (deploy/page-pass.mjs) stops the build when a plugin's
 * postBuild has changed one: a plugin hands what a page needs to the pass as data
 * instead. Docusaurus starts all postBuild hooks at once, in the order of the plugins;
 * this one, first of the site's plugins, records in its synchronous start, before the
 * others' hooks have begun.
 */
import type { Plugin } from '@docusaurus/types';

import { recordRenderedPages } from '../../../deploy/page-pass.mjs';
import { noOptions } from '../../plugins-lib/plugin-options';

/** The plugin takes no options: one given by mistake stops the build, named. */
export const validateOptions = noOptions('rendered-pages');

export default function renderedPagesPlugin(): Plugin {
  return {
    name: 'rendered-pages',
    postBuild({ outDir }) {
      recordRenderedPages(outDir);
      return Promise.resolve();
    },
  };
}
