/**
 * The custom prop of a sidebar entry that names another URL showing the same page
 * (/api shows /api/list-assistants): there the entry is current too. Written by the
 * plugin into the generated sidebar, read by the DocSidebar and DocRoot/Layout/Main wraps.
 */
export const ALSO_SHOWN_AT = 'alsoShownAt';
