/** Ask AI's code, loaded when the reader asks: the search bar's dialog, and /search's panel. */
export const loadAsk = () => import(/* webpackChunkName: "ask-ai" */ './AskPanel');
