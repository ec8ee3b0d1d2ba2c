import { useT } from '@/i18n';

export function Spinner({ size = 'md' }: { size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useT();
  return <span className={`spinner spinner--${size}`} role="status" aria-label={t('common.loading')} />;
}

/** Full-screen loading cover (spec section 2): shown while a route's code loads, hidden after navigation. */
export function LoadingCover({ show }: { show: boolean }) {
  const { t } = useT();
  if (!show) return null;
  return (
    <div className="loading-cover" role="status" aria-live="polite" data-testid="loading-cover">
      <span className="spinner spinner--lg" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
