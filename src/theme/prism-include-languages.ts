/**
 * The theme calls this once, in the bundle every page loads, to add the grammars named
 * in `prism.additionalLanguages`. This site names none there: each extra grammar is
 * imported by the pages that show such code (`src/plugins/prism-languages`). The theme's
 * own version, with no languages named, would still bundle Prism's language loader.
 */
export default function prismIncludeLanguages(): void {}
