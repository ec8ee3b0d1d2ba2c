import { useState } from 'react';
import { houseCalls } from '@banca/contract/routes';
import { sandboxGame, type SandboxGame } from '@banca/house-games';
import { isApiError } from '@/api';
import { newRequestId } from '@/lib/ids';
import { formatDecimal } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { HouseFrame } from './HouseFrame';
import { houseCall, useHouseSession, type HouseSession } from '../session';
import './sandbox.css';

type Round = Awaited<ReturnType<typeof houseCall<typeof houseCalls.sandboxPlay>>>;
type Pick = 'A' | 'B';

/** Stakes offered as chips, in whole currency units. */
const CHIPS = [1, 5, 10, 50];

/**
 * /sandbox/play: the sandbox vendor's page for LIVE, FISH, PVP, SPORTS, ESPORTS and COCKFIGHT games.
 * Plainly a sandbox (a badge and a notice): one stake, a pick, one outcome, paid through the same
 * vendor wallet API as any game, with the odds stated.
 */
export default function SandboxPlayPage() {
  const state = useHouseSession();
  const { t } = useT();
  const [balance, setBalance] = useState<number | undefined>();
  const game = state.kind === 'ready' ? sandboxGame(state.session.vendor, state.session.gameCode) : undefined;
  const title = game ? t(`house.sandbox.category.${game.category}`) : '';
  return (
    <HouseFrame state={state} title={title} balance={balance}>
      {(session) =>
        game ? (
          <SandboxTable session={session} game={game} onBalance={setBalance} />
        ) : (
          <p className="house__note">{session.gameCode}</p>
        )
      }
    </HouseFrame>
  );
}

function SandboxTable({
  session,
  game,
  onBalance,
}: {
  session: HouseSession;
  game: SandboxGame;
  onBalance: (balance: number) => void;
}) {
  const { t, language } = useT();
  const [pick, setPick] = useState<Pick>('A');
  const [stake, setStake] = useState(CHIPS[0]! * 100);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [rounds, setRounds] = useState<Round[]>([]);
  const money = (minor: number) => `${session.currency} ${formatMinorUnits(minor, language)}`;

  const play = async () => {
    setBusy(true);
    setError(null);
    const body = { requestId: newRequestId(), amount: stake, pick };
    try {
      let round: Round;
      try {
        round = await houseCall(houseCalls.sandboxPlay, session, body);
      } catch (err) {
        // A lost answer: ask again with the same id (the gateway replays, nothing moves twice).
        if (isApiError(err) && err.status === 0)
          round = await houseCall(houseCalls.sandboxPlay, session, body);
        else throw err;
      }
      setRounds((list) => [round, ...list].slice(0, 10));
      onBalance(round.balance);
    } catch (err) {
      setError(isApiError(err) ? err.message : t('unknown_error'));
    } finally {
      setBusy(false);
    }
  };

  // A table's own picks where its game has them (roulette: red or black), else its category's.
  const pickLabel = (side: 'A' | 'B') =>
    session.gameCode.endsWith('ROULETTE')
      ? t(`house.sandbox.pick${side}.ROULETTE`)
      : t(`house.sandbox.pick${side}.${game.category}`);
  const last = rounds[0];
  return (
    <div className="sandbox">
      <p className="sandbox__notice">
        <span className="sandbox__badge">{t('house.sandbox.badge')}</span>{' '}
        {t(session.currency === 'XPL' ? 'house.sandbox.noticePlay' : 'house.sandbox.notice')}
      </p>
      <section className="sandbox__table" aria-label={t(`house.sandbox.category.${game.category}`)}>
        <fieldset className="sandbox__group">
          <legend>{t('house.sandbox.pick')}</legend>
          <div className="sandbox__picks">
            {(['A', 'B'] as const).map((side) => (
              <button
                key={side}
                type="button"
                className="sandbox__pick"
                aria-pressed={pick === side}
                onClick={() => setPick(side)}
              >
                {pickLabel(side)}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="sandbox__group">
          <legend>{t('house.sandbox.stake')}</legend>
          <div className="sandbox__chips">
            {CHIPS.map((units) => (
              <button
                key={units}
                type="button"
                className="sandbox__chip"
                aria-pressed={stake === units * 100}
                onClick={() => setStake(units * 100)}
              >
                {money(units * 100)}
              </button>
            ))}
          </div>
        </fieldset>
        <Button size="lg" block busy={busy} disabled={busy} onClick={() => void play()}>
          {t('house.sandbox.play')} · {money(stake)}
        </Button>
        <p className="sandbox__rules">
          {t('house.sandbox.rules', {
            rtp: Math.round(game.rtp * 100),
            multiplier: formatDecimal(game.multiplier, language),
          })}
        </p>
        <div className="sandbox__result" role="status" aria-live="polite">
          {error ? (
            <span className="sandbox__error">{error}</span>
          ) : last ? (
            <span className={last.won ? 'sandbox__won' : 'sandbox__lost'}>
              {last.won ? t('house.sandbox.won', { amount: money(last.payout) }) : t('house.sandbox.lost')}
            </span>
          ) : null}
        </div>
      </section>
      <section className="sandbox__history">
        <h2>{t('house.sandbox.history')}</h2>
        {rounds.length === 0 ? (
          <p className="house__note">{t('house.sandbox.none')}</p>
        ) : (
          <ol className="sandbox__rounds">
            {rounds.map((round) => (
              <li key={round.roundId} className="sandbox__round">
                <span className="sandbox__round-id">{round.roundId}</span>
                <span>
                  {t('house.sandbox.stake')} {money(round.stake)}
                </span>
                <span className={round.won ? 'sandbox__won' : 'sandbox__lost'}>
                  {t('house.sandbox.payout')} {money(round.payout)}
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
