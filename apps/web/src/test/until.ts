import type { createStore } from '@/state';

type Store<S> = Pick<ReturnType<typeof createStore<S & object>>, 'get' | 'subscribe'>;

/**
 * Resolves with the store's state once `accept` holds: now, or at the change that makes it hold.
 * Tests await the state they assert on instead of an element that happens to appear at about the
 * same time (the header's login button renders before the lazily loaded /login route opens its
 * popup); only the test's own timeout bounds the wait.
 */
export const until = <S extends object>(store: Store<S>, accept: (state: S) => boolean): Promise<S> =>
  new Promise((resolve) => {
    const check = () => {
      const state = store.get();
      if (!accept(state)) return;
      unsubscribe();
      resolve(state);
    };
    const unsubscribe = store.subscribe(check);
    check();
  });
