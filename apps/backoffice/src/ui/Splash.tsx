import { translate } from '@/i18n/i18n.ts';

export function Splash() {
  return (
    <div className="splash" role="status">
      <span className="spinner" aria-hidden="true" />
      <span className="sr-only">{translate('common.loading')}</span>
    </div>
  );
}
