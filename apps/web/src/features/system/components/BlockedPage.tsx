import { useT } from '@/i18n';
import { CustomerServiceButton } from './CustomerServiceButton';
import { StatusPage } from './StatusPage';

/** systemStatus 2 (spec sections 4 and 8): blockip, info_ip_block and the visitor's IP. */
export default function BlockedPage({ ip }: { ip: string | null }) {
  const { t } = useT();
  return (
    <StatusPage icon="ban" tone="danger" title={t('blockip')} text={t('info_ip_block')}>
      {ip && (
        <p className="status-card__ip">
          {t('system.yourIp', { ip: '' })}
          <code>{ip}</code>
        </p>
      )}
      <CustomerServiceButton />
    </StatusPage>
  );
}
