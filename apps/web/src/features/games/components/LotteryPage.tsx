import { useLocation, useSearchParams } from 'react-router';
import { useT, type TKey } from '@/i18n';
import { Empty } from '@/ui';

const TITLES: Record<string, TKey> = {
  '/lottery': 'games.lotteryTitle',
  '/lottert': 'games.lotteryTitle',
  '/seaLottery': 'games.seaLotteryTitle',
  '/sealottery': 'games.seaLotteryTitle',
  '/vnLottery': 'games.vnLotteryTitle',
  '/vnlottery': 'games.vnLotteryTitle',
};

/** Lottery pages: the lottery client is launched here (lottery issue); no footer. */
export default function LotteryPage() {
  const { t } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameCode = params.get('gameCode');
  return (
    <div className="page page--game">
      <header className="page__head">
        <h1>{t(TITLES[pathname] ?? 'games.lotteryTitle')}</h1>
        {gameCode && <p className="chip">{gameCode}</p>}
      </header>
      <div className="game-stage">
        <Empty title={t('games.noLottery')} hint={t('common.noDataHint')} icon="ticket" />
      </div>
    </div>
  );
}
