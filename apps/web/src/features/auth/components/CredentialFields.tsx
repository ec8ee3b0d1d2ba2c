import { PasswordField, UsernameField } from '@/ui/form';
import type { LoginSubmit } from '../hooks/useLoginSubmit';

interface Props {
  /** The login form (useLoginSubmit): values, ids and errors. */
  form: LoginSubmit['form'];
  /** The username takes the focus when the surrounding modal opens. */
  autoFocus?: boolean;
}

/**
 * The username and password of a password login (the popup and the agent landing): typing in a
 * field clears its error; the password is `current-password` so the browser's manager fills it.
 */
export function CredentialFields({ form, autoFocus }: Props) {
  return (
    <>
      <UsernameField {...form.bind('username')} {...(autoFocus ? { 'data-autofocus': true } : {})} />
      <PasswordField {...form.bind('password')} autoComplete="current-password" />
    </>
  );
}
