import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * The bundler's aliases, in webpack's form, for dependency-cruiser to resolve: `@site/` is
 * the repository's root; `@theme/X` is the component under src/theme when the site has
 * one (otherwise the theme's own, left as written for the rules to read).
 * @public
 */
export default {
  resolve: {
    alias: { '@site': root, '@theme': `${root}src/theme` },
  },
};
