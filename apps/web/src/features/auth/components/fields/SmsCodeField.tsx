import { useState } from 'react';
import { FIELD_RULES, SMS_SEND_THROTTLE_MS } from '@banca/contract';
import { isApiError } from '@/api';
import { t as translate, useT } from '@/i18n';
import { openModal } from '@/state';
import { sendSmsCode } from '../../api/auth-api';
import { useCountdown, useThrottled } from '@/lib/clock';
import { SMS_CODE_VALID_MINUTES, countdownSeconds } from '../../countdown';
import { FormField } from '@/ui/form';

/** Spec section 8: an SMS code failure shows the server message in a warning dialog with a confirm. */
export const smsFailureDialog = (error: unknown) =>
  openModal('message', {
    title: 'in_popup_prompt',
    rawText: isApiError(error) ? error.message : translate('unknown_error'),
    confirm: 'in_increase_submit',
  });

const retryAfter = (value: unknown): number => {
  const seconds = (value as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? Math.ceil(seconds) : 0;
};

interface Props {
  id: string;
  purpose: 'noLogin' | 'register';
  /** The number to send to, or null when it is not valid yet (the caller shows why). */
  target: () => { mobileNum: string; countryDialingCode: string } | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  label?: string;
  required?: boolean;
}

/**
 * An SMS verification code with its send button: after sending, the button counts down
 * expiredMinutes x 60 s (1 minute by default), and after a refusal as too soon the seconds the
 * server asks to wait; sending is throttled to once a second.
 */
export function SmsCodeField({ id, purpose, target, value, onChange, error, label, required = true }: Props) {
  const { t } = useT();
  const { left, start } = useCountdown();
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  // Validity and resend wait side by side, so the 1-minute countdown is not read as the code's life.
  const hint = sent
    ? left > 0
      ? t('auth.smsHintWait', { minutes: SMS_CODE_VALID_MINUTES, seconds: left })
      : t('auth.smsHintReady', { minutes: SMS_CODE_VALID_MINUTES })
    : t('auth.smsHint', { minutes: SMS_CODE_VALID_MINUTES });

  // Only a press that sends counts for the throttle: one refused for a missing number does not
  // hold back the next press, once the number is typed.
  const send = useThrottled((to: { mobileNum: string; countryDialingCode: string }) => {
    setBusy(true);
    sendSmsCode(purpose, to)
      .then((answer) => {
        setSent(true);
        start(countdownSeconds(answer.expiredMinutes));
      })
      .catch((error: unknown) => {
        smsFailureDialog(error);
        // Refused as too soon (one SMS a minute per number): the button counts down the wait.
        const wait = isApiError(error) && error.code === 'too_many_requests' ? retryAfter(error.value) : 0;
        if (wait > 0) start(wait);
      })
      .finally(() => setBusy(false));
  }, SMS_SEND_THROTTLE_MS);

  return (
    <FormField id={id} label={label ?? t('auth.smsCode')} required={required} error={error}>
      <span className="input-affix">
        <input
          id={id}
          name="verificationCode"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={FIELD_RULES.verificationCode.maxLength}
          value={value}
          onChange={(e) => onChange(e.target.value.replace(/\D/g, ''))}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        />
        <button
          type="button"
          className="btn btn--outline btn--sm input-affix__action"
          onClick={() => {
            const to = target();
            if (to) send(to);
          }}
          disabled={busy || left > 0}
          aria-busy={busy || undefined}
        >
          {left > 0 ? t('auth.resendIn', { seconds: left }) : t('auth.sendCode')}
        </button>
      </span>
      {/* Shown beside an error too (unlike FormField's hint): "empty" does not make the code's
          validity and the resend wait any less worth knowing. */}
      <p className="field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </FormField>
  );
}
