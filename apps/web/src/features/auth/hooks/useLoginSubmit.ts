import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import type { LoginBody, LoginValue, SecondVerificationValue } from '@banca/contract';
import { isApiError } from '@/api';
import { useZodForm } from '@/ui/form';
import { captchaRequested, login, secondVerificationOf } from '../api/auth-api';
import { completeLogin, type LoginOutcome } from '../api/session';
import { smsFailureDialog } from '../components/fields/SmsCodeField';
import { loginFormSchema } from '../form-schemas';

/** What a login form sends: a username and password, or a mobile number and its SMS code. */
export type LoginCredentials =
  | { type: 'username'; username: string; password: string }
  | { type: 'sms'; mobileNum: string; countryDialingCode: string; code: string };

export type LoginField = 'username' | 'password' | 'mobile' | 'code' | 'captcha';

/** The login form's values: both methods' fields, `type` telling which one is sent. */
export interface LoginFormValues {
  type: LoginCredentials['type'];
  username: string;
  password: string;
  mobile: string;
  dial: string;
  code: string;
  captcha: string;
}

export interface LoginSubmitOptions {
  /** MEMBER (the login popup) or AGENT (the agent landing: the server refuses non-agents). */
  portal: 'MEMBER' | 'AGENT';
  /** Values the form starts with (the remembered username or mobile number). */
  defaultValues?: Partial<LoginFormValues>;
  /** The dialing code sent while none is chosen (the merchant's first country). */
  defaultDial?: string;
  /**
   * After a successful login, once the session is stored and the change-password popup or the
   * agent centre is opened (completeLogin's outcome).
   */
  onLoggedIn?: (credentials: LoginCredentials, outcome: LoginOutcome) => void;
}

const FIELD_ORDER: readonly LoginField[] = ['username', 'password', 'mobile', 'code', 'captcha'];

const credentialsOf = (values: LoginFormValues, defaultDial = ''): LoginCredentials =>
  values.type === 'username'
    ? { type: 'username', username: values.username, password: values.password }
    : {
        type: 'sms',
        mobileNum: values.mobile,
        countryDialingCode: values.dial || defaultDial,
        code: values.code,
      };

/**
 * The login form shared by the login popup and the agent landing's form (spec sections 4, 5, 8): its
 * values and checks (react-hook-form with the contract's field rules), the captcha once the server
 * asks for it (a new image after each failure), POST /wps/session/login as a mutation, the error texts
 * (the captcha's under its field, an SMS code failure in the warning dialog, the rest in the alert),
 * the second verification of a login from a new IP, and completeLogin (session, first-login mark,
 * forced password change, agent centre). Field ids are `idOf(name)`; the first invalid field takes
 * the focus.
 */
export function useLoginSubmit({ portal, defaultValues, defaultDial, onLoggedIn }: LoginSubmitOptions) {
  const navigate = useNavigate();
  const [needCaptcha, setNeedCaptcha] = useState(false);
  const form = useZodForm<LoginFormValues>({
    defaultValues: {
      type: 'username',
      username: '',
      password: '',
      mobile: '',
      dial: '',
      code: '',
      captcha: '',
      ...defaultValues,
    },
    // The captcha is required once the server asked for it.
    schema: loginFormSchema(needCaptcha),
  });
  const { idOf } = form;
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

  const finish = async (value: LoginValue, credentials: LoginCredentials) => {
    const outcome = await completeLogin(value, {
      type: credentials.type,
      password: credentials.type === 'username' ? credentials.password : undefined,
      navigate: (to) => void navigate(to),
      portal,
    });
    onLoggedIn?.(credentials, outcome);
  };

  const mutation = useMutation({
    mutationFn: async ({ credentials, captcha }: { credentials: LoginCredentials; captcha: string }) => {
      const body: LoginBody =
        credentials.type === 'username'
          ? {
              username: credentials.username.trim(),
              password: credentials.password,
              type: 'username',
              portal,
            }
          : {
              username: credentials.mobileNum,
              password: credentials.code,
              type: 'sms',
              countryDialingCode: credentials.countryDialingCode,
              portal,
            };
      if (needCaptcha) Object.assign(body, { captcha: captcha.trim(), captchaId });
      await finish(await login(body), credentials);
    },
    onError: (error, { credentials }) => {
      const second = secondVerificationOf(error);
      if (second) return setChallenge({ value: second, credentials });
      const captchaAsked = captchaRequested(error);
      if (captchaAsked) {
        setNeedCaptcha(true);
        setCaptchaReload((k) => k + 1);
      }
      if (isApiError(error) && error.code === 'captcha_invalid') form.showErrors({ captcha: error.message });
      else if (credentials.type === 'sms') smsFailureDialog(error);
      else form.showServerError(error, { fields: [] });
    },
  });

  const send = form.handleSubmit(
    async () => {
      // The values as typed (the body trims the username; the remembered login keeps it as typed).
      const values = form.getValues();
      await mutation
        .mutateAsync({ credentials: credentialsOf(values, defaultDial), captcha: values.captcha })
        .catch(() => {
          // Shown by onError.
        });
    },
    (errors) => {
      form.focusFirstError(FIELD_ORDER, errors);
    },
  );

  /** Submits the form; `credentials` (tests, programmatic logins) replace the typed ones first. */
  const submit = async (credentials?: LoginCredentials) => {
    form.setAlert(null);
    if (credentials) {
      form.setValue('type', credentials.type);
      if (credentials.type === 'username') {
        form.setValue('username', credentials.username);
        form.setValue('password', credentials.password);
      } else {
        form.setValue('mobile', credentials.mobileNum);
        form.setValue('dial', credentials.countryDialingCode);
        form.setValue('code', credentials.code);
      }
    }
    form.clearErrors();
    await send();
  };

  return {
    form,
    idOf,
    errors: form.errors as Partial<Record<LoginField, string>>,
    clearError: (name: LoginField) => form.clearError(name),
    setError: (name: LoginField, text: string) => form.showError(name, text),
    resetErrors: form.resetErrors,
    serverError: form.alert,
    setServerError: form.setAlert,
    busy: mutation.isPending,
    submit,
    onSubmit: (event: FormEvent) => {
      event.preventDefault();
      void submit();
    },
    /** Props of the CaptchaField, shown once the server asked for the captcha. */
    captcha: needCaptcha
      ? {
          id: idOf('captcha'),
          value: form.values.captcha,
          onChange: (value: string) => {
            form.setValue('captcha', value);
            // A new image empties the answer: that keeps the error; typing an answer clears it.
            if (value) form.clearError('captcha');
          },
          onCaptchaId: setCaptchaId,
          error: form.errors.captcha,
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
