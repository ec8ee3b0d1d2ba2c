import { hasToken } from '@/api';
import { uiStore } from '@/state';
import { loadMemberInfo } from './session';

/**
 * Start-up with a token (URL or session storage): logged in until the member info says otherwise.
 * The start-up's own entry (actions.restoreSession loads it): were the dynamic import aimed at
 * session.ts, which the forms' shared chunks import too, the bundler would merge it into a common
 * chunk and ship a namespace helper in the first-paint runtime.
 */
export const restoreSession = async (): Promise<void> => {
  if (!hasToken()) return;
  uiStore.set({ isLogin: true });
  await loadMemberInfo().catch(() => undefined);
};
