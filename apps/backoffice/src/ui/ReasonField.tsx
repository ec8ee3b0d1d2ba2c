/**
 * The reason an audited action asks for, kept in the audit: required, 3 to 500 characters, as every
 * /ops call's `reason` schema says. One field for every dialog and card that asks for it; `error` is
 * what the server said of it (an invalid_input's field), shown under it.
 */
export function ReasonField({
  id,
  label,
  rows = 3,
  autoFocus = false,
  disabled = false,
  error,
}: {
  id: string;
  label: string;
  rows?: number;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: string | null;
}) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        name="reason"
        rows={rows}
        required
        minLength={3}
        maxLength={500}
        autoFocus={autoFocus}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
