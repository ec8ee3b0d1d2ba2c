import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LoginBody, LoginValue, SecondVerificationValue } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { captchaRequested, login, secondVerificationOf } from '../api/auth-api';
import { completeLogin, type LoginOutcome } from '../api/session';
import { smsFailureDialog } from '../components/fields/SmsCodeField';
import { CODE_RE, MOBILE_RE } from '../components/messages';

/** What a login form sends: a username and password, or a mobile number and its SMS code. */
export type LoginCredentials =
  | { type: 'username'; username: string; password: string }
  | { type: 'sms'; mobileNum: string; countryDialingCode: string; code: string };

export type LoginField = 'username' | 'password' | 'mobile' | 'code' | 'captcha';

export interface LoginSubmitOptions {
  /** MEMBER (the login popup) or AGENT (the agent landing: the server refuses non-agents). */
  portal: 'MEMBER' | 'AGENT';
  /**
   * After a successful login, once the session is stored and the change-password popup or the
   * agent centre is opened (completeLogin's outcome).
   */
  onLoggedIn?: (credentials: LoginCredentials, outcome: LoginOutcome) => void;
}

/**
 * The login submission shared by the login popup and the agent landing's form (spec sections 4, 5,
 * 8): the required-field checks, the captcha once the server asks for it (a new image after each
 * failure), POST /wps/session/login, the error texts (the captcha's under its field, an SMS code
 * failure in the warning dialog, the rest above the submit button), the second verification of a
 * login from a new IP, and completeLogin (session, first-login mark, forced password change, agent
 * centre). Field ids are `idOf(name)`; the first invalid field takes the focus.
 */
export function useLoginSubmit({ portal, onLoggedIn }: LoginSubmitOptions) {
  const { t } = useT();
  const navigate = useNavigate();
  const base = useId();
  const idOf = (name: LoginField) => `${base}-${name}`;
  const [errors, setErrors] = useState<Partial<Record<LoginField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const [captcha, setCaptcha] = useState('');
  const [captchaId, setCaptchaId] = useState<string>();
  const [captchaReload, setCaptchaReload] = useState(0);
  const [challenge, setChallenge] = useState<{
    value: SecondVerificationValue;
    credentials: LoginCredentials;
  } | null>(null);
  const backFrom = useRef<LoginCredentials['type'] | null>(null);

  // Back from the second step: the form is shown again; its first field takes the focus.
  useEffect(() => {
    if (challenge || !backFrom.current) return;
    document.getElementById(idOf(backFrom.current === 'sms' ? 'mobile' : 'username'))?.focus();
    backFrom.current = null;
    // idOf is stable for the component's life
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [challenge]);

  const clearError = (name: LoginField) => {
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  /** Marks a field wrong and focuses it (e.g. the mobile number when a code is asked for). */
  const setError = (name: LoginField, text: string) => {
    setErrors((e) => ({ ...e, [name]: text }));
    document.getElementById(idOf(name))?.focus();
  };

  /** Another tab of the form: its errors go. */
  const resetErrors = () => {
    setErrors({});
    setServerError(null);
  };

  const validate = (credentials: LoginCredentials) => {
    const next: Partial<Record<LoginField, string>> = {};
    if (credentials.type === 'username') {
      if (!credentials.username.trim()) next.username = t('auth.enterUsername');
      if (!credentials.password) next.password = t('auth.enterPassword');
    } else {
      if (!MOBILE_RE.test(credentials.mobileNum)) next.mobile = t('auth.enterMobile');
      if (!CODE_RE.test(credentials.code)) next.code = t('auth.enterCode');
    }
    if (needCaptcha && !captcha.trim()) next.captcha = t('auth.enterCaptcha');
    return next;
  };

  const finish = async (value: LoginValue, credentials: LoginCredentials) => {
    const outcome = await completeLogin(value, {
      type: credentials.type,
      password: credentials.type === 'username' ? credentials.password : undefined,
      navigate,
      portal,
    });
    onLoggedIn?.(credentials, outcome);
  };

  const submit = async (credentials: LoginCredentials) => {
    setServerError(null);
    const next = validate(credentials);
    setErrors(next);
    const first = (Object.keys(next) as LoginField[])[0];
    if (first) return document.getElementById(idOf(first))?.focus();
    const body: LoginBody =
      credentials.type === 'username'
        ? { username: credentials.username.trim(), password: credentials.password, type: 'username', portal }
        : {
            username: credentials.mobileNum,
            password: credentials.code,
            type: 'sms',
            countryDialingCode: credentials.countryDialingCode,
            portal,
          };
    if (needCaptcha) Object.assign(body, { captcha: captcha.trim(), captchaId });
    setBusy(true);
    try {
      await finish(await login(body), credentials);
    } catch (error) {
      const second = secondVerificationOf(error);
      if (second) return setChallenge({ value: second, credentials });
      if (captchaRequested(error)) {
        setNeedCaptcha(true);
        setCaptchaReload((k) => k + 1);
      }
      if (isApiError(error) && error.code === 'captcha_invalid') {
        setErrors({ captcha: error.message });
        document.getElementById(idOf('captcha'))?.focus();
      } else if (credentials.type === 'sms') smsFailureDialog(error);
      else setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  return {
    idOf,
    errors,
    clearError,
    setError,
    resetErrors,
    serverError,
    setServerError,
    busy,
    submit,
    /** Props of the CaptchaField, shown once the server asked for the captcha. */
    captcha: needCaptcha
      ? {
          id: idOf('captcha'),
          value: captcha,
          onChange: (value: string) => {
            setCaptcha(value);
            // A new image empties the answer: that keeps the error; typing an answer clears it.
            if (value) clearError('captcha');
          },
          onCaptchaId: setCaptchaId,
          error: errors.captcha,
          reloadKey: captchaReload,
        }
      : null,
    /** The second step of a login from a new IP, while it is pending. */
    challenge: challenge && {
      value: challenge.value,
      verified: (value: LoginValue) => finish(value, challenge.credentials),
      back: () => {
        backFrom.current = challenge.credentials.type;
        setChallenge(null);
      },
    },
  };
}

/** What useLoginSubmit gives a form. */
export type LoginSubmit = ReturnType<typeof useLoginSubmit>;
