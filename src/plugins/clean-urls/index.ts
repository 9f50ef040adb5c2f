import type { Plugin } from '@docusaurus/types';
import { noOptions } from '../../plugins-lib/plugin-options';

/**
 * Sends `/faq.html` and `/faq/index.html` to `/faq` before any of the page loads.
 *
 * A static host serves `faq.html` as it is, and most answer `/faq/index.html` with
 * 404.html; Docusaurus can render the right page from either, but only after the
 * wrong HTML has been shown and thrown away. Replacing the location at once gives
 * one URL per page and the page's own prerendered HTML.
 */
export const cleanUrlScript = `(function () {
  var match = /^(.*?)(?:\\/index)?\\.html$/.exec(location.pathname);
  if (match) {
    location.replace((match[1] || '/') + location.search + location.hash);
  }
})();`;

export const validateOptions = noOptions('clean-urls');

export default function cleanUrlsPlugin(): Plugin {
  return {
    name: 'clean-urls',
    injectHtmlTags() {
      return { headTags: [{ tagName: 'script', innerHTML: cleanUrlScript }] };
    },
  };
}
