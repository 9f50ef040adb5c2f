import blogPlugin, { validateOptions as validateBlogOptions } from '@docusaurus/plugin-content-blog';
import type { LoadContext, OptionValidationContext, Plugin } from '@docusaurus/types';
import type { BlogContent, Options, PluginOptions } from '@docusaurus/plugin-content-blog';

import { validateNamed } from '../../plugins-lib/plugin-options';

/**
 * The official blog plugin, configured (reading time shown) but adding no route
 * while there are no posts: the stock plugin always creates an empty /blog list.
 */
export default async function blogWithoutEmptyRoutes(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<BlogContent>> {
  const plugin = await blogPlugin(context, options);
  return {
    ...plugin,
    contentLoaded: async (args) => (args.content.blogPosts.length > 0 ? plugin.contentLoaded?.(args) : undefined),
  };
}

/** The blog plugin's own validation, its errors naming this plugin. */
export function validateOptions(context: OptionValidationContext<Options | undefined, PluginOptions>): PluginOptions {
  return validateNamed('blog', () => validateBlogOptions(context));
}
