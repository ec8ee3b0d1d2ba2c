import { useId, type InputHTMLAttributes, type ReactNode } from 'react';

/** A labelled input with its help and error texts tied to it (aria-describedby). */
export function Field({
  label,
  help,
  error,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: ReactNode; help?: ReactNode; error?: string | null }) {
  const id = useId();
  const described = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        {...input}
      />
      {help && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
