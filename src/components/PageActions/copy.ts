/** What became of a copy request; the menu turns it into the status line. */
export type CopyOutcome = 'copied' | 'refused' | 'twin-failed';

/** Each twin's text once fetched, or its fetch while under way. */
const twins = new Map<string, string | Promise<string>>();

/** Fetches a twin once per page view; a failed fetch is forgotten so that the next try fetches again. */
export async function fetchTwin(path: string): Promise<string> {
  let twin = twins.get(path);
  if (twin === undefined) {
    twin = fetch(path).then(async (response) => {
      if (!response.ok) {
        throw new Error(`${path} answered ${response.status}`);
      }
      const text = await response.text();
      twins.set(path, text);
      return text;
    });
    twin.catch(() => twins.delete(path));
    twins.set(path, twin);
  }
  return twin;
}

/**
 * Puts the twin's text on the clipboard. When the text is already here, the write
 * happens in the same task as the click: Safari refuses a clipboard write that
 * follows a network wait.
 */
export async function copyTwin(path: string): Promise<CopyOutcome> {
  // Without a clipboard there is no use fetching the twin.
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') {
    return 'refused';
  }
  let text = twins.get(path);
  if (typeof text !== 'string') {
    try {
      text = await fetchTwin(path);
    } catch {
      return 'twin-failed';
    }
  }
  return copyText(text);
}

/** Puts a text the page already holds on the clipboard. Without the clipboard API the call throws: a refusal too. */
export async function copyText(text: string): Promise<CopyOutcome> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'refused';
  }
}
