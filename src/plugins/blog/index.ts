import blogPlugin, { validateOptions } from '@docusaurus/plugin-content-blog';
import type { LoadContext, Plugin } from '@docusaurus/types';
import type { BlogContent, PluginOptions } from '@docusaurus/plugin-content-blog';

/**
 * The official blog plugin, configured (reading time shown) but adding no route
 * while there are no posts: the stock plugin always creates an empty /blog list.
 */
export default async function blogWithoutEmptyRoutes(
  context: LoadContext,
  options: PluginOptions,
): Promise<Plugin<BlogContent>> {
  const plugin = await blogPlugin(context, options);
  const { contentLoaded } = plugin;
  return {
    ...plugin,
    async contentLoaded(args) {
      if (args.content.blogPosts.length === 0) {
        return;
      }
      await contentLoaded?.(args);
    },
  };
}

export { validateOptions };
