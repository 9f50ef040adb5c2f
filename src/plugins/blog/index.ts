import blogPlugin, { validateOptions as validateBlogOptions } from '@docusaurus/plugin-content-blog';

import { validateNamed } from '../../plugins-lib/plugin-options';

/**
 * The official blog plugin, configured (reading time shown) but adding no route
 * while there are no posts: the stock plugin always creates an empty /blog list.
 */
const blogWithoutEmptyRoutes: typeof blogPlugin = async (context, options) => {
  const plugin = await blogPlugin(context, options);
  return {
    ...plugin,
    contentLoaded: async (args) => (args.content.blogPosts.length > 0 ? plugin.contentLoaded?.(args) : undefined),
  };
};
export default blogWithoutEmptyRoutes;

/** The blog plugin's own validation, its errors naming this plugin. */
export const validateOptions: typeof validateBlogOptions = (context) =>
  validateNamed('blog', () => validateBlogOptions(context));
