import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { LOCAL_KEYS } from '@banca/contract';
import { initTheme, useTheme } from './theme';

let systemPrefersLight = false;
const changeListeners: Array<() => void> = [];

beforeEach(() => {
  localStorage.clear();
  systemPrefersLight = false;
  changeListeners.length = 0;
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('light') ? systemPrefersLight : !systemPrefersLight,
    media: query,
    addEventListener: (_: string, listener: () => void) => changeListeners.push(listener),
    removeEventListener: () => undefined,
  }));
});
afterEach(() => vi.unstubAllGlobals());

describe('useTheme', () => {
  it('follows the system preference until the user picks', () => {
    systemPrefersLight = true;
    initTheme();
    const { result } = renderHook(() => useTheme());
    expect(result.current.preference).toBe('system');
    expect(result.current.theme).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');

    systemPrefersLight = false;
    act(() => changeListeners.forEach((listener) => listener()));
    expect(result.current.theme).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('remembers an explicit choice in localStorage and stops following the system', () => {
    initTheme();
    const { result } = renderHook(() => useTheme());
    act(() => result.current.toggle());
    expect(result.current.theme).toBe('light');
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBe('light');

    systemPrefersLight = false;
    act(() => changeListeners.forEach((listener) => listener()));
    expect(result.current.theme).toBe('light');

    act(() => result.current.setPreference('system'));
    expect(localStorage.getItem(LOCAL_KEYS.theme)).toBeNull();
    expect(result.current.theme).toBe('dark');
  });

  it('restores a stored choice at start', () => {
    localStorage.setItem(LOCAL_KEYS.theme, 'light');
    initTheme();
    const { result } = renderHook(() => useTheme());
    expect(result.current.preference).toBe('light');
    expect(document.documentElement.dataset.theme).toBe('light');
  });
});
