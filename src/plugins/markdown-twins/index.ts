/**
 * markdown-twins: the docs for AI assistants. Every doc, category index and API page
 * gets a Markdown twin at its route plus `.md` (`/index.md` for `/`); `/llms.txt` lists
 * them by section (llmstxt.org), `/llms-full.txt` holds them all in sidebar order. They
 * are made when the content loads, so a page that cannot become Markdown stops the
 * build (and the dev server), naming its file.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

import type { LoadContext, Plugin } from '@docusaurus/types';
import { Joi } from '@docusaurus/utils-validation';

import { llmsFullTxt, llmsTxt, twinText } from './llms';
import { LLMS_FULL_TXT, LLMS_TXT, twinPath } from '../../shared/twin-paths';
import { pageSectionsSchema, type PageSection } from '../../plugins-lib/sections';
import { loadTwins, type Twin } from '../../plugins-lib/twins/twins';
import { optionsValidator } from '../../plugins-lib/plugin-options';

const PLUGIN = 'markdown-twins';

export interface MarkdownTwinsOptions {
  /** The id of the API reference's docs instance; its spec path and route are read from its plugin entry. */
  apiPluginId: string;
  /** The sections of llms.txt, in order, each with the route prefixes of its pages. */
  sections: PageSection[];
}

export const validateOptions = optionsValidator(
  PLUGIN,
  Joi.object<MarkdownTwinsOptions>({
    apiPluginId: Joi.string().required(),
    sections: pageSectionsSchema,
  }),
);

export default function markdownTwins(context: LoadContext, options: MarkdownTwinsOptions): Plugin {
  const { baseUrl, generatedFilesDir, siteConfig } = context;
  const devDir = path.join(generatedFilesDir, PLUGIN);
  const devServer = process.env.NODE_ENV === 'development';
  const absolute = (route: string) => `${siteConfig.url}${route}`;
  /** Twins in reading order: the docs sidebar, then the API landing page and the API sidebar. */
  let twins: Twin[] = [];

  /** Writes every twin, llms.txt and llms-full.txt into a folder that is served at the site's root. */
  async function writeAll(dir: string): Promise<{ index: string; full: string }> {
    const write = async (relative: string, text: string) => {
      const target = path.join(dir, relative);
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, text);
    };
    for (const twin of twins) {
      await write(twinPath(twin.route, baseUrl).slice(baseUrl.length), twinText(twin));
    }
    const index = llmsTxt(twins, {
      title: siteConfig.title,
      summary: twins.find((twin) => twin.route === baseUrl)?.description ?? siteConfig.tagline,
      sections: options.sections,
      twinUrl: (twin) => absolute(twinPath(twin.route, baseUrl)),
    });
    const full = llmsFullTxt(twins, (twin) => absolute(twin.route));
    await write(LLMS_TXT, index);
    await write(LLMS_FULL_TXT, full);
    return { index, full };
  }

  return {
    name: PLUGIN,

    async allContentLoaded({ allContent }) {
      twins = await loadTwins(context, allContent, options.apiPluginId);
      if (devServer) {
        // The dev server renders no files; it serves this folder at the site's root instead.
        await writeAll(devDir);
      }
    },

    configureWebpack() {
      // Webpack's own types do not know the dev server's options.
      const config: Record<string, unknown> = devServer
        ? { devServer: { static: [{ directory: devDir, publicPath: baseUrl, watch: false }] } }
        : {};
      return config;
    },

    async postBuild({ outDir }) {
      const { index, full } = await writeAll(outDir);
      console.info(
        `[${PLUGIN}] ${twins.length} Markdown twins; ${LLMS_TXT} ${Buffer.byteLength(index)} bytes, ` +
          `${LLMS_FULL_TXT} ${Buffer.byteLength(full)} bytes`,
      );
    },
  };
}
