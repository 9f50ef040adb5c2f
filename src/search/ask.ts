/** Ask AI's code, which the search modal and /search load only when the reader asks. */

let askCode: Promise<typeof import('../components/AskDocs/AskDialog')> | null = null;

export function loadAsk(): Promise<typeof import('../components/AskDocs/AskDialog')> {
  askCode ??= import(/* webpackChunkName: "ask-ai" */ '../components/AskDocs/AskDialog').catch((error: unknown) => {
    askCode = null;
    throw error;
  });
  return askCode;
}
