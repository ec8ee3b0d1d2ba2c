import { useEffect, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { gamesCalls } from '@banca/contract/routes';
import { apiCall, isApiError } from '@/api';
import { useT, type TKey } from '@/i18n';
import { Button, Empty, Spinner, Tabs } from '@/ui';
import './lottery-page.css';

/** Each lottery page: its title and the game it launches (spec section 4's routing by vassalage). */
const PAGES: Record<string, { title: TKey; vendor: string; gameCode: string; area: string }> = {
  '/lottery': { title: 'games.lotteryTitle', vendor: 'LOTT', gameCode: 'QUICK5D', area: 'BR' },
  '/lottert': { title: 'games.lotteryTitle', vendor: 'LOTT', gameCode: 'QUICK5D', area: 'BR' },
  '/vnLottery': { title: 'games.vnLotteryTitle', vendor: 'TCG_LOTTO_VN', gameCode: 'VN5D', area: 'VN' },
  '/vnlottery': { title: 'games.vnLotteryTitle', vendor: 'TCG_LOTTO_VN', gameCode: 'VN5D', area: 'VN' },
  '/seaLottery': { title: 'games.seaLotteryTitle', vendor: 'TCG_SEA', gameCode: 'SEA5D', area: 'SEA' },
  '/sealottery': { title: 'games.seaLotteryTitle', vendor: 'TCG_SEA', gameCode: 'SEA5D', area: 'SEA' },
};

type PrizeMode = 'LOTT' | 'ELOTT';

/**
 * Lottery pages (/lottery with the LOTT and ELOTT prize modes, /vnLottery, /seaLottery): launch the
 * house lottery with the lottery fields (lottoArea, launchMode LOTT, lottoPrizeMode, lottoGameCode,
 * lottoView, device, backUrl, language) and host the launched page in a frame; no footer.
 */
export default function LotteryPage() {
  const { t, language } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const page = PAGES[pathname] ?? PAGES['/lottery']!;
  const gameCode = params.get('gameCode') ?? page.gameCode;
  const [prizeMode, setPrizeMode] = useState<PrizeMode>(
    params.get('prizeMode') === 'ELOTT' ? 'ELOTT' : 'LOTT',
  );
  const view = params.get('view') === 'lobby' ? 'lobby' : 'betting';
  const [attempt, setAttempt] = useState(0);
  const [launch, setLaunch] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let live = true;
    apiCall(gamesCalls.launchGame, {
      body: {
        nodeId: `${page.vendor}-${gameCode}`,
        device: window.matchMedia('(max-width: 767px)').matches ? 'MOBILE' : 'DESKTOP',
        backUrl: pathname,
        language,
        lottoArea: page.area,
        launchMode: 'LOTT',
        lottoPrizeMode: prizeMode,
        lottoGameCode: gameCode,
        lottoView: view,
      },
    }).then(
      (value) => live && setLaunch({ url: value.url }),
      (error: unknown) =>
        live && setLaunch({ error: isApiError(error) ? error.message : t('lottery.page.failed') }),
    );
    return () => {
      live = false;
      setLaunch({});
    };
  }, [page.vendor, page.area, gameCode, pathname, language, prizeMode, view, attempt, t]);
  return (
    <div className="page page--game lottery-page">
      <header className="page__head lottery-page__head">
        <h1>{t(page.title)}</h1>
        {page.vendor === 'LOTT' && (
          <Tabs
            items={[
              { value: 'LOTT', label: 'LOTT' },
              { value: 'ELOTT', label: 'ELOTT' },
            ]}
            value={prizeMode}
            onChange={setPrizeMode}
            label={t('lottery.page.prizeMode')}
          />
        )}
      </header>
      <div className="lottery-page__stage">
        {launch.url ? (
          <iframe className="lottery-page__frame" src={launch.url} title={t(page.title)} />
        ) : launch.error ? (
          <Empty title={t('lottery.page.failed')} hint={launch.error} icon="ticket">
            <Button onClick={() => setAttempt((n) => n + 1)}>{t('lottery.page.retry')}</Button>
          </Empty>
        ) : (
          <div role="status" className="lottery-page__status">
            <Spinner size="lg" />
            <span>{t('lottery.page.launching')}</span>
          </div>
        )}
      </div>
    </div>
  );
}
