import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { checkPasswordRule } from '@banca/contract';
import { isApiError } from '@/api';
import { registerSettingsQuery } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Modal } from '@/ui';
import { changePassword, login } from '../api/auth-api';
import { completeLogin, endSession, getKnownPassword } from '../api/session';
import { openLogin } from '../actions';
import { PasswordField } from './fields';
import { fieldErrorText, fieldErrorTexts } from './messages';
import './auth.css';

interface Props {
  props: { forced?: boolean };
  close: () => void;
}

type Name = 'oldPassword' | 'newPassword' | 'confirmNewPassword';

/**
 * Change password (spec sections 4, 5): the old password unless it is already known (the forced
 * change right after logging in with it), the new one by the merchant's password rule, and its
 * confirmation ('inconsistent_twice'). Success logs in again with the new password and goes to /.
 */
export default function ChangePasswordModal({ props, close }: Props) {
  const { t } = useT();
  const navigate = useNavigate();
  const account = useUi((state) => state.memberInfo?.account);
  const settings = useQuery(registerSettingsQuery).data ?? [];
  const [known] = useState(() => (props.forced ? getKnownPassword() : null));
  const [values, setValues] = useState<Record<Name, string>>({
    oldPassword: '',
    newPassword: '',
    confirmNewPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Name, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const base = useId();
  const names: Name[] = known
    ? ['newPassword', 'confirmNewPassword']
    : ['oldPassword', 'newPassword', 'confirmNewPassword'];
  const setting = settings.find((s) => s.name === 'password');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const next: Partial<Record<Name, string>> = {};
    if (!known && !values.oldPassword) next.oldPassword = fieldErrorText('required');
    const rule = checkPasswordRule(values.newPassword, settings);
    if (rule) next.newPassword = fieldErrorText(rule, setting);
    if (!values.confirmNewPassword) next.confirmNewPassword = fieldErrorText('required');
    else if (values.confirmNewPassword !== values.newPassword)
      next.confirmNewPassword = fieldErrorText('inconsistent_twice');
    setErrors(next);
    const first = names.find((name) => next[name]);
    if (first) return document.getElementById(`${base}-${first}`)?.focus();
    setBusy(true);
    try {
      await changePassword({
        oldPassword: known ?? values.oldPassword,
        newPassword: values.newPassword,
        confirmNewPassword: values.confirmNewPassword,
      });
      // Logged in again with the new password (the change ends the other sessions), then home.
      if (account) {
        const value = await login({
          username: account,
          password: values.newPassword,
          type: 'username',
          portal: 'MEMBER',
        });
        await completeLogin(value, {
          type: 'username',
          password: values.newPassword,
          navigate: () => undefined,
        });
      }
      close();
      navigate(paths.home);
    } catch (error) {
      if (!isApiError(error)) return setServerError(t('unknown_error'));
      const texts = fieldErrorTexts(error.fields, settings) as Partial<Record<Name, string>>;
      if (texts.oldPassword && known) delete texts.oldPassword;
      if (Object.keys(texts).some((k) => names.includes(k as Name))) setErrors(texts);
      else if (error.code === 'invalid_credentials' || error.code === 'second_verification_required') {
        // The change went through but the new login did not: sign in again by hand.
        await endSession();
        close();
        openLogin();
      } else setServerError(error.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: Name, index: number) => (
    <PasswordField
      key={name}
      id={`${base}-${name}`}
      name={name}
      label={t(`auth.${name}`)}
      autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
      value={values[name]}
      onChange={(value) => {
        setValues((v) => ({ ...v, [name]: value }));
        if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }));
      }}
      error={errors[name]}
      data-autofocus={index === 0 ? true : undefined}
    />
  );

  return (
    <Modal title={t('auth.changeTitle')} onClose={close} size="sm">
      <form className="form" onSubmit={submit} noValidate aria-label={t('auth.changeTitle')}>
        {props.forced && <p className="auth-lead">{t('auth.changeForcedLead')}</p>}
        {/* The account name helps the password manager file the new password under it. */}
        <input type="text" name="username" autoComplete="username" value={account ?? ''} readOnly hidden />
        {names.map(field)}
        {serverError && (
          <p className="form__alert" role="alert">
            {serverError}
          </p>
        )}
        <Button type="submit" block size="lg" busy={busy}>
          {busy ? t('auth.submitting') : t('auth.changeSubmit')}
        </Button>
      </form>
    </Modal>
  );
}
