import { useT } from '@/i18n';
import { Empty } from '@/ui';

/** /seamless: the page a launched game runs in; no side menu, no footer. */
export default function SeamlessPage() {
  const { t } = useT();
  return (
    <div className="page page--game">
      <header className="page__head">
        <h1>{t('games.seamlessTitle')}</h1>
      </header>
      <div className="game-stage">
        <Empty title={t('games.noSeamless')} icon="gamepad" />
      </div>
    </div>
  );
}
