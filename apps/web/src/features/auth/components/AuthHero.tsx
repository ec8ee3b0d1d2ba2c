import { useSiteName } from '@/features/system';

/** The brand banner above the auth dialogs. */
export function AuthHero() {
  const site = useSiteName();
  return (
    <div className="auth-modal__hero">
      <span className="brand-mark brand-mark--lg" aria-hidden="true">
        {site.slice(0, 1).toUpperCase()}
      </span>
      <p className="auth-modal__site">{site}</p>
    </div>
  );
}
