/**
 * A value cached in session storage under one of the spec's keys (HOT_GAMES, gameVendor; section 9),
 * so it survives reloads in the tab but not the session. Broken or blocked storage reads as empty.
 */
export interface SessionCache<T> {
  read(): T | undefined;
  write(value: T): void;
  clear(): void;
}

export const sessionCache = <T>(
  key: string,
  storage: () => Storage = () => sessionStorage,
): SessionCache<T> => ({
  read() {
    try {
      const raw = storage().getItem(key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch {
      return undefined;
    }
  },
  write(value) {
    try {
      storage().setItem(key, JSON.stringify(value));
    } catch {
      // Quota or privacy mode: the cache is an optimisation, the data still comes from the server.
    }
  },
  clear() {
    try {
      storage().removeItem(key);
    } catch {
      // as above
    }
  },
});
