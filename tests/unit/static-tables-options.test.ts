/**
 * The static-tables plugin takes no options. Docusaurus starts it as the site's config
 * names it, by its path: the options are validated by the module's `validateOptions`
 * when the plugins are initialised, before anything is built, so a wrong one stops the
 * build there, naming the plugin and the option.
 */
import path from 'node:path';

import { initPluginsConfigs } from '@docusaurus/core/lib/server/plugins/init';
import type { LoadContext, PluginModule, PluginOptions } from '@docusaurus/types';
import { describe, expect, it } from 'vitest';

import * as staticTables from '@site/src/plugins/static-tables';

const siteDir = path.resolve(__dirname, '../..');
const modulePath = './src/plugins/static-tables/index.ts';

/** Initialises the plugin as Docusaurus does for `plugins: ['./src/plugins/static-tables/index.ts']`. */
async function initialise(options: PluginOptions) {
  const context = {
    siteDir,
    siteConfigPath: path.join(siteDir, 'docusaurus.config.ts'),
    siteConfig: { themeConfig: {} },
  } as unknown as LoadContext;
  const [result] = await initPluginsConfigs(context, [
    {
      plugin: staticTables.default,
      options,
      // What Docusaurus's require gives for the path: the module, its default export and validateOptions.
      pluginModule: { path: modulePath, module: staticTables as unknown as PluginModule },
      entryPath: path.join(siteDir, modulePath),
    },
  ]);
  return result?.plugin;
}

describe('the static-tables plugin’s options', () => {
  it('starts with none, and gets the id Docusaurus adds', async () => {
    const plugin = await initialise({});
    expect(plugin?.name).toBe('static-tables');
    expect(plugin?.options).toEqual({ id: 'default' });
  });

  it('stops at an option it does not know, naming the plugin and the option', async () => {
    await expect(initialise({ colour: 'red' })).rejects.toThrow('[static-tables] options: "colour" is not allowed');
  });
});
