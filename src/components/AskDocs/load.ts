/**
 * Ask AI's code, loaded only when the reader asks: the dialog the search bar opens from
 * the modal, and the panel /search shows in place. The hosts hand it their search.
 */
export const loadAsk = () => import(/* webpackChunkName: "ask-ai" */ './AskDialog');
