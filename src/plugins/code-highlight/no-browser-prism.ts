/**
 * Stands in, in both bundles, for the theme's client module that hands Prism to
 * `prism-include-languages` on every page: code is highlighted when the site is built,
 * so the browser needs no Prism.
 */
export {};
