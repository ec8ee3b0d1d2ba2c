import { MERCHANT_KEYS, SESSION_KEYS } from '@banca/contract';

/** The session token lives in session storage (spec section 4): it dies with the tab. */
export const getToken = (): string | null => {
  try {
    return sessionStorage.getItem(SESSION_KEYS.token) || null;
  } catch {
    return null;
  }
};

export const setToken = (token: string): void => {
  sessionStorage.setItem(SESSION_KEYS.token, token);
};

export const hasToken = (): boolean => getToken() !== null;

/** Logout: clears session storage but keeps the merchant keys (spec section 4). */
export const clearSession = (): void => {
  const kept = MERCHANT_KEYS.map((key) => [key, sessionStorage.getItem(key)] as const);
  sessionStorage.clear();
  for (const [key, value] of kept) if (value !== null) sessionStorage.setItem(key, value);
};

/**
 * Start-up token pick-up: a `?token=` in the URL wins and is moved into session storage, then removed
 * from the address bar (so it is not bookmarked or leaked through Referer); otherwise the stored one.
 */
export const pickUpToken = (
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
  history: Pick<History, 'replaceState' | 'state'> = window.history,
): string | null => {
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get('token');
  if (fromUrl) {
    setToken(fromUrl);
    params.delete('token');
    const search = params.toString();
    history.replaceState(
      history.state,
      '',
      `${location.pathname}${search ? `?${search}` : ''}${location.hash}`,
    );
    return fromUrl;
  }
  return getToken();
};
