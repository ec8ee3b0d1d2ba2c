import { useEffect, useRef } from 'react';
import { useMutation } from '@tanstack/react-query';
import type { LoginValue, SecondVerificationValue } from '@banca/contract';
import { useT } from '@/i18n';
import { Alert, CodeField, SubmitButton, useZodForm } from '@/ui/form';
import { verifyLogin } from '../api/auth-api';
import { secondVerificationSchema } from '../form-schemas';

interface Props {
  challenge: SecondVerificationValue;
  back: () => void;
  verified: (value: LoginValue) => Promise<void>;
}

const ORDER = ['sms', 'email'] as const;

/**
 * Second verification (spec section 4): a login from an IP the member has not used asks the codes
 * sent by SMS and e-mail to the bound contacts. The first code field takes the focus when the step
 * appears in place of the login form.
 */
export function SecondVerificationForm({ challenge, back, verified }: Props) {
  const { t } = useT();
  const formRef = useRef<HTMLFormElement>(null);
  const wantsSms = challenge.channels.includes('sms');
  const wantsEmail = challenge.channels.includes('email');
  const form = useZodForm<{ sms: string; email: string }>({
    defaultValues: { sms: '', email: '' },
    schema: secondVerificationSchema(wantsSms, wantsEmail),
  });
  const mutation = useMutation({
    mutationFn: async ({ sms, email }: { sms: string; email: string }) =>
      verified(
        await verifyLogin({
          challengeId: challenge.challengeId,
          ...(wantsSms ? { smsCode: sms } : {}),
          ...(wantsEmail ? { emailCode: email } : {}),
        }),
      ),
    onError: (error) => {
      form.clearErrors();
      form.showServerError(error, {
        fields: ORDER.filter((name) => (name === 'sms' ? wantsSms : wantsEmail)),
        codes: { sms_code_invalid: 'sms', email_code_invalid: 'email' },
      });
    },
  });

  useEffect(() => {
    formRef.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const submit = form.handleSubmit(
    (values) => mutation.mutateAsync(values).catch(() => undefined),
    (errors) => form.focusFirstError(ORDER, errors),
  );

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={(event) => {
        form.setAlert(null);
        void submit(event);
      }}
      noValidate
      aria-label={t('auth.verifyTitle')}
    >
      <p className="dialog-text">{t('auth.verifyLead')}</p>
      {wantsSms && (
        <CodeField
          {...form.bind('sms')}
          label={t('auth.smsCode')}
          hint={challenge.maskedMobile ? t('auth.sentTo', { target: challenge.maskedMobile }) : undefined}
        />
      )}
      {wantsEmail && (
        <CodeField
          {...form.bind('email')}
          label={t('auth.emailCode')}
          hint={challenge.maskedEmail ? t('auth.sentTo', { target: challenge.maskedEmail }) : undefined}
        />
      )}
      <Alert>{form.alert}</Alert>
      <SubmitButton busy={mutation.isPending}>{t('auth.verifySubmit')}</SubmitButton>
      <button type="button" className="link-btn auth-back" onClick={back}>
        {t('auth.backToLogin')}
      </button>
    </form>
  );
}
