import type { LoginSubmit } from '../hooks/useLoginSubmit';
import { PasswordField, UsernameField } from './fields';

interface Props {
  /** The login form's ids and errors (useLoginSubmit). */
  form: Pick<LoginSubmit, 'idOf' | 'errors' | 'clearError'>;
  username: string;
  onUsername: (value: string) => void;
  password: string;
  onPassword: (value: string) => void;
  /** The username takes the focus when the surrounding modal opens. */
  autoFocus?: boolean;
}

/**
 * The username and password of a password login (the popup and the agent landing): typing in a
 * field clears its error; the password is `current-password` so the browser's manager fills it.
 */
export function CredentialFields({ form, username, onUsername, password, onPassword, autoFocus }: Props) {
  const { idOf, errors, clearError } = form;
  return (
    <>
      <UsernameField
        id={idOf('username')}
        value={username}
        onChange={(value) => {
          onUsername(value);
          clearError('username');
        }}
        error={errors.username}
        {...(autoFocus ? { 'data-autofocus': true } : {})}
      />
      <PasswordField
        id={idOf('password')}
        autoComplete="current-password"
        value={password}
        onChange={(value) => {
          onPassword(value);
          clearError('password');
        }}
        error={errors.password}
      />
    </>
  );
}
