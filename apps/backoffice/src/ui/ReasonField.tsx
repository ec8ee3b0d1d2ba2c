/**
 * The reason an audited action asks for, kept in the audit: required, 3 to 500 characters, as every
 * /ops call's `reason` schema says. One field for every dialog and card that asks for it.
 */
export function ReasonField({
  id,
  label,
  rows = 3,
  autoFocus = false,
  disabled = false,
}: {
  id: string;
  label: string;
  rows?: number;
  autoFocus?: boolean;
  disabled?: boolean;
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
      />
    </div>
  );
}
