import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LoginValue, SecondVerificationValue } from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { verifyLogin } from '../api/auth-api';
import { CodeField } from './fields';
import { CODE_RE } from './messages';

interface Props {
  challenge: SecondVerificationValue;
  back: () => void;
  verified: (value: LoginValue) => Promise<void>;
}

/**
 * Second verification (spec section 4): a login from an IP the member has not used asks the codes
 * sent by SMS and e-mail to the bound contacts. The first code field takes the focus when the step
 * appears in place of the login form.
 */
export function SecondVerificationForm({ challenge, back, verified }: Props) {
  const { t } = useT();
  const base = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const wantsSms = challenge.channels.includes('sms');
  const wantsEmail = challenge.channels.includes('email');
  const [smsCode, setSmsCode] = useState('');
  const [emailCode, setEmailCode] = useState('');
  const [errors, setErrors] = useState<{ sms?: string; email?: string }>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next = {
      sms: wantsSms && !CODE_RE.test(smsCode) ? t('auth.enterCode') : undefined,
      email: wantsEmail && !CODE_RE.test(emailCode) ? t('auth.enterCode') : undefined,
    };
    setErrors(next);
    if (next.sms || next.email) {
      document.getElementById(`${base}-${next.sms ? 'sms' : 'email'}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      await verified(
        await verifyLogin({
          challengeId: challenge.challengeId,
          ...(wantsSms ? { smsCode } : {}),
          ...(wantsEmail ? { emailCode } : {}),
        }),
      );
    } catch (error) {
      const code = isApiError(error) ? error.code : null;
      if (code === 'sms_code_invalid' || code === 'email_code_invalid') {
        const field = code === 'sms_code_invalid' ? 'sms' : 'email';
        setErrors({ [field]: (error as Error).message });
        document.getElementById(`${base}-${field}`)?.focus();
      } else setServerError(isApiError(error) ? error.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form ref={formRef} className="form" onSubmit={submit} noValidate aria-label={t('auth.verifyTitle')}>
      <p className="dialog-text">{t('auth.verifyLead')}</p>
      {wantsSms && (
        <CodeField
          id={`${base}-sms`}
          label={t('auth.smsCode')}
          value={smsCode}
          onChange={(value) => {
            setSmsCode(value);
            if (errors.sms) setErrors((e) => ({ ...e, sms: undefined }));
          }}
          error={errors.sms}
          hint={challenge.maskedMobile ? t('auth.sentTo', { target: challenge.maskedMobile }) : undefined}
        />
      )}
      {wantsEmail && (
        <CodeField
          id={`${base}-email`}
          label={t('auth.emailCode')}
          value={emailCode}
          onChange={(value) => {
            setEmailCode(value);
            if (errors.email) setErrors((e) => ({ ...e, email: undefined }));
          }}
          error={errors.email}
          hint={challenge.maskedEmail ? t('auth.sentTo', { target: challenge.maskedEmail }) : undefined}
        />
      )}
      {serverError && (
        <p className="form__alert" role="alert">
          {serverError}
        </p>
      )}
      <Button type="submit" block size="lg" busy={busy}>
        {busy ? t('auth.submitting') : t('auth.verifySubmit')}
      </Button>
      <button type="button" className="link-btn auth-back" onClick={back}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
