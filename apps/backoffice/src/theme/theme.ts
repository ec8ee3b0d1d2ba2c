import { useSyncExternalStore } from 'react';

/** Dark (default) or light; an explicit choice is remembered, otherwise the system's is followed. */
export type Theme = 'dark' | 'light';
const KEY = 'banca.backoffice.theme';

const stored = (): Theme | null => {
  try {
    const v = localStorage.getItem(KEY);
    return v === 'light' || v === 'dark' ? v : null;
  } catch {
    return null;
  }
};
const system = (): Theme =>
  typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';

let theme: Theme = stored() ?? system();
const listeners = new Set<() => void>();
const apply = () => {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
};
apply();

export const setTheme = (next: Theme): void => {
  theme = next;
  try {
    localStorage.setItem(KEY, next);
  } catch {
    // storage unavailable
  }
  apply();
  listeners.forEach((l) => l());
};

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const get = () => theme;
export const useTheme = () => useSyncExternalStore(subscribe, get, get);
