import type { ReactNode } from 'react';

interface Props {
  id: string;
  label: string;
  error?: string | null;
  required?: boolean;
  hint?: ReactNode;
  children: ReactNode;
}

/** A labelled form field; its error sits under the field and is linked by aria-describedby. */
export function FormField({ id, label, error, required, hint, children }: Props) {
  return (
    <div className={`field${error ? ' field--error' : ''}`}>
      <span className="field__label-row">
        <label htmlFor={id} className="field__label">
          {label}
        </label>
        {/* Outside the label: the field's accessible name stays exactly its label. */}
        {required && (
          <span className="field__req" aria-hidden="true">
            *
          </span>
        )}
      </span>
      {children}
      {hint && !error && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The aria-describedby of a field's control: its error, else its hint (FormField's ids). */
export const describedBy = (id: string, error?: string | null, hint?: ReactNode) =>
  error ? `${id}-error` : hint ? `${id}-hint` : undefined;
