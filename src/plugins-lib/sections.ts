import { Joi } from '@docusaurus/utils-validation';

/**
 * The site's sections (Models, Serving, ...) by route prefix: llms.txt lists its pages
 * under them and the social cards name them, so both read this one rule.
 */
export interface PageSection {
  title: string;
  intro?: string;
  /** Route prefixes: exact, or every route under it when it ends in `/` (and is not the root). */
  routes: string[];
}

/** A route of the site: it starts with `/`. */
export const routeSchema = Joi.string().pattern(/^\//, 'route');

/** The `sections` option of the plugins that read them (twins, cards): at least one, each with its routes. */
export const pageSectionsSchema = Joi.array()
  .items(
    Joi.object<PageSection>({
      title: Joi.string().required(),
      intro: Joi.string(),
      routes: Joi.array().items(routeSchema).min(1).required(),
    }),
  )
  .min(1)
  .required();

/** The first section that takes the route (exactly, or under a route that ends in `/`), if any. */
export function sectionOf(route: string, sections: readonly PageSection[]): PageSection | undefined {
  return sections.find(({ routes }) =>
    routes.some((prefix) => (prefix.endsWith('/') && prefix !== '/' ? route.startsWith(prefix) : route === prefix)),
  );
}

/** A page's route from its permalink: the site has no trailing slashes (trailingSlash: false), except at its root. */
export function routeOf(permalink: string, baseUrl: string): string {
  return permalink === baseUrl ? permalink : permalink.replace(/\/$/, '');
}
