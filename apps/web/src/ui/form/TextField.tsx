import type { InputHTMLAttributes, ReactNode } from 'react';
import { FIELD_RULES } from '@banca/contract';
import { useT } from '@/i18n';
import { FormField, describedBy } from './FormField';
import { PasswordInput } from './PasswordInput';

export interface TextFieldProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'value' | 'onChange' | 'required'
> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  /** type="password" only: the show/hide toggle (on unless false: the wallet's payment passwords). */
  reveal?: boolean;
}

/**
 * A labelled input in its FormField: aria-invalid while it has an error, the error (else the hint)
 * linked by aria-describedby. type="password" gives the show/hide toggle (unless `reveal` is false).
 * Other attributes (name, autoComplete, maxLength, data-autofocus…) go to the input. Every form of the
 * site uses it (auth, wallet), with the forms layer's `bind(name)`.
 */
export function TextField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  required,
  type,
  reveal = true,
  ...input
}: TextFieldProps) {
  const attrs = {
    ...input,
    id,
    value,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
    'aria-invalid': !!error,
    'aria-required': required || undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
  return (
    <FormField id={id} label={label} required={required} error={error} hint={hint}>
      {type === 'password' && reveal ? <PasswordInput {...attrs} /> : <input {...attrs} type={type} />}
    </FormField>
  );
}

type PresetProps = Omit<TextFieldProps, 'label'> & { label?: string };

/** The account name of a login or recovery form. */
export function UsernameField(props: PresetProps) {
  const { t } = useT();
  return (
    <TextField
      name="username"
      autoComplete="username"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={FIELD_RULES.account.maxLength}
      required
      {...props}
      label={props.label ?? t('auth.username')}
    />
  );
}

/** A password with the show/hide toggle (autoComplete tells current from new passwords). */
export function PasswordField(props: PresetProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { t } = useT();
  return (
    <TextField
      name="password"
      maxLength={FIELD_RULES.password.maxLength}
      required
      {...props}
      type="password"
      label={props.label ?? t('auth.password')}
    />
  );
}

/** A numeric one-time code (SMS or e-mail): digits only. */
export function CodeField({ onChange, ...props }: TextFieldProps) {
  return (
    <TextField
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={FIELD_RULES.verificationCode.maxLength}
      required
      {...props}
      onChange={(value) => onChange(value.replace(/\D/g, ''))}
    />
  );
}
