import { lazy } from 'react';
import { withMessages } from '@/i18n';

export { openLogin, openRegister, confirmLogout, restoreSession, showSocialReturnError } from './actions';
/** A visitor's free trial: a trial account (free play) logged in where the visitor is. */
export const startTrialSession = () => import('./api/session').then((m) => m.startFreePlay());
/** The in_need_true_account prompt (trial accounts), loaded with the auth code. */
export const showTrialPrompt = () => void import('./trial').then((m) => m.showTrialPrompt());

/** Modals and forms load on demand (first-route budget). */
export const LoginModal = lazy(withMessages(() => import('./components/LoginModal')));
export const RegisterModal = lazy(withMessages(() => import('./components/RegisterModal')));
export const ChangePasswordModal = lazy(withMessages(() => import('./components/ChangePasswordModal')));
export const ForgotPasswordModal = lazy(withMessages(() => import('./components/ForgotPasswordModal')));
export const LogoutConfirm = lazy(withMessages(() => import('./components/LogoutConfirm')));
/**
 * The agent landing's login. It shares the login popup's submission (hooks/useLoginSubmit: captcha,
 * errors, second verification, session), which stays inside the feature's lazy chunks: re-exported
 * from this entry, it would load with the first route, auth calls and schemas included.
 */
export const AgentLoginForm = lazy(withMessages(() => import('./components/AgentLoginForm')));
/** The logged-in header area (balance slot, notice bell, avatar menu). */
export const AccountArea = lazy(withMessages(() => import('./components/AccountArea')));
