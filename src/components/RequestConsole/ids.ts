/**
 * Ids that carry from one operation to the next: an answer's objects name their kind
 * (`object: "thread.run"`), and each kind's id is what a later operation's parameter of
 * that name takes (`run_id`). So a reader goes from "Create an assistant" to "Create a
 * run" without copying an id.
 */
import type { Lists } from '@site/src/client/store';

import paramOfKind from './id-params.json';

/** The parameter that takes the id of each kind of object. */
const PARAM_OF_KIND: Readonly<Record<string, string>> = paramOfKind;

function idOf(value: unknown): { object: string; id: string; deleted: boolean } | null {
  if (typeof value !== 'object' || value === null) {
    return null;
  }
  const { object, id, deleted } = value as Record<string, unknown>;
  return typeof object === 'string' && typeof id === 'string' ? { object, id, deleted: deleted === true } : null;
}

/** The ids an answer carries (the object itself, or the items of a list), in its order. */
export function idsInAnswer(body: unknown) {
  const list = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const items = Array.isArray(list) ? list : [body];
  return items.flatMap((item) => {
    const found = idOf(item);
    const param = found && !found.deleted ? PARAM_OF_KIND[found.object] : undefined;
    return found && param ? [{ param, id: found.id }] : [];
  });
}

/** The id an answer says was deleted (`{ "object": "thread.deleted", "deleted": true }`). */
export function deletedId(body: unknown) {
  const found = idOf(body);
  if (!found?.deleted) {
    return null;
  }
  const param = PARAM_OF_KIND[found.object.replace(/\.deleted$/, '')];
  // Detaching a file from an assistant leaves the file itself in place.
  return param && found.object !== 'assistant.file.deleted' ? { param, id: found.id } : null;
}

/**
 * A body with its id fields set to the newest remembered ids: `assistant_id` and the
 * like take the newest of their kind, and a non-empty `file_ids` the newest file.
 */
export function withRememberedIds(body: unknown, ids: Lists): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return body;
  }
  const newestFile = ids.file_id?.[0];
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => {
      const newest = ids[name]?.[0];
      if (name === 'file_ids' && newestFile && Array.isArray(value) && value.length > 0) {
        return [name, [newestFile]];
      }
      return [name, newest && typeof value === 'string' ? newest : value];
    }),
  );
}
