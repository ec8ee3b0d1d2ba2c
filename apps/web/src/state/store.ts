import { useSyncExternalStore } from 'react';

/** A minimal external store (useSyncExternalStore): no library, no provider, testable without React. */
export interface Store<S> {
  get(): S;
  set(patch: Partial<S> | ((state: S) => Partial<S>)): void;
  reset(): void;
  subscribe(listener: () => void): () => void;
}

export const createStore = <S extends object>(initial: () => S): Store<S> => {
  let state = initial();
  const listeners = new Set<() => void>();
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === 'function' ? patch(state) : patch;
      const changed = Object.entries(next).some(([key, value]) => !Object.is(state[key as keyof S], value));
      if (!changed) return;
      state = { ...state, ...next };
      notify();
    },
    reset() {
      state = initial();
      notify();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
};

export const useStore = <S extends object, T>(store: Store<S>, selector: (state: S) => T): T =>
  useSyncExternalStore(
    store.subscribe,
    () => selector(store.get()),
    () => selector(store.get()),
  );
