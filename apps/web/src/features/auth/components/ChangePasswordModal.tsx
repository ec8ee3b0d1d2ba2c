import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useMutation, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/api';
import { registerSettingsQuery } from '@/features/system';
import { paths } from '@/config/paths';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Modal } from '@/ui';
import { Alert, mapServerError, PasswordField, SubmitButton, useZodForm } from '@/ui/form';
import { changePassword, login } from '../api/auth-api';
import { completeLogin, endSession, getKnownPassword } from '../api/session';
import { openLogin } from '../actions';
import { changePasswordSchema } from '../form-schemas';
import './auth.css';

interface Props {
  props: { forced?: boolean };
  close: () => void;
}

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmNewPassword: string;
}
type Name = keyof Values;

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
  const names: Name[] = known
    ? ['newPassword', 'confirmNewPassword']
    : ['oldPassword', 'newPassword', 'confirmNewPassword'];
  const form = useZodForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirmNewPassword: '' },
    schema: changePasswordSchema(settings, !!known),
  });

  const mutation = useMutation({
    mutationFn: async (values: Values) => {
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
    },
    onSuccess: () => {
      close();
      void navigate(paths.home);
    },
    onError: async (error) => {
      const mapped = mapServerError(error, { fields: names, settings });
      const code = isApiError(error) ? error.code : null;
      if (
        !Object.keys(mapped.fields).length &&
        (code === 'invalid_credentials' || code === 'second_verification_required')
      ) {
        // The change went through but the new login did not: sign in again by hand.
        await endSession();
        close();
        openLogin();
        return;
      }
      form.showErrors(mapped.fields);
      form.setAlert(mapped.alert);
    },
  });

  const submit = form.handleSubmit(
    (values) => mutation.mutateAsync(values).catch(() => undefined),
    (errors) => form.focusFirstError(names, errors),
  );

  return (
    <Modal title={t('auth.changeTitle')} onClose={close} size="sm">
      <form
        className="form"
        onSubmit={(event) => {
          form.setAlert(null);
          void submit(event);
        }}
        noValidate
        aria-label={t('auth.changeTitle')}
      >
        {props.forced && <p className="auth-lead">{t('auth.changeForcedLead')}</p>}
        {/* The account name helps the password manager file the new password under it. */}
        <input type="text" name="username" autoComplete="username" value={account ?? ''} readOnly hidden />
        {names.map((name, index) => (
          <PasswordField
            key={name}
            {...form.bind(name)}
            name={name}
            label={t(`auth.${name}`)}
            autoComplete={name === 'oldPassword' ? 'current-password' : 'new-password'}
            data-autofocus={index === 0 ? true : undefined}
          />
        ))}
        <Alert>{form.alert}</Alert>
        <SubmitButton busy={mutation.isPending}>{t('auth.changeSubmit')}</SubmitButton>
      </form>
    </Modal>
  );
}
