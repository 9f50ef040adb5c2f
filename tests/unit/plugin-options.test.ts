/**
 * The local plugins' options are validated as Docusaurus validates its own plugins'
 * (a Joi schema, through `validateOptions`): the site's own options pass, and a
 * wrong one stops the build with a message that names it.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { normalizePluginOptions } from '@docusaurus/utils-validation';
import { describe, expect, it } from 'vitest';

import * as apiReference from '../../src/plugins/api-reference';
import * as blog from '../../src/plugins/blog';
import * as cleanUrls from '../../src/plugins/clean-urls';
import * as codeHighlight from '../../src/plugins/code-highlight';
import * as markdownTwins from '../../src/plugins/markdown-twins';
import * as search from '../../src/plugins/search';
import * as sharedChunks from '../../src/plugins/shared-chunks';
import * as socialCards from '../../src/plugins/social-cards';
import * as staticTables from '../../src/plugins/static-tables';

type Validator = (context: { validate: typeof normalizePluginOptions; options: object }) => unknown;

const validate = (plugin: { validateOptions: unknown }, options: object): unknown =>
  (plugin.validateOptions as Validator)({ validate: normalizePluginOptions, options });

const sections = [{ title: 'Models', routes: ['/', '/models/'] }];

const plugins = {
  'clean-urls': { plugin: cleanUrls, options: {} },
  'shared-chunks': { plugin: sharedChunks, options: {} },
  'static-tables': { plugin: staticTables, options: {} },
  search: { plugin: search, options: { backend: 'local', apiPluginId: 'api' } },
  // Its settings are themeConfig.prism's.
  'code-highlight': { plugin: codeHighlight, options: {} },
  'markdown-twins': { plugin: markdownTwins, options: { apiPluginId: 'api', sections } },
  'social-cards': {
    plugin: socialCards,
    options: { apiPluginId: 'api', sections, siteCardRoutes: ['/', '/search', '/404.html'] },
  },
};

it('every entry under src/plugins is a plugin: a folder whose index exports it and validates its options', () => {
  const dir = path.resolve(__dirname, '../../src/plugins');
  const entries = readdirSync(dir, { withFileTypes: true });
  expect(entries.filter((entry) => !entry.isDirectory()).map((entry) => entry.name)).toEqual([]);
  const modules: Record<string, { default: unknown; validateOptions: unknown }> = {
    ...Object.fromEntries(Object.entries(plugins).map(([name, { plugin }]) => [name, plugin])),
    'api-reference': apiReference,
    blog,
  };
  expect(entries.map((entry) => entry.name).sort()).toEqual(Object.keys(modules).sort());
  for (const [name, module] of Object.entries(modules)) {
    expect([name, typeof module.default, typeof module.validateOptions]).toEqual([name, 'function', 'function']);
  }
});

describe.each(Object.entries(plugins))('the %s plugin', (_name, { plugin, options }) => {
  it('accepts the options the site gives it, with the plugin id Docusaurus adds', () => {
    expect(validate(plugin, options)).toMatchObject({ ...options, id: 'default' });
  });

  it('stops on an option it does not know, naming it', () => {
    expect(() => validate(plugin, { ...options, colour: 'red' })).toThrow('"colour" is not allowed');
  });
});

describe('a wrong option is named with where it is', () => {
  it('markdown-twins: the API instance is named, and every section has routes', () => {
    expect(() => validate(markdownTwins, { sections })).toThrow('"apiPluginId" is required');
    expect(() => validate(markdownTwins, { apiPluginId: 'api', sections: [{ title: 'Models' }] })).toThrow(
      '"sections[0].routes" is required',
    );
    expect(() => validate(markdownTwins, { apiPluginId: 'api', sections: [] })).toThrow(
      '"sections" must contain at least 1 items',
    );
  });

  it('api-reference: the description is named, the console origins are a list, the docs options are the docs plugin’s', () => {
    const options = { id: 'api', specPath: 'openapi/rubra.yaml', path: 'api-docs', routeBasePath: 'api' };
    expect(validate(apiReference, options)).toMatchObject({ ...options, routeBasePath: '/api', consoleOrigins: [] });
    expect(() => validate(apiReference, { ...options, specPath: '' })).toThrow('"specPath" is not allowed to be empty');
    expect(() => validate(apiReference, { ...options, specPath: undefined })).toThrow('"specPath" is required');
    expect(() => validate(apiReference, { ...options, consoleOrigins: 'https://a.example' })).toThrow(
      '"consoleOrigins" must be an array',
    );
    expect(() => validate(apiReference, { ...options, codeHighlight: { grammars: [] } })).toThrow(
      '"codeHighlight" is not allowed',
    );
    expect(() => validate(apiReference, { ...options, routeBasePath: 3 })).toThrow('"routeBasePath" must be a string');
  });

  it('search: the backend is a row of the registry and the API instance is named, with the plugin', () => {
    const api = { apiPluginId: 'api' };
    expect(validate(search, { ...api, backend: 'algolia' })).toMatchObject({ backend: 'algolia' });
    expect(() => validate(search, { ...api, backend: 'elastic' })).toThrow(
      '[search] options: "backend" must be one of [algolia, local]',
    );
    expect(() => validate(search, api)).toThrow('[search] options: "backend" is required');
    expect(() => validate(search, { ...api, backend: 'local', colour: 'red' })).toThrow(
      '[search] options: "colour" is not allowed',
    );
    expect(() => validate(search, { backend: 'local' })).toThrow('[search] options: "apiPluginId" is required');
    expect(() => validate(search, { backend: 'local', apiPluginId: 3 })).toThrow(
      '[search] options: "apiPluginId" must be a string',
    );
  });

  it('blog: the blog plugin’s own validation, its errors named with the plugin', () => {
    const options = { showReadingTime: true, onInlineAuthors: 'ignore', onUntruncatedBlogPosts: 'ignore' };
    expect(validate(blog, options)).toMatchObject({ ...options, id: 'default', routeBasePath: 'blog' });
    expect(() => validate(blog, { ...options, showReadingTime: 'yes' })).toThrow(
      '[blog] options: "showReadingTime" must be a boolean',
    );
    expect(() => validate(blog, { ...options, onInlineAuthors: 'shout' })).toThrow(
      /^\[blog\] options: "onInlineAuthors" must be one of/,
    );
  });

  it('social-cards: the site card routes are routes of the site', () => {
    expect(() => validate(socialCards, { ...plugins['social-cards'].options, siteCardRoutes: ['search'] })).toThrow(
      '"siteCardRoutes[0]" with value "search" fails to match the route pattern',
    );
  });
});
