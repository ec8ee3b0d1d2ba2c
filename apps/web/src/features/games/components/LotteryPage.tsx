import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { gamesCalls } from '@banca/contract/routes';
import { apiCall, isApiError } from '@/api';
import { useT, type TKey } from '@/i18n';
import { Button, Empty, Spinner, Tabs, tabPanelProps } from '@/ui';
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
/** The lottery area of each lottery vassalage (the launch's lottoArea). */
const AREA: Record<string, string> = { LOTT: 'BR', TCG_LOTTO_VN: 'VN', TCG_SEA: 'SEA' };

type PrizeMode = 'LOTT' | 'ELOTT';
const MODES: readonly PrizeMode[] = ['LOTT', 'ELOTT'];

interface LotteryGame {
  vendor: string;
  gameCode: string;
  name: string;
  area: string;
}

/**
 * The games of each prize-mode tab of /lottery: the game menus' LOTT and ELOTT categories (the
 * catalogue's lottery games of that type), so each tab shows its own games.
 */
function useModeGames(enabled: boolean) {
  const { language } = useT();
  const menus = useQuery({
    queryKey: ['games', 'lottery-menus', language] as const,
    queryFn: ({ signal }) => apiCall(gamesCalls.gameMenus, { query: { language }, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });
  const gamesOf = (mode: PrizeMode): LotteryGame[] =>
    (menus.data?.categories.find((c) => c.title === mode)?.cards ?? []).flatMap((card) =>
      card.gameCode
        ? [
            {
              vendor: card.vassalage,
              gameCode: card.gameCode,
              name: card.displayName,
              area: AREA[card.vassalage] ?? 'BR',
            },
          ]
        : [],
    );
  return { gamesOf, pending: menus.isPending, error: menus.isError, retry: () => void menus.refetch() };
}

/**
 * Lottery pages (/lottery with the LOTT and ELOTT prize modes, /vnLottery, /seaLottery): launch the
 * house lottery with the lottery fields (lottoArea, launchMode LOTT, lottoPrizeMode, lottoGameCode,
 * lottoView, device, backUrl, language) and host the launched page in a frame; no footer. On /lottery
 * each prize-mode tab lists the catalogue's games of that type (a choice when there are several), or
 * says it has none.
 */
export default function LotteryPage() {
  const { t } = useT();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  const page = PAGES[pathname] ?? PAGES['/lottery']!;
  const tabbed = page.vendor === 'LOTT';
  const [prizeMode, setPrizeMode] = useState<PrizeMode>(
    params.get('prizeMode') === 'ELOTT' ? 'ELOTT' : 'LOTT',
  );
  const modes = useModeGames(tabbed);
  const requested = params.get('gameCode');

  let body: React.ReactNode;
  if (!tabbed) {
    body = (
      <LotteryFrame
        game={{ vendor: page.vendor, gameCode: requested ?? page.gameCode, name: '', area: page.area }}
        prizeMode="LOTT"
        title={t(page.title)}
      />
    );
  } else if (modes.error) {
    body = (
      <div className="lottery-page__stage">
        <Empty title={t('lottery.page.failed')} icon="ticket">
          <Button onClick={modes.retry}>{t('lottery.page.retry')}</Button>
        </Empty>
      </div>
    );
  } else if (modes.pending) {
    body = <Launching />;
  } else {
    const games = modes.gamesOf(prizeMode);
    const game = games.find((g) => g.gameCode === requested) ?? games[0];
    body = (
      <>
        {games.length > 1 && (
          <div className="lottery-page__games" role="group" aria-label={t('lottery.page.games')}>
            {games.map((g) => (
              <button
                key={`${g.vendor}-${g.gameCode}`}
                type="button"
                className={`lottery-page__game${g === game ? ' is-active' : ''}`}
                aria-pressed={g === game}
                onClick={() => {
                  const next = new URLSearchParams(params);
                  next.set('prizeMode', prizeMode);
                  next.set('gameCode', g.gameCode);
                  setParams(next, { replace: true });
                }}
              >
                {g.name}
              </button>
            ))}
          </div>
        )}
        {game ? (
          <LotteryFrame game={game} prizeMode={prizeMode} title={game.name || t(page.title)} />
        ) : (
          <div className="lottery-page__stage">
            <Empty
              title={t('lottery.page.noGames', { mode: t(`category.${prizeMode}`) })}
              hint={t('lottery.page.noGamesHint')}
              icon="ticket"
            />
          </div>
        )}
      </>
    );
  }

  return (
    <div className="page page--game lottery-page">
      <header className="page__head lottery-page__head">
        <h1>{t(page.title)}</h1>
        {tabbed && (
          <Tabs
            items={MODES.map((mode) => ({ value: mode, label: t(`category.${mode}`) }))}
            value={prizeMode}
            onChange={(mode) => {
              setPrizeMode(mode);
              const next = new URLSearchParams(params);
              next.set('prizeMode', mode);
              next.delete('gameCode');
              setParams(next, { replace: true });
            }}
            label={t('lottery.page.prizeMode')}
            idBase="lottery-mode"
          />
        )}
      </header>
      {tabbed ? <div {...tabPanelProps('lottery-mode', prizeMode)}>{body}</div> : body}
    </div>
  );
}

function Launching() {
  const { t } = useT();
  return (
    <div className="lottery-page__stage">
      <div role="status" className="lottery-page__status">
        <Spinner size="lg" />
        <span>{t('lottery.page.launching')}</span>
      </div>
    </div>
  );
}

/**
 * Phones: the frame ends at the screen's foot (its height is what the screen has below its top), so
 * the game's own sticky ticket bar is on screen rather than below it. Desktops keep the CSS height.
 */
function useFitToScreen(ref: React.RefObject<HTMLIFrameElement | null>, ready: boolean) {
  useEffect(() => {
    const frame = ref.current;
    if (!frame) return;
    const fit = () => {
      const top = frame.getBoundingClientRect().top + window.scrollY;
      frame.style.setProperty('--frame-fit', `${Math.max(420, Math.floor(window.innerHeight - top))}px`);
    };
    fit();
    window.addEventListener('resize', fit);
    return () => window.removeEventListener('resize', fit);
  }, [ref, ready]);
}

/** One lottery game launched into a frame, with a retry when the launch fails. */
function LotteryFrame({
  game,
  prizeMode,
  title,
}: {
  game: LotteryGame;
  prizeMode: PrizeMode;
  title: string;
}) {
  const { t, language } = useT();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const view = params.get('view') === 'lobby' ? 'lobby' : 'betting';
  const [attempt, setAttempt] = useState(0);
  const [launch, setLaunch] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let live = true;
    apiCall(gamesCalls.launchGame, {
      body: {
        nodeId: `${game.vendor}-${game.gameCode}`,
        device: window.matchMedia('(max-width: 767px)').matches ? 'MOBILE' : 'DESKTOP',
        backUrl: pathname,
        language,
        lottoArea: game.area,
        launchMode: 'LOTT',
        lottoPrizeMode: prizeMode,
        lottoGameCode: game.gameCode,
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
  }, [game.vendor, game.area, game.gameCode, pathname, language, prizeMode, view, attempt, t]);
  const frame = useRef<HTMLIFrameElement>(null);
  useFitToScreen(frame, !!launch.url);
  if (!launch.url && !launch.error) return <Launching />;
  return (
    <div className="lottery-page__stage">
      {launch.url ? (
        <iframe ref={frame} className="lottery-page__frame" src={launch.url} title={title} />
      ) : (
        <Empty title={t('lottery.page.failed')} hint={launch.error} icon="ticket">
          <Button onClick={() => setAttempt((n) => n + 1)}>{t('lottery.page.retry')}</Button>
        </Empty>
      )}
    </div>
  );
}
