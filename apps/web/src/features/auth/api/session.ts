import type { LoginType, LoginValue, MemberInfo } from '@banca/contract';
import { SESSION_KEYS } from '@banca/contract';
import { UNAUTHORIZED_EVENT, clearSession, getToken, isApiError, setToken } from '@/api';
import { paths } from '@/config/paths';
import { openModal, uiStore } from '@/state';
import * as api from './auth-api';

/**
 * The login state of spec section 4 after each way in (password, SMS, registration, free play, phone
 * reset, second verification), at start-up with a stored token, and on the way out.
 */

/** Session-storage key the first-login popups (type F, a later issue) read. */
export const FIRST_LOGIN_KEY = 'firstLogin';

/**
 * The password just used to log in, kept in memory only (never in storage), so the forced
 * change-password form need not ask it again ("old password skipped if known", spec section 5).
 */
let knownPassword: string | null = null;
export const getKnownPassword = () => knownPassword;

const loggedOut = {
  isLogin: false,
  isAgent: false,
  isTrial: false,
  memberInfo: null,
} as const;

export const applyMemberInfo = (info: MemberInfo) =>
  uiStore.set({ isLogin: true, isAgent: info.isAgent, isTrial: info.isTrial, memberInfo: info });

/** Loads GET /wps/member/info into the login state; a 401 ends the session (see the listener below). */
export const loadMemberInfo = async (): Promise<MemberInfo | null> => {
  try {
    const info = await api.memberInfo();
    applyMemberInfo(info);
    return info;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
};

export interface LoginContext {
  type: LoginType;
  /** The password typed (username logins), remembered in memory for a forced change. */
  password?: string;
  navigate: (to: string) => void;
  /** Member site (agents go on to /agentHome) or the agent landing (always /agentHome). */
  portal?: 'MEMBER' | 'AGENT';
}

export type LoginOutcome = 'changePassword' | 'agentHome' | 'home';

/**
 * After a successful login (spec section 4): token in session storage, the first-login mark, member
 * info; then the change-password modal when the password is temporary, default or expired and the
 * login was not by SMS; otherwise agents go to /agentHome.
 */
export const completeLogin = async (value: LoginValue, context: LoginContext): Promise<LoginOutcome> => {
  setToken(value.token);
  if (value.firstTimeLogin) sessionStorage.setItem(FIRST_LOGIN_KEY, '1');
  const info = await loadMemberInfo().catch(() => null);
  if (!info) uiStore.set({ isLogin: true });
  if (value.passwordExpired && context.type !== 'sms') {
    knownPassword = context.password ?? null;
    sessionStorage.setItem(SESSION_KEYS.cpw, '1');
    openModal('changePassword', { forced: true });
    return 'changePassword';
  }
  knownPassword = null;
  sessionStorage.removeItem(SESSION_KEYS.cpw);
  if (context.portal === 'AGENT' || info?.isAgent) {
    context.navigate(paths.agentHome);
    return 'agentHome';
  }
  return 'home';
};

let freePlayRunning: Promise<void> | null = null;

/**
 * Free play (spec section 4): store the login state, remove the cpw item, go to / (the login popup's
 * "Free play"). Without `navigate` the visitor stays where they are: a tile's free trial creates the
 * trial account on the way into the game. Two calls at once share one trial account.
 */
export const startFreePlay = (navigate?: (to: string) => void): Promise<void> => {
  freePlayRunning ??= (async () => {
    const value = await api.freePlay();
    setToken(value.token);
    sessionStorage.removeItem(SESSION_KEYS.cpw);
    knownPassword = null;
    await loadMemberInfo().catch(() => uiStore.set({ isLogin: true, isTrial: true }));
  })().finally(() => {
    freePlayRunning = null;
  });
  return freePlayRunning.then(() => navigate?.(paths.home));
};

/** Logout (spec section 4): the gateway revokes the token; storage is cleared except merchant keys. */
export const endSession = async (): Promise<void> => {
  if (getToken()) await api.logout().catch(() => undefined);
  knownPassword = null;
  clearSession();
  uiStore.set(loggedOut);
};

// A call made with a token answered 401: the client already dropped the token; drop the state too.
addEventListener(UNAUTHORIZED_EVENT, () => {
  knownPassword = null;
  uiStore.set(loggedOut);
});
