import { describe, expect, it } from 'vitest';

import type { LoadContext } from '@docusaurus/types';

import searchPlugin, { searchModalStyles } from '@site/src/plugins/search';

describe('search plugin', () => {
  const plugin = searchPlugin({ siteDir: process.cwd(), baseUrl: '/' } as LoadContext);
  const configure = plugin.configureWebpack as unknown as (
    config: object,
    isServer: boolean,
  ) => Record<string, unknown>;

  it('gives the modal’s stylesheet a file of its own in the browser bundle, and nothing of it on the server', () => {
    expect(configure({}, false)).toMatchObject({
      optimization: { splitChunks: { cacheGroups: { searchModalStyles } } },
    });
    expect(configure({}, true)).not.toHaveProperty('optimization');
    // Loaded with the modal's code, ahead of Docusaurus's one stylesheet for every page.
    expect(searchModalStyles).toMatchObject({ chunks: 'async', type: 'css/mini-extract', enforce: true });
    expect(searchModalStyles.priority).toBeGreaterThan(50);
  });

  it.each([
    ['/site/node_modules/@docsearch/css/dist/modal.css', true],
    // The navbar button shows on every page: its rules stay in the page stylesheet.
    ['/site/node_modules/@docsearch/css/dist/button.css', false],
    ['/site/node_modules/@docsearch/css/dist/_variables.css', false],
    ['/site/src/theme/SearchBar/styles.css', false],
    ['/site/src/search/SearchNotice.module.css', false],
  ])('%s has a file of its own: %s', (path, own) => {
    expect(searchModalStyles.test.test(path)).toBe(own);
  });
});
