import { SOCIAL_ERROR_CODES, SOCIAL_ERROR_PARAM, type SocialErrorCode } from '@banca/contract';
import type { TKey } from '@/i18n';
import { openModal } from '@/state';

const MESSAGES: Record<SocialErrorCode, TKey> = {
  provider_disabled: 'auth.social.unavailable',
  provider_unavailable: 'auth.social.unavailable',
  access_denied: 'auth.social.cancelled',
  state_invalid: 'auth.social.retry',
  expired: 'auth.social.retry',
  provider_error: 'auth.social.retry',
  account_refused: 'auth.social.refused',
  too_many_requests: 'auth.social.tooMany',
  server_error: 'auth.social.retry',
};

const isCode = (value: string | null): value is SocialErrorCode =>
  !!value && (SOCIAL_ERROR_CODES as readonly string[]).includes(value);

/**
 * After a failed social sign-in the gateway sends the browser to `/?socialError=<code>`: say what
 * happened in a dialog and take the parameter out of the address bar.
 */
export function showSocialReturnError(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(SOCIAL_ERROR_PARAM)) return;
  const code = url.searchParams.get(SOCIAL_ERROR_PARAM);
  url.searchParams.delete(SOCIAL_ERROR_PARAM);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  openModal('message', {
    title: 'auth.social.failedTitle',
    text: isCode(code) ? MESSAGES[code] : 'auth.social.retry',
  });
}
