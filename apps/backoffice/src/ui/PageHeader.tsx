import type { ReactNode } from 'react';

/** A page's title, its one-line subtitle and the page's main action (e.g. "New"), on one row. */
export function PageHeader({
  title,
  subtitle,
  action,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  action?: ReactNode;
}) {
  return (
    <div className="row row--between">
      <div>
        <h1>{title}</h1>
        {subtitle !== undefined && <p className="muted">{subtitle}</p>}
      </div>
      {action}
    </div>
  );
}
