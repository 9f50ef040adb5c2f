import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

import docsPlugin, { validateOptions as validateDocsOptions } from '@docusaurus/plugin-content-docs';
import type {
  LoadedContent,
  Options as DocsOptions,
  PluginOptions as DocsPluginOptions,
} from '@docusaurus/plugin-content-docs';
import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { API_POLICY_FILE } from '../../../deploy/build-output';
import { API_CONSOLE_DIR } from '../../shared/api-types';
import { REFERENCE_KEY } from '../../plugins-lib/api-reference';
import { createCodeHighlighter, type CodeHighlighter } from '../../plugins-lib/highlight';
import { generateFiles, writeGeneratedFiles } from './generate';
import { loadApiDescription } from './load';
import { buildApiReference } from './operations';

type ApiReferencePluginOptions = DocsPluginOptions & {
  /** The OpenAPI description, relative to the site folder. */
  specPath: string;
  /**
   * Origins, besides the loopback addresses and the description's servers, that the
   * "Try it" console may send requests to: `connect-src` sources of the site's policy.
   */
  consoleOrigins: string[];
};

/**
 * Where a Rubra server runs: on the reader's own machine, on any port. The console's
 * requests go there straight from the browser, so the policy lets the page connect.
 */
const LOOPBACK_SOURCES = ['http://localhost:*', 'http://127.0.0.1:*'];

type WebpackConfig = Exclude<ReturnType<NonNullable<Plugin['configureWebpack']>>, void>;
type WebpackPlugin = Extract<NonNullable<WebpackConfig['plugins']>[number], { apply: unknown }>;

/** The description is offered for download at these paths of the built site. */
const DOWNLOADS = { yaml: 'openapi.yaml', json: 'openapi.json' } as const;

/**
 * Generates the API reference from the OpenAPI description, then serves it with
 * an instance of the official docs plugin (sidebar, breadcrumbs, table of contents,
 * search metadata). The pages are generated before the docs plugin starts, which is
 * why this plugin creates that instance itself rather than sitting beside it.
 */
export default async function apiReference(
  context: LoadContext,
  options: ApiReferencePluginOptions,
): Promise<Plugin<LoadedContent>> {
  const { specPath, consoleOrigins, ...docsOptions } = options;
  // The code samples and examples are highlighted when the description loads, with the site's code block settings.
  const { highlight } = createCodeHighlighter(context.siteConfig.themeConfig.prism);
  const specFile = path.resolve(context.siteDir, specPath);
  const outDir = path.resolve(context.siteDir, docsOptions.path);

  async function generate() {
    const loaded = await loadApiReference(context, specPath, docsOptions.routeBasePath, highlight);
    await writeGeneratedFiles(outDir, generateFiles(loaded.reference, loaded.landingHref));
    return loaded;
  }

  let current = await generate();
  // The docs plugin loads content, configures the bundler and writes nothing after the build.
  const docs = (await docsPlugin(context, docsOptions)) as Plugin<LoadedContent> &
    Required<Pick<Plugin<LoadedContent>, 'loadContent' | 'configureWebpack' | 'getPathsToWatch'>>;

  return {
    ...docs,
    getPathsToWatch() {
      return [...docs.getPathsToWatch(), specFile];
    },
    async loadContent() {
      // Under `docusaurus start` an edit of the description lands here first.
      if ((await readFile(specFile, 'utf8')) !== current.loaded.source) {
        current = await generate();
      }
      // The reference rides along with the docs content, for the plugins that read it
      // after loading (the Markdown twins): one load of the description per build.
      return Object.assign(await docs.loadContent(), { [REFERENCE_KEY]: current.reference });
    },
    configureWebpack(config, isServer, utils, content) {
      const result = docs.configureWebpack(config, isServer, utils, content) ?? {};
      if (isServer) {
        return result;
      }
      // The description, as YAML and as JSON, and each operation's console file join the
      // client bundle's output folder, so the dev server serves them too.
      const emitDownloads: WebpackPlugin = {
        apply(compiler) {
          const { Compilation, sources } = compiler.webpack;
          compiler.hooks.thisCompilation.tap('api-reference-downloads', (compilation) => {
            const stage = Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL;
            compilation.hooks.processAssets.tap({ name: 'api-reference-downloads', stage }, () => {
              const emit = (file: string, text: string) => compilation.emitAsset(file, new sources.RawSource(text));
              emit(DOWNLOADS.yaml, current.loaded.source);
              emit(DOWNLOADS.json, `${JSON.stringify(current.loaded.document, null, 2)}\n`);
              for (const [pageId, data] of current.reference.consoles) {
                emit(`${API_CONSOLE_DIR}/${pageId}.json`, JSON.stringify(data));
              }
            });
          });
        },
      };
      return { ...result, plugins: [...(result.plugins ?? []), emitDownloads] };
    },
    async postBuild(props) {
      // What the console needs of the Content-Security-Policy, for the step that writes the headers.
      const policyFile = path.join(props.outDir, API_POLICY_FILE);
      await mkdir(path.dirname(policyFile), { recursive: true });
      const servers = current.reference.servers.map((url) => new URL(url).origin);
      const connectSrc = [...new Set([...LOOPBACK_SOURCES, ...servers, ...consoleOrigins])];
      await writeFile(policyFile, `${JSON.stringify({ scriptSrc: [], connectSrc }, null, 2)}\n`);
    },
  };
}

/**
 * The API reference exactly as the pages render it: each operation's page data and
 * its description (Markdown), by operationId. The Markdown twins read it too.
 */
export async function loadApiReference(
  { siteDir, baseUrl }: Pick<LoadContext, 'siteDir' | 'baseUrl'>,
  specPath: string,
  routeBasePath: string,
  highlight?: CodeHighlighter['highlight'],
) {
  const loaded = await loadApiDescription(path.resolve(siteDir, specPath), specPath);
  // Docusaurus gives the base URL with its leading and trailing slash. The reference's landing page: `/api`.
  const landingHref = `${baseUrl}${routeBasePath.replace(/^\/|\/$/g, '')}`;
  const reference = buildApiReference(loaded.dereferenced, {
    file: specPath,
    pageHref: (pageId) => `${landingHref}/${pageId}`,
    downloads: { yaml: `${baseUrl}${DOWNLOADS.yaml}`, json: `${baseUrl}${DOWNLOADS.json}` },
    highlight,
  });
  return { loaded, reference, landingHref };
}

/** The docs plugin's options, validated by its own schema with the plugin's own two added. */
export function validateOptions({
  validate,
  options,
}: OptionValidationContext<DocsOptions, ApiReferencePluginOptions>): ApiReferencePluginOptions {
  const ownOptions = {
    specPath: Joi.string().trim().min(1).required(),
    consoleOrigins: Joi.array().items(Joi.string()).default([]),
  };
  // The validator Docusaurus passes is generic: it applies whatever schema it is given (and adds the plugin id).
  const withOwn = (schema: Joi.ObjectSchema, value: object) => validate(schema.keys(ownOptions) as never, value);
  return validateDocsOptions({ validate: withOwn as never, options }) as ApiReferencePluginOptions;
}
