/** What became of a copy request; the menu turns it into the status line. */
export type CopyOutcome = 'copied' | 'refused' | 'twin-failed';

const pendingTwins = new Map<string, Promise<string>>();
const fetchedTwins = new Map<string, string>();

/** Fetches a twin once per page view; a failed fetch is forgotten so that the next try fetches again. */
export function fetchTwin(path: string): Promise<string> {
  let pending = pendingTwins.get(path);
  if (!pending) {
    pending = fetch(path).then(async (response) => {
      if (!response.ok) {
        throw new Error(`${path} answered ${response.status}`);
      }
      const text = await response.text();
      fetchedTwins.set(path, text);
      return text;
    });
    pending.catch(() => pendingTwins.delete(path));
    pendingTwins.set(path, pending);
  }
  return pending;
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
  let text = fetchedTwins.get(path);
  if (text === undefined) {
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
