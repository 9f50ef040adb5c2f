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

function readJson<T>(kind: 'session' | 'local', key: string, fallback: T, valid: (value: unknown) => value is T): T {
  try {
    const value: unknown = JSON.parse(storage(kind)?.getItem(key) ?? 'null');
    return valid(value) ? value : fallback;
  } catch {
    return fallback;
  }
}

function write(kind: 'session' | 'local', key: string, value: string | null): void {
  try {
    if (value === null) {
      storage(kind)?.removeItem(key);
    } else {
      storage(kind)?.setItem(key, value);
    }
  } catch {
    // A storage that refuses leaves the value in the form for this visit only.
  }
}

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

/** Server URLs by what they serve (`api`, `model`): the last used first. */
type ServerLists = Record<string, string[]>;

const isServerLists = (value: unknown): value is ServerLists =>
  typeof value === 'object' && value !== null && Object.values(value).every(isStringList);

/** The server URLs used in this tab for one kind of server, the last used first. */
export function usedServers(scope: string): string[] {
  return readJson('session', SERVERS_KEY, {}, isServerLists)[scope] ?? [];
}

export function rememberServer(scope: string, url: string): void {
  const lists = readJson('session', SERVERS_KEY, {}, isServerLists);
  lists[scope] = [url, ...(lists[scope] ?? []).filter((item) => item !== url)].slice(0, MAX_SERVERS);
  write('session', SERVERS_KEY, JSON.stringify(lists));
}

let apiKeyInMemory: string | null = null;

export function readApiKey(): { key: string; remembered: boolean } {
  const remembered = storage('local')?.getItem(API_KEY_KEY) ?? null;
  return remembered === null ? { key: apiKeyInMemory ?? '', remembered: false } : { key: remembered, remembered: true };
}

/** Keeps the key for the tab; on this device too only when `remember` is set. */
export function keepApiKey(key: string, remember: boolean): void {
  apiKeyInMemory = key;
  write('local', API_KEY_KEY, remember && key !== '' ? key : null);
}

/** Forgets the key everywhere: memory and this device. */
export function forgetApiKey(): void {
  apiKeyInMemory = null;
  write('local', API_KEY_KEY, null);
}

/** Ids the answers carried, by the parameter that takes them (`assistant_id`), the newest first. */
export type RememberedIds = Record<string, string[]>;

export function rememberedIds(): RememberedIds {
  return readJson('session', IDS_KEY, {}, isServerLists);
}

export function rememberIds(found: readonly { param: string; id: string }[]): void {
  const ids = rememberedIds();
  for (const { param, id } of [...found].reverse()) {
    ids[param] = [id, ...(ids[param] ?? []).filter((item) => item !== id)].slice(0, MAX_IDS);
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
