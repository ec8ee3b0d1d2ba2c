import { useT } from '@/i18n';
import { Button } from '@/ui';
import { StatusPage } from './StatusPage';

/** The status call failed: the spec's "network link abnormal", with a retry. */
export function NetworkErrorPage({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  const { t } = useT();
  return (
    <StatusPage icon="wifiOff" tone="danger" title={t('system.networkTitle')} text={t('system.networkText')}>
      <Button onClick={onRetry} busy={retrying} icon="chevronRight">
        {t('common.retry')}
      </Button>
    </StatusPage>
  );
}
