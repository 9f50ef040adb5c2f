import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { describe, expect, it, vi } from 'vitest';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { QUERY_DATA, QUERY_DATA_FILE } from '@rubra/search-query';

import searchPlugin, { searchModalStyles } from '@site/src/plugins/search';
import { bundleEarlyScript } from '@site/src/plugins/search/earlyScript';
import { EARLY_SEARCH_SCRIPT } from '@site/src/search/backends/pagefindEarly';

describe('search plugin', () => {
  const plugin = searchPlugin({ siteDir: process.cwd(), baseUrl: '/', generatedFilesDir: tmpdir() } as LoadContext, {
    backend: 'local',
    apiPluginId: 'api',
  });
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

describe('the query data under npm start', () => {
  it('is written to a folder the dev server serves at the site’s root, as the build publishes it', async () => {
    vi.stubEnv('NODE_ENV', 'development');
    try {
      const generatedFilesDir = await mkdtemp(path.join(tmpdir(), 'search-plugin-'));
      const plugin = searchPlugin({ siteDir: process.cwd(), baseUrl: '/docs/', generatedFilesDir } as LoadContext, {
        backend: 'local',
        apiPluginId: 'api',
      });
      await plugin.contentLoaded?.({ content: undefined, actions: { addRoute: () => {} } } as unknown as Parameters<
        NonNullable<Plugin['contentLoaded']>
      >[0]);
      const configure = plugin.configureWebpack as unknown as (
        config: object,
        isServer: boolean,
      ) => Record<string, unknown>;
      const [served] = (configure({}, false) as { devServer: { static: { directory: string; publicPath: string }[] } })
        .devServer.static;
      expect(served?.publicPath).toBe('/docs/');
      const published = JSON.parse(await readFile(path.join(served?.directory ?? '', QUERY_DATA_FILE), 'utf8'));
      expect(published).toEqual({ groups: QUERY_DATA.groups, stopWords: QUERY_DATA.stopWords });
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('the /search page’s early script', () => {
  /** A site whose early script picks a default with `??`, for the browsers of `browserslist`. */
  async function siteWith(browserslist: string[]) {
    const siteDir = await mkdtemp(path.join(tmpdir(), 'search-early-site-'));
    await mkdir(path.join(siteDir, 'src/search/backends'), { recursive: true });
    await writeFile(path.join(siteDir, 'package.json'), JSON.stringify({ browserslist }));
    await writeFile(
      path.join(siteDir, 'src/search/backends/local.early.ts'),
      'export const pick = (a?: string) => a ?? "default";',
    );
    return siteDir;
  }
  const bundled = async (siteDir: string) => {
    await bundleEarlyScript(siteDir, siteDir);
    return readFile(path.join(siteDir, EARLY_SEARCH_SCRIPT), 'utf8');
  };

  it('is bundled for the browsers of the site’s browserslist', async () => {
    expect(await bundled(await siteWith(['chrome >= 99', 'safari >= 15.4']))).toContain('??');
    // A browser without `??` gets it written out.
    expect(await bundled(await siteWith(['chrome >= 70']))).not.toContain('??');
  });

  it('names its entry when it cannot be bundled', async () => {
    const siteDir = await mkdtemp(path.join(tmpdir(), 'search-early-site-'));
    await expect(bundleEarlyScript(siteDir, siteDir)).rejects.toThrow(/early search script \(.*local\.early\.ts\)/);
  });
});
