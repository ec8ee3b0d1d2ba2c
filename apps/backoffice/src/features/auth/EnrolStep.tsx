import { useState, type FormEvent } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { ApiError } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { Field } from '@/ui/Field.tsx';
import { Notice } from '@/ui/Notice.tsx';

/** First login: the authenticator's QR code (and its key typed out), then a first code confirms it. */
export default function EnrolStep({
  enrolment,
  onCode,
  onBack,
}: {
  enrolment: { secret: string; uri: string };
  onCode: (code: string) => Promise<void>;
  onBack: () => void;
}) {
  const { t } = useI18n();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await onCode(String(new FormData(event.currentTarget).get('code') ?? '').trim());
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('common.error'));
    } finally {
      setBusy(false);
    }
  };
  const grouped = enrolment.secret.match(/.{1,4}/g)?.join(' ') ?? enrolment.secret;
  return (
    <form className="stack" onSubmit={(e) => void submit(e)} noValidate>
      <h1>{t('enrol.title')}</h1>
      <p>{t('enrol.step1')}</p>
      <figure className="qr">
        {/* Dark modules on white whatever the theme: scanners read that best. */}
        <QRCodeSVG
          value={enrolment.uri}
          size={184}
          marginSize={2}
          level="M"
          role="img"
          aria-label={t('enrol.qrLabel')}
        />
      </figure>
      <p className="muted small">
        {t('enrol.manual')}{' '}
        <code className="secret" data-testid="totp-secret">
          {grouped}
        </code>
      </p>
      <p>{t('enrol.step2')}</p>
      <Field
        label={t('login.code')}
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
      />
      {error && <Notice kind="error">{error}</Notice>}
      <button className="btn btn--primary" type="submit" disabled={busy}>
        {t('enrol.confirm')}
      </button>
      <button type="button" className="btn btn--link" onClick={onBack}>
        {t('login.back')}
      </button>
    </form>
  );
}
