import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Icon, type CoreIconName } from './Icon';

type Variant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger';
type Size = 'sm' | 'md' | 'lg';

interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  icon?: CoreIconName;
  /** Icon-only button: `label` becomes its accessible name (and tooltip). */
  label?: string;
  block?: boolean;
  busy?: boolean;
  children?: ReactNode;
}

export function Button({
  variant = 'primary',
  size = 'md',
  icon,
  label,
  block,
  busy,
  className,
  children,
  type = 'button',
  ...rest
}: ButtonProps) {
  const iconOnly = !children && !!label;
  const classes = [
    'btn',
    `btn--${variant}`,
    `btn--${size}`,
    iconOnly && 'btn--icon',
    block && 'btn--block',
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <button
      type={type}
      className={classes}
      aria-label={iconOnly ? label : undefined}
      title={iconOnly ? label : undefined}
      aria-busy={busy || undefined}
      disabled={rest.disabled || busy}
      {...rest}
    >
      {busy ? (
        <span className="spinner spinner--sm" aria-hidden="true" />
      ) : icon ? (
        <Icon name={icon} size={size === 'sm' ? 16 : 20} />
      ) : null}
      {children}
    </button>
  );
}
