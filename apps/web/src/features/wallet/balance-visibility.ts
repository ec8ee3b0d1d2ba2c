import { useSyncExternalStore } from 'react';

/** Whether the member chose to hide the balance in the header; remembered on this device. */
const KEY = 'banca.balanceHidden';
const listeners = new Set<() => void>();

const read = (): boolean => {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return false;
  }
};

export function setBalanceHidden(hidden: boolean): void {
  try {
    if (hidden) localStorage.setItem(KEY, '1');
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable (private mode): the choice lasts for this page only
  }
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useBalanceHidden = (): boolean => useSyncExternalStore(subscribe, read, () => false);
