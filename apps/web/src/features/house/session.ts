import { useEffect, useState } from 'react';
import { houseCalls, type EntryBody, type EntryValue, type RouteEntry } from '@banca/contract/routes';
import { apiCall, isApiError } from '@/api';
import { setLanguage, t } from '@/i18n';

export type HouseSession = EntryValue<typeof houseCalls.openSession>;

export type HouseSessionState =
  | { kind: 'opening' }
  | { kind: 'ready'; session: HouseSession }
  | { kind: 'error'; code: string; message: string };

const storageKey = (launch: string) => `house-session:${launch}`;

/**
 * The house game page's session. The launch URL's token works once, so the session it gave is kept
 * in this tab's sessionStorage under the token: a reload of the same page keeps playing, a new
 * launch (a new token) starts a new session. The page's language follows the launch's.
 */
const launchParams = () => {
  const params = new URLSearchParams(window.location.search);
  return { launch: params.get('launch') ?? '', vendor: params.get('vendor') ?? '' };
};

/** The session this tab already opened with the launch token, if any. */
const keptSession = (): HouseSession | undefined => {
  const { launch } = launchParams();
  const kept = launch ? sessionStorage.getItem(storageKey(launch)) : null;
  return kept ? (JSON.parse(kept) as HouseSession) : undefined;
};

export function useHouseSession(): HouseSessionState {
  const [state, setState] = useState<HouseSessionState>(() => {
    const session = keptSession();
    return session ? { kind: 'ready', session } : { kind: 'opening' };
  });
  const opening = state.kind === 'opening';
  useEffect(() => {
    if (!opening) return;
    const { launch, vendor } = launchParams();
    let live = true;
    apiCall(houseCalls.openSession, { body: { launch, vendor } }).then(
      (session) => {
        sessionStorage.setItem(storageKey(launch), JSON.stringify(session));
        if (live) setState({ kind: 'ready', session });
      },
      (error: unknown) => {
        if (!live) return;
        setState(
          isApiError(error)
            ? { kind: 'error', code: error.code, message: error.message }
            : { kind: 'error', code: 'unknown', message: t('unknown_error') },
        );
      },
    );
    return () => {
      live = false;
    };
  }, [opening]);
  // The page speaks the launch's language (without changing the member's saved choice).
  const language = state.kind === 'ready' ? state.session.language : undefined;
  useEffect(() => {
    if (language) void setLanguage(language, false);
  }, [language]);
  return state;
}

/** A house API call in a session: the session rides in the body, never in a URL or header. */
export const houseCall = <E extends RouteEntry>(
  route: E,
  session: HouseSession,
  body: Omit<NonNullable<EntryBody<E>>, 'session'>,
): Promise<EntryValue<E>> =>
  apiCall(route, { body: { ...body, session: session.session } as unknown as EntryBody<E> });
