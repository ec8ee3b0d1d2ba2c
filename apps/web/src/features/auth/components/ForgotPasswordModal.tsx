import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { checkPasswordRule } from '@banca/contract';
import { isApiError } from '@/api';
import { registerSettingsQuery, useWhitelabel } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { openModal } from '@/state';
import { Button, Modal, Tabs, tabPanelProps } from '@/ui';
import { forgotPasswordByEmail, resetPasswordByPhone } from '../api/auth-api';
import { completeLogin } from '../api/session';
import { AuthHero } from './AuthHero';
import { MobileField, PasswordField, SmsCodeField, TextField, UsernameField, useDefaultDial } from './fields';
import { CODE_RE, MOBILE_RE, fieldErrorText, fieldErrorTexts } from './messages';
import './auth.css';

interface Props {
  props: { tab?: 'email' | 'phone' };
  close: () => void;
}

type Name = 'username' | 'email' | 'mobileNum' | 'verificationCode' | 'newPassword';
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Forgot password (spec sections 4, 5): by e-mail (username + e-mail; a temporary password is sent and
 * the popup closes), or by phone when CHNGPASSVERIF3 (mobile, SMS code, new password; success logs in).
 */
export default function ForgotPasswordModal({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const whitelabel = useWhitelabel();
  const phoneEnabled = !!whitelabel?.CHNGPASSVERIF3;
  const settings = useQuery(registerSettingsQuery).data ?? [];
  const defaultDial = useDefaultDial();
  const [tab, setTab] = useState<'email' | 'phone'>(
    props.tab === 'phone' && phoneEnabled ? 'phone' : 'email',
  );
  const [values, setValues] = useState<Record<Name, string>>({
    username: '',
    email: '',
    mobileNum: '',
    verificationCode: '',
    newPassword: '',
  });
  const [dialCode, setDialCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const tabsId = `${base}-tab`;
  const dial = dialCode || defaultDial;

  const set = (name: Name, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next: Partial<Record<Name, string>> = {};
    if (tab === 'email') {
      if (!values.username.trim()) next.username = t('auth.enterUsername');
      if (!EMAIL_RE.test(values.email.trim())) next.email = t('auth.enterEmail');
    } else {
      if (!MOBILE_RE.test(values.mobileNum)) next.mobileNum = t('auth.enterMobile');
      if (!CODE_RE.test(values.verificationCode)) next.verificationCode = t('auth.enterCode');
      const rule = checkPasswordRule(values.newPassword, settings);
      if (rule)
        next.newPassword = fieldErrorText(
          rule,
          settings.find((s) => s.name === 'password'),
        );
    }
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first) return document.getElementById(`${base}-${first}`)?.focus();
    setBusy(true);
    try {
      if (tab === 'email') {
        await forgotPasswordByEmail({ username: values.username.trim(), email: values.email.trim() });
        close();
        openModal('message', { title: 'auth.forgotTitle', text: 'auth.passwordSent' });
      } else {
        const value = await resetPasswordByPhone({
          mobileNum: values.mobileNum,
          countryDialingCode: dial,
          verificationCode: values.verificationCode,
          newPassword: values.newPassword,
        });
        await completeLogin(value, {
          type: 'username',
          password: values.newPassword,
          navigate: () => undefined,
        });
        close();
        navigate(paths.home);
      }
    } catch (error) {
      if (!isApiError(error)) return setServerError(t('unknown_error'));
      const texts = fieldErrorTexts(error.fields, settings) as Partial<Record<Name, string>>;
      if (error.code === 'sms_code_invalid') texts.verificationCode ??= error.message;
      if (Object.keys(texts).length) setErrors(texts);
      else setServerError(error.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Name) => ({
    id: `${base}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (value: string) => set(name, value),
  });

  return (
    <Modal
      title={t('auth.forgotTitle')}
      onClose={close}
      size="sm"
      className="auth-modal auth-modal--titled"
      header={<AuthHero />}
    >
      {phoneEnabled && (
        <Tabs
          label={t('auth.forgotTitle')}
          idBase={tabsId}
          items={[
            { value: 'email', label: t('auth.byEmail') },
            { value: 'phone', label: t('auth.byPhone') },
          ]}
          value={tab}
          onChange={(value) => {
            setTab(value);
            setErrors({});
            setServerError(null);
          }}
        />
      )}
      <form
        className="form"
        onSubmit={submit}
        noValidate
        aria-label={t('auth.forgotTitle')}
        {...(phoneEnabled ? tabPanelProps(tabsId, tab) : {})}
      >
        {tab === 'email' ? (
          <>
            <p className="auth-lead">{t('auth.forgotEmailLead')}</p>
            <UsernameField {...field('username')} data-autofocus />
            <TextField
              {...field('email')}
              label={t('auth.email')}
              required
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              maxLength={254}
            />
          </>
        ) : (
          <>
            <MobileField {...field('mobileNum')} dial={dial} onDialChange={setDialCode} data-autofocus />
            <SmsCodeField
              {...field('verificationCode')}
              purpose="noLogin"
              target={() => {
                if (MOBILE_RE.test(values.mobileNum))
                  return { mobileNum: values.mobileNum, countryDialingCode: dial };
                setErrors((e) => ({ ...e, mobileNum: t('auth.enterMobile') }));
                document.getElementById(`${base}-mobileNum`)?.focus();
                return null;
              }}
            />
            <PasswordField
              {...field('newPassword')}
              name="newPassword"
              label={t('auth.newPassword')}
              autoComplete="new-password"
            />
          </>
        )}
        {serverError && (
          <p className="form__alert" role="alert">
            {serverError}
          </p>
        )}
        <Button type="submit" block size="lg" busy={busy}>
          {busy ? t('auth.submitting') : t(tab === 'email' ? 'auth.sendPassword' : 'auth.resetSubmit')}
        </Button>
      </form>
    </Modal>
  );
}
