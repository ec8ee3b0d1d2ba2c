import { useEffect, useState } from 'react';
import { CAPTCHA_THROTTLE_MS, FIELD_RULES } from '@banca/contract';
import { useT } from '@/i18n';
import { Spinner } from '@/ui';
import { ExtraIcon } from '../ExtraIcon';
import { fetchCaptcha } from '../../api/auth-api';
import { useThrottled } from '@/lib/clock';
import { FormField, describedBy } from '@/ui/form';

interface Props {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The id of the image shown, sent with the answer. */
  onCaptchaId: (captchaId: string | undefined) => void;
  error?: string | null;
  /** Changing it loads a new image (after a failed attempt: captchas are single use). */
  reloadKey?: number;
  required?: boolean;
}

/** Captcha answer with its server-rendered image (GET /wps/captcha); refresh at most once a second. */
export function CaptchaField({
  id,
  value,
  onChange,
  onCaptchaId,
  error,
  reloadKey = 0,
  required = true,
}: Props) {
  const { t } = useT();
  const [image, setImage] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useThrottled(() => {
    setLoading(true);
    setFailed(false);
    fetchCaptcha()
      .then((captcha) => {
        setImage(captcha.image);
        onCaptchaId(captcha.captchaId);
      })
      .catch(() => {
        setFailed(true);
        onCaptchaId(undefined);
      })
      .finally(() => setLoading(false));
  }, CAPTCHA_THROTTLE_MS);

  useEffect(() => {
    load();
    onChange('');
    // A new image on mount and on each reloadKey change only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reloadKey]);

  return (
    <FormField id={id} label={t('auth.captcha')} required={required} error={error}>
      <span className="captcha">
        <input
          id={id}
          name="captcha"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-describedby={describedBy(id, error)}
          maxLength={FIELD_RULES.captchaAnswer.maxLength}
        />
        <span className="captcha__image">
          {image && !failed ? (
            <img src={image} alt={t('auth.captchaImage')} width={150} height={50} />
          ) : loading ? (
            <Spinner size="sm" />
          ) : (
            <span className="captcha__failed">{t('auth.captchaFailed')}</span>
          )}
        </span>
        <button
          type="button"
          className="icon-btn captcha__refresh"
          onClick={() => load()}
          aria-label={t('auth.refreshCaptcha')}
          title={t('auth.refreshCaptcha')}
        >
          <ExtraIcon name="refresh" size={18} />
        </button>
      </span>
    </FormField>
  );
}
