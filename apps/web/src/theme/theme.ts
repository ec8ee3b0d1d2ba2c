import { useSyncExternalStore } from 'react';
import { LOCAL_KEYS } from '@banca/contract';

/** 'system' follows prefers-color-scheme; an explicit choice is remembered in localStorage. */
export type ThemePreference = 'light' | 'dark' | 'system';
export type Theme = 'light' | 'dark';

const QUERY = '(prefers-color-scheme: dark)';
const listeners = new Set<() => void>();

const readPreference = (): ThemePreference => {
  try {
    const value = localStorage.getItem(LOCAL_KEYS.theme);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    return 'system';
  }
};

const systemTheme = (): Theme => {
  // Dark is the site's default look when the browser states no preference.
  if (typeof matchMedia !== 'function') return 'dark';
  return matchMedia('(prefers-color-scheme: light)').matches ? 'light' : 'dark';
};

export const resolveTheme = (preference: ThemePreference): Theme =>
  preference === 'system' ? systemTheme() : preference;

interface ThemeSnapshot {
  preference: ThemePreference;
  theme: Theme;
}

let snapshot: ThemeSnapshot = { preference: 'system', theme: 'dark' };

const apply = () => {
  const preference = readPreference();
  const theme = resolveTheme(preference);
  if (snapshot.preference !== preference || snapshot.theme !== theme) snapshot = { preference, theme };
  const root = document.documentElement;
  root.dataset.theme = theme;
  root.style.colorScheme = theme;
  listeners.forEach((listener) => listener());
};

let watching = false;
/** Applies the theme to <html data-theme> and follows the system while no choice is stored. */
export const initTheme = (): void => {
  apply();
  if (!watching && typeof matchMedia === 'function') {
    watching = true;
    matchMedia(QUERY).addEventListener('change', () => {
      if (readPreference() === 'system') apply();
    });
  }
};

export const setThemePreference = (preference: ThemePreference): void => {
  try {
    if (preference === 'system') localStorage.removeItem(LOCAL_KEYS.theme);
    else localStorage.setItem(LOCAL_KEYS.theme, preference);
  } catch {
    // storage unavailable: the choice lasts for this page only
  }
  apply();
};

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const getSnapshot = () => snapshot;

export const useTheme = () => {
  const { preference, theme } = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
  return {
    preference,
    theme,
    setPreference: setThemePreference,
    toggle: () => setThemePreference(theme === 'dark' ? 'light' : 'dark'),
  };
};
