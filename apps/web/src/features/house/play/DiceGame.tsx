import { useMemo, useState } from 'react';
import { DEFAULT_DICE_RULES, quoteDice, type DiceDirection } from '@banca/house-games';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { formatDecimal } from '@/lib/locale';
import { formatMinorUnits } from '@/lib/money';
import type { HouseSession } from '../session';
import { errorText, roll, type PlayValue } from './play-api';

const STAKES = [100, 200, 500, 1_000, 2_000, 5_000, 10_000, 50_000] as const;
type DiceOutcome = Extract<PlayValue['round'], { game: 'dice' }>['outcome'];

/** The target range a direction allows (chance 1.00%-98.00%), in hundredths. */
const targetRange = (direction: DiceDirection) =>
  direction === 'under'
    ? { min: DEFAULT_DICE_RULES.minChanceCount, max: DEFAULT_DICE_RULES.maxChanceCount }
    : { min: 9_999 - DEFAULT_DICE_RULES.maxChanceCount, max: 9_999 - DEFAULT_DICE_RULES.minChanceCount };

const clamp = (n: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, n));
const hundredths = (n: number, language: string) =>
  new Intl.NumberFormat(language === 'EN' ? 'en-GB' : 'pt-BR', { minimumFractionDigits: 2 }).format(n / 100);

/** Dice: a target slider, roll under or over, chance, multiplier, house edge, the result on a bar. */
export function DiceGame({
  session,
  onPlayed,
}: {
  session: HouseSession;
  onPlayed: (value: PlayValue) => void;
}) {
  const { t, language } = useT();
  const [direction, setDirection] = useState<DiceDirection>('under');
  const [target, setTarget] = useState(5_000);
  const [stake, setStake] = useState<number>(100);
  const [rolling, setRolling] = useState(false);
  const [outcome, setOutcome] = useState<DiceOutcome>();
  const [error, setError] = useState<string>();
  const quote = useMemo(() => quoteDice({ stake, direction, target }), [stake, direction, target]);
  const money = (minor: number) => `${session.currency} ${formatMinorUnits(minor, language)}`;
  const range = targetRange(direction);

  const changeDirection = (next: DiceDirection) => {
    setDirection(next);
    setTarget((current) => clamp(current, targetRange(next)));
  };

  const onRoll = async () => {
    setRolling(true);
    setError(undefined);
    const turning = new Promise((resolve) => setTimeout(resolve, 450));
    try {
      const value = await roll(session, { stake, direction, target });
      await turning;
      if (value.round.game === 'dice') setOutcome(value.round.outcome);
      onPlayed(value);
    } catch (err) {
      await turning;
      setError(errorText(err));
    } finally {
      setRolling(false);
    }
  };

  const winFrom = direction === 'under' ? 0 : target / 100;
  const winTo = direction === 'under' ? target / 100 : 100;
  return (
    <section className="dice" aria-labelledby="dice-title">
      <h2 id="dice-title" className="visually-hidden">
        {t('house.dice.title')}
      </h2>
      <div className="dice__result" aria-live="polite">
        <p
          className={`dice__number${outcome && !rolling ? (outcome.won ? ' dice__number--won' : ' dice__number--lost') : ''}${rolling ? ' dice__number--rolling' : ''}`}
        >
          {rolling ? '··.··' : outcome ? hundredths(outcome.roll, language) : '--.--'}
        </p>
        <p className="dice__verdict">
          {rolling
            ? t('house.dice.rolling')
            : outcome
              ? outcome.won
                ? t('house.dice.won', { amount: money(outcome.payout) })
                : t('house.dice.lost')
              : null}
        </p>
      </div>
      <div className="dice__bar" role="img" aria-label={t('house.dice.rollBar')}>
        <span className="dice__zone" style={{ left: `${winFrom}%`, width: `${winTo - winFrom}%` }} />
        {outcome && (
          <span
            className={`dice__marker${rolling ? ' dice__marker--rolling' : ''}`}
            style={{ left: `${outcome.roll / 100}%` }}
          />
        )}
      </div>
      {error && (
        <p className="house-play__error" role="alert">
          {error}
        </p>
      )}

      <div className="house-play__controls house-play__controls--dice">
        <label className="house-play__field house-play__field--wide">
          <span>
            {t('house.dice.target')}: <strong>{hundredths(target, language)}</strong>
          </span>
          <input
            type="range"
            min={range.min}
            max={range.max}
            step={1}
            value={target}
            onChange={(e) => setTarget(clamp(Number(e.target.value), range))}
            disabled={rolling}
            aria-valuetext={hundredths(target, language)}
          />
        </label>
        <fieldset className="house-play__field dice__direction">
          <legend>{t('house.dice.direction')}</legend>
          {(['under', 'over'] as const).map((d) => (
            <label key={d} className={`dice__choice${direction === d ? ' dice__choice--on' : ''}`}>
              <input
                type="radio"
                name="dice-direction"
                value={d}
                checked={direction === d}
                onChange={() => changeDirection(d)}
                disabled={rolling}
              />
              {t(d === 'under' ? 'house.dice.under' : 'house.dice.over')}
            </label>
          ))}
        </fieldset>
        <label className="house-play__field">
          <span>{t('house.dice.stake')}</span>
          <select value={stake} onChange={(e) => setStake(Number(e.target.value))} disabled={rolling}>
            {STAKES.map((s) => (
              <option key={s} value={s}>
                {formatMinorUnits(s, language)}
              </option>
            ))}
          </select>
        </label>
        <dl className="dice__quote">
          <div>
            <dt>{t('house.dice.chance')}</dt>
            <dd>{hundredths(quote.chanceCount, language)}%</dd>
          </div>
          <div>
            <dt>{t('house.dice.multiplier')}</dt>
            <dd>×{formatDecimal(quote.multiplier, language, { min: 4, max: 4 })}</dd>
          </div>
          <div>
            <dt>{t('house.dice.payoutIfWin')}</dt>
            <dd>{money(quote.payoutIfWin)}</dd>
          </div>
          <div>
            <dt>{t('house.dice.houseEdge')}</dt>
            <dd>{hundredths(DEFAULT_DICE_RULES.houseEdgeBp, language)}%</dd>
          </div>
        </dl>
        <Button size="lg" onClick={() => void onRoll()} busy={rolling} disabled={rolling}>
          {rolling ? t('house.dice.rolling') : t('house.dice.roll')}
        </Button>
      </div>
    </section>
  );
}

/** The dice rules and RTP. */
export function DiceInfo() {
  const { t } = useT();
  return (
    <section className="house-info" aria-labelledby="dice-info-title">
      <h2 id="dice-info-title">{t('house.tabs.info')}</h2>
      <p className="house-info__rtp">{t('house.dice.rtp')}</p>
      <p>{t('house.dice.rules')}</p>
    </section>
  );
}
