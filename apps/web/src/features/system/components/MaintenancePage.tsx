import { useT } from '@/i18n';
import { CustomerServiceButton } from './CustomerServiceButton';
import { StatusPage } from './StatusPage';

/** systemStatus 1 (spec sections 4 and 8): game_maintenance, info_maintenance, end_time. */
export default function MaintenancePage({ endTime }: { endTime: string | null }) {
  const { t, language } = useT();
  const end = endTime ? new Date(endTime) : null;
  const valid = end && !Number.isNaN(end.getTime());
  return (
    <StatusPage icon="tool" tone="accent" title={t('game_maintenance')} text={t('info_maintenance')}>
      {valid ? (
        <dl className="status-card__facts">
          <dt>{t('end_time')}</dt>
          <dd>
            <time dateTime={end.toISOString()}>
              {new Intl.DateTimeFormat(language === 'PT' ? 'pt-BR' : 'en-GB', {
                year: 'numeric',
                month: 'long',
                day: 'numeric',
                hour: '2-digit',
                minute: '2-digit',
                timeZoneName: 'short',
              }).format(end)}
            </time>
          </dd>
        </dl>
      ) : (
        <p className="status-card__note">{t('system.maintenanceUnknown')}</p>
      )}
      <CustomerServiceButton />
    </StatusPage>
  );
}
