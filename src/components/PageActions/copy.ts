/** The status line under the button: a confirmation fades, a failure stays. */
export interface StatusMessage {
  text: string;
  failed?: boolean;
  /** A failure about this page offers its Markdown twin instead. */
  offersTwin?: boolean;
}

const REFUSED = { text: 'Your browser did not allow copying to the clipboard.', failed: true };

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
export async function copyTwin(path: string): Promise<StatusMessage> {
  // Without a clipboard there is no use fetching the twin.
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') {
    return { ...REFUSED, offersTwin: true };
  }
  let text = twins.get(path);
  if (typeof text !== 'string') {
    try {
      text = await fetchTwin(path);
    } catch {
      return { text: 'The Markdown version of this page could not be loaded.', failed: true, offersTwin: true };
    }
  }
  const status = await copyAs(text, 'Copied the page as Markdown.');
  return { ...status, offersTwin: status.failed };
}

/** Puts a text the page already holds on the clipboard. Without the clipboard API the call throws: a refusal too. */
export async function copyText(text: string): Promise<'copied' | 'refused'> {
  try {
    await navigator.clipboard.writeText(text);
    return 'copied';
  } catch {
    return 'refused';
  }
}

/** Copies `text` and words the outcome for the status line; `copied` names what is now on the clipboard. */
export async function copyAs(text: string, copied: string): Promise<StatusMessage> {
  return (await copyText(text)) === 'copied' ? { text: copied } : REFUSED;
}
