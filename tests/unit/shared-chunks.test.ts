import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import sharedChunksPlugin, { onRequestStyles, sharedSiteModules, tslibHelpers } from '@site/src/plugins/shared-chunks';
import * as helpers from '@site/src/plugins/shared-chunks/tslib-helpers';

describe('shared-chunks plugin', () => {
  it('groups the site components and data that pages share, in the browser bundle only', () => {
    const plugin = sharedChunksPlugin();
    const configure = plugin.configureWebpack as unknown as (config: object, isServer: boolean) => object;
    expect(configure({}, false)).toEqual({
      module: { rules: [tslibHelpers] },
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
    ['/site/src/components/ServerCheck/styles.module.css', true],
    ['/site/src/components/ApiOperation/styles.module.css', false],
    ['/site/node_modules/@docsearch/css/dist/modal.css', false],
  ])('the stylesheet %s loads with what the reader asks for: %s', (path, own) => {
    expect(onRequestStyles.test.test(path)).toBe(own);
  });

  describe('tslib in @docusaurus/utils-common', () => {
    const require = createRequire(import.meta.url);
    // The copy the theme's client code imports, which the browser bundle holds.
    const fromTheme = createRequire(require.resolve('@docusaurus/theme-common'));
    const lib = path.dirname(fromTheme.resolve('@docusaurus/utils-common'));
    const files = readdirSync(lib, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => path.join(lib, file));

    /** Each helper that utils-common's code calls on what it required from tslib. */
    const used = new Set<string>();
    for (const file of files) {
      const code = readFileSync(file, 'utf8');
      const requires = [...code.matchAll(/require\(["']tslib["']\)/g)].length;
      const bindings = [...code.matchAll(/const (\w+) = require\(["']tslib["']\);/g)].map((match) => match[1] ?? '');
      // Every require of tslib is bound to a name, so that the calls below are all of its uses.
      expect(bindings, file).toHaveLength(requires);
      for (const binding of bindings) {
        for (const [, helper] of code.matchAll(new RegExp(`\\b${binding}\\.(\\w+)`, 'g'))) {
          used.add(helper ?? '');
        }
      }
    }

    it('is resolved, for utils-common alone, to the module of the helpers it calls', () => {
      expect(files.some((file) => tslibHelpers.test.test(file))).toBe(true);
      expect(files.every((file) => tslibHelpers.test.test(file))).toBe(true);
      expect(tslibHelpers.test.test(require.resolve('@docusaurus/utils'))).toBe(false);
      expect(tslibHelpers.test.test(require.resolve('tslib'))).toBe(false);
      const target = tslibHelpers.resolve.alias.tslib$;
      expect(path.relative(process.cwd(), target)).toBe(
        path.join('src', 'plugins', 'shared-chunks', 'tslib-helpers.ts'),
      );
      expect(existsSync(target)).toBe(true);
    });

    it('the module exports every helper utils-common calls, as tslib’s own', async () => {
      expect(used.size, 'helpers found in utils-common').toBeGreaterThan(0);
      const tslib = (await import('tslib')) as Record<string, unknown>;
      for (const helper of used) {
        expect(typeof (helpers as Record<string, unknown>)[helper], helper).toBe('function');
        expect((helpers as Record<string, unknown>)[helper], helper).toBe(tslib[helper]);
      }
    });
  });
});
