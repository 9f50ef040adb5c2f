import { describe, expect, it } from 'vitest';

import sharedChunksPlugin, { onRequestStyles, sharedSiteModules } from '@site/src/plugins/shared-chunks';

describe('shared-chunks plugin', () => {
  it('groups the site components and data that pages share, in the browser bundle only', () => {
    const plugin = sharedChunksPlugin();
    const configure = plugin.configureWebpack as unknown as (config: object, isServer: boolean) => object;
    expect(configure({}, false)).toEqual({
      optimization: { splitChunks: { cacheGroups: { sharedSiteModules, onRequestStyles } } },
    });
    expect(configure({}, true)).toEqual({});
  });

  it.each([
    ['/site/src/components/ApiOperation/index.tsx', true],
    ['/site/src/components/BenchmarkTable/logic.ts', true],
    ['/site/src/data/benchmarks.ts', true],
    ['/site/src/client/send.ts', true],
    ['/site/src/shared/tables/model-specs.ts', true],
    // A CSS module's class-name map goes with its component (the rules stay in the single
    // stylesheet, whose group ranks higher); theme code and the engine keep their own rules.
    ['/site/src/components/ApiOperation/styles.module.css', true],
    ['/site/src/css/custom.css', false],
    ['/site/src/theme/SearchPage/index.tsx', false],
    ['/site/node_modules/@docusaurus/theme-classic/lib/theme/CodeBlock/index.js', false],
  ])('%s is in the group: %s', (path, grouped) => {
    expect(sharedSiteModules.test.test(path)).toBe(grouped);
  });

  it.each([
    ['/site/src/components/RequestConsole/styles.module.css', true],
    ['/site/src/components/AskDocs/styles.module.css', true],
    ['/site/src/components/ApiOperation/styles.module.css', false],
    ['/site/node_modules/@docsearch/css/dist/modal.css', false],
  ])('the stylesheet %s loads with what the reader asks for: %s', (path, own) => {
    expect(onRequestStyles.test.test(path)).toBe(own);
  });
});
