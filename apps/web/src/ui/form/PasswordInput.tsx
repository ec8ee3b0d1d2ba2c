import { useState, type InputHTMLAttributes } from 'react';
import { useT } from '@/i18n';
import { FullIcon } from '../FullIcon';

/** A password field with a show/hide toggle. */
export function PasswordInput(props: Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>) {
  const { t } = useT();
  const [visible, setVisible] = useState(false);
  return (
    <span className="input-affix">
      <input {...props} type={visible ? 'text' : 'password'} />
      <button
        type="button"
        className="input-affix__btn"
        onClick={() => setVisible((v) => !v)}
        aria-label={t(visible ? 'common.hidePassword' : 'common.showPassword')}
        aria-pressed={visible}
      >
        <FullIcon name={visible ? 'eyeOff' : 'eye'} size={18} />
      </button>
    </span>
  );
}
