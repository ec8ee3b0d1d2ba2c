import type { ReactNode } from 'react';

/** A form's message that belongs to no field (the server's, or "unknown error"), read out at once. */
export function Alert({ children }: { children?: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null;
  return (
    <p className="form__alert" role="alert">
      {children}
    </p>
  );
}
