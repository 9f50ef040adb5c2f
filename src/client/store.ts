/**
 * What the console keeps for the reader: the server URLs used in this tab and the ids
 * its answers carried (sessionStorage, so a reload keeps them and closing the tab
 * forgets them), and the API key, held in memory for the tab (this module lives as long
 * as the page's JavaScript, across client-side navigation) and written to localStorage
 * only when the reader asks for it to be remembered.
 */

const PREFIX = 'rubra-console';
const SERVERS_KEY = `${PREFIX}:servers`;
const IDS_KEY = `${PREFIX}:ids`;
const API_KEY_KEY = `${PREFIX}:api-key`;
/** How many server URLs the field offers. */
const MAX_SERVERS = 8;
/** How many ids of one kind are kept. */
const MAX_IDS = 10;

/** Storage can be missing or refuse (private modes, full quotas): the console then works without it. */
function storage(kind: 'session' | 'local'): Storage | null {
  try {
    return kind === 'session' ? window.sessionStorage : window.localStorage;
  } catch {
    return null;
  }
}

function write(kind: 'session' | 'local', key: string, value: string | null): void {
  try {
    if (value === null) storage(kind)?.removeItem(key);
    else storage(kind)?.setItem(key, value);
  } catch {
    // A storage that refuses leaves the value in the form for this visit only.
  }
}

/** Lists by name in this tab's storage: server URLs by what they serve (`api`, `model`), ids by parameter. */
export type Lists = Record<string, string[]>;

function readLists(key: string): Lists {
  try {
    const lists: unknown = JSON.parse(storage('session')?.getItem(key) ?? '{}');
    const isList = (list: unknown) => Array.isArray(list) && list.every((item) => typeof item === 'string');
    return lists instanceof Object && Object.values(lists).every(isList) ? (lists as Lists) : {};
  } catch {
    return {};
  }
}

/** The list with `item` first, once, and at most `max` long. */
const putFirst = (item: string, list: string[] = [], max: number) =>
  [item, ...list.filter((each) => each !== item)].slice(0, max);

/** The server URLs used in this tab for one kind of server, the last used first. */
export function usedServers(scope: string): string[] {
  return readLists(SERVERS_KEY)[scope] ?? [];
}

export function rememberServer(scope: string, url: string): void {
  const lists = readLists(SERVERS_KEY);
  lists[scope] = putFirst(url, lists[scope], MAX_SERVERS);
  write('session', SERVERS_KEY, JSON.stringify(lists));
}

let apiKeyInMemory = '';

export function readApiKey(): { key: string; remembered: boolean } {
  const remembered = storage('local')?.getItem(API_KEY_KEY) ?? null;
  return remembered === null ? { key: apiKeyInMemory, remembered: false } : { key: remembered, remembered: true };
}

/** Keeps the key for the tab; on this device too only when `remember` is set (an empty key is forgotten on both). */
export function keepApiKey(key: string, remember: boolean): void {
  apiKeyInMemory = key;
  write('local', API_KEY_KEY, remember && key !== '' ? key : null);
}

/** Ids the answers carried, by the parameter that takes them (`assistant_id`), the newest first. */
export function rememberedIds(): Lists {
  return readLists(IDS_KEY);
}

export function rememberIds(found: readonly { param: string; id: string }[]): void {
  const ids = rememberedIds();
  for (const { param, id } of [...found].reverse()) {
    ids[param] = putFirst(id, ids[param], MAX_IDS);
  }
  write('session', IDS_KEY, JSON.stringify(ids));
}

export function forgetId(param: string, id: string): void {
  const ids = rememberedIds();
  ids[param] = (ids[param] ?? []).filter((item) => item !== id);
  write('session', IDS_KEY, JSON.stringify(ids));
}

/** Forgets the ids and server URLs of this tab (the key has its own Forget). */
export function clearRemembered(): void {
  write('session', IDS_KEY, null);
  write('session', SERVERS_KEY, null);
}
