import type { ReactNode } from 'react';
import { Icon, type CoreIconName } from './Icon';

interface EmptyProps {
  title: string;
  hint?: string;
  icon?: CoreIconName;
  compact?: boolean;
  children?: ReactNode;
}

/** The honest empty state: what would be here, and that there is nothing yet. */
export function Empty({ title, hint, icon = 'gem', compact, children }: EmptyProps) {
  return (
    <div className={`empty${compact ? ' empty--compact' : ''}`}>
      <span className="empty__icon">
        <Icon name={icon} size={compact ? 22 : 28} />
      </span>
      <p className="empty__title">{title}</p>
      {hint && <p className="empty__hint">{hint}</p>}
      {children}
    </div>
  );
}
