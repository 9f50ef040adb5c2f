/** `load` run once, its promise shared by every call; a failed load runs again on the next call. */
export function loadOnce<A extends unknown[], T>(load: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let pending: Promise<T> | null = null;
  return (...args) =>
    (pending ??= load(...args).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
