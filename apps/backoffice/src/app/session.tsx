import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { operatorCan, type OpsPermission } from '@banca/contract/routes';
import type { OperatorMe } from '@banca/contract';
import { ApiError, setSessionEndedHandler } from '@/api/client.ts';
import { fetchMe, logout as logoutCall } from '@/api/session.ts';

interface SessionState {
  /** undefined while the first check runs; null when nobody is logged in. */
  me: OperatorMe | null | undefined;
  /** After a login: the operator the gateway answered. */
  signedIn(me: OperatorMe): void;
  logout(): Promise<void>;
  /** The role matrix (contract), so the app shows only what the server would allow. */
  can(permission: OpsPermission): boolean;
}

const SessionContext = createContext<SessionState | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<OperatorMe | null | undefined>(undefined);
  useEffect(() => {
    setSessionEndedHandler(() => setMe(null));
    fetchMe()
      .then(setMe)
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.status < 500) setMe(null);
        else setMe(null);
      });
  }, []);
  const logout = useCallback(async () => {
    try {
      await logoutCall();
    } finally {
      setMe(null);
    }
  }, []);
  const value = useMemo<SessionState>(
    () => ({
      me,
      signedIn: setMe,
      logout,
      can: (permission) => !!me && operatorCan(me.operator.role, permission),
    }),
    [me, logout],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
