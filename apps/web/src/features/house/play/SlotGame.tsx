import { useState } from 'react';
import { HOUSE_SLOT } from '@banca/house-games';
import { useT, type TKey } from '@/i18n';
import { Button } from '@/ui';
import { formatMinorUnits } from '@/lib/money';
import type { HouseSession } from '../session';
import { errorText, spin, type PlayValue } from './play-api';
import { SymbolArt } from './SymbolArt';

/** Bets per line on offer (minor units), within the game's 1-10,000. */
const BETS_PER_LINE = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 5_000, 10_000] as const;

/** The window the reels show before the first spin: stops 0 of each strip. */
const OPENING_GRID = [0, 1, 2].map((row) => HOUSE_SLOT.reels.map((strip) => strip[row]!));

type SlotOutcome = Extract<PlayValue['round'], { game: 'slot' }>['outcome'];

/** The cells ("row-reel") the base spin's winning lines run through. */
function winningCells(outcome: SlotOutcome | undefined): Set<string> {
  const cells = new Set<string>();
  for (const win of outcome?.base.lineWins ?? []) {
    const rows = HOUSE_SLOT.lines[win.line - 1] ?? [];
    for (let reel = 0; reel < win.count; reel++) cells.add(`${rows[reel]}-${reel}`);
  }
  return cells;
}

export const symbolKey = (symbol: string) => `house.slot.symbols.${symbol}` as TKey;

/** Fortuna Dourada / Golden Fortune: 5×3 reels, bet selectors, spin, last win. */
export function SlotGame({
  session,
  onPlayed,
}: {
  session: HouseSession;
  onPlayed: (value: PlayValue) => void;
}) {
  const { t, language } = useT();
  const [betPerLine, setBetPerLine] = useState(10);
  const [lines, setLines] = useState(HOUSE_SLOT.lines.length);
  const [spinning, setSpinning] = useState(false);
  const [outcome, setOutcome] = useState<SlotOutcome>();
  const [error, setError] = useState<string>();
  const money = (minor: number) => `${session.currency} ${formatMinorUnits(minor, language)}`;
  const grid = outcome?.base.grid ?? OPENING_GRID;
  const wins = spinning ? new Set<string>() : winningCells(outcome);

  const onSpin = async () => {
    setSpinning(true);
    setError(undefined);
    // The reels turn at least this long, so a quick answer still reads as a spin.
    const turning = new Promise((resolve) => setTimeout(resolve, 650));
    try {
      const value = await spin(session, { betPerLine, lines });
      await turning;
      if (value.round.game === 'slot') setOutcome(value.round.outcome);
      onPlayed(value);
    } catch (err) {
      await turning;
      setError(errorText(err));
    } finally {
      setSpinning(false);
    }
  };

  const lastWin = outcome?.totalPayout ?? 0;
  return (
    <section className="slot" aria-labelledby="slot-title">
      <h2 id="slot-title" className="visually-hidden">
        {t('house.slot.title')}
      </h2>
      <div
        className={`slot__reels${spinning ? ' slot__reels--spinning' : ''}`}
        role="img"
        aria-label={t('house.slot.grid', {
          rows: grid.map((row) => row.map((s) => t(symbolKey(s))).join(', ')).join(' / '),
        })}
      >
        {HOUSE_SLOT.reels.map((strip, reel) => (
          <div className="slot__reel" key={reel} style={{ animationDelay: `${reel * 60}ms` }}>
            {spinning
              ? strip.slice(0, 6).map((symbol, i) => (
                  <div className="slot__cell slot__cell--blur" key={i}>
                    <SymbolArt symbol={symbol} />
                  </div>
                ))
              : grid.map((row, r) => (
                  <div className={`slot__cell${wins.has(`${r}-${reel}`) ? ' slot__cell--win' : ''}`} key={r}>
                    <SymbolArt symbol={row[reel]!} />
                  </div>
                ))}
          </div>
        ))}
      </div>

      <p className="slot__win" aria-live="polite">
        {spinning ? (
          t('house.slot.spinning')
        ) : outcome ? (
          lastWin > 0 ? (
            <>
              <span className="slot__win-label">{t('house.slot.lastWin')}</span>{' '}
              <strong>{money(lastWin)}</strong>
            </>
          ) : (
            t('house.slot.noWin')
          )
        ) : null}
      </p>
      {!spinning && outcome && (outcome.base.lineWins.length > 0 || outcome.freeSpins.length > 0) && (
        <ul className="slot__wins">
          {outcome.base.lineWins.map((win) => (
            <li key={win.line}>
              {t('house.slot.lineWin', {
                line: win.line,
                count: win.count,
                symbol: t(symbolKey(win.symbol)),
              })}{' '}
              · {money(win.payout)}
            </li>
          ))}
          {outcome.base.scatterWin > 0 && (
            <li>
              {t('house.slot.scatterWin', { count: outcome.base.scatterCount })} ·{' '}
              {money(outcome.base.scatterWin)}
            </li>
          )}
          {outcome.freeSpins.length > 0 && (
            <li>{t('house.slot.freeSpins', { count: outcome.freeSpins.length })}</li>
          )}
        </ul>
      )}
      {error && (
        <p className="house-play__error" role="alert">
          {error}
        </p>
      )}

      <div className="house-play__controls">
        <label className="house-play__field">
          <span>{t('house.slot.betPerLine')}</span>
          <select
            value={betPerLine}
            onChange={(e) => setBetPerLine(Number(e.target.value))}
            disabled={spinning}
          >
            {BETS_PER_LINE.map((bet) => (
              <option key={bet} value={bet}>
                {formatMinorUnits(bet, language)}
              </option>
            ))}
          </select>
        </label>
        <label className="house-play__field">
          <span>{t('house.slot.lines')}</span>
          <select value={lines} onChange={(e) => setLines(Number(e.target.value))} disabled={spinning}>
            {HOUSE_SLOT.lines.map((_, i) => (
              <option key={i} value={i + 1}>
                {i + 1}
              </option>
            ))}
          </select>
        </label>
        <p className="house-play__field house-play__total">
          <span>{t('house.slot.totalBet')}</span>
          <strong>{money(betPerLine * lines)}</strong>
        </p>
        <Button size="lg" onClick={() => void onSpin()} busy={spinning} disabled={spinning}>
          {spinning ? t('house.slot.spinning') : t('house.slot.spin')}
        </Button>
      </div>
    </section>
  );
}
