import { openModal } from '@/state';

/** Opens the login popup; `onClose` runs when it closes (the /login route then returns home). */
export const openLogin = (onClose?: () => void, tab?: 'username' | 'sms') =>
  openModal('login', tab ? { tab } : {}, onClose);
export const openRegister = (onClose?: () => void) => openModal('register', {}, onClose);
/** Logout asks first (in_popup_prompt / in_sure_logout); the agent centre returns to /agent. */
export const confirmLogout = (returnTo?: string) => openModal('logoutConfirm', returnTo ? { returnTo } : {});
/** Start-up with a token: loads the member info (lazily, with the session code). */
export const restoreSession = () => import('./api/restore').then((m) => m.restoreSession());
/** A failed social sign-in comes back as ?socialError=: explained in a dialog (loaded only then). */
export const showSocialReturnError = () => import('./social-return').then((m) => m.showSocialReturnError());
