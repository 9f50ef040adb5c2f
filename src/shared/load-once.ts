/**
 * `load` run once, its promise shared by every call (the first call's argument is the
 * one it is run with); a failed load runs again on the next call. One argument, not
 * rest parameters: the browsers the site supports would get those transpiled to a loop.
 */
export function loadOnce<T, A = void>(load: (arg: A) => Promise<T>): (arg: A) => Promise<T> {
  let pending: Promise<T> | null = null;
  return (arg) =>
    (pending ??= load(arg).catch((error: unknown) => {
      pending = null;
      throw error;
    }));
}
