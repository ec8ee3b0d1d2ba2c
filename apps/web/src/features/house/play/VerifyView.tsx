import { useEffect, useRef, useState, type FormEvent } from 'react';
import { houseCalls } from '@banca/contract/routes';
import { HOUSE_SLOT, verifyRound, type VerifiedRound } from '@banca/house-games';
import { t, useT } from '@/i18n';
import { Button, Empty } from '@/ui';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { houseCall, type HouseSession } from '../session';
import { canonical, errorText, type HouseRound } from './play-api';

interface Check {
  serverSeed: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: string;
}

type Verdict =
  | { kind: 'match' | 'mismatch'; payout: number; hashOk: boolean }
  | { kind: 'error'; text: string }
  /** The round's server seed is still in use: rotating it reveals it, then the round verifies. */
  | { kind: 'hidden' };

/** Recomputes a round in this browser with @banca/house-games' verifyRound (the code that played it). */
function recompute(round: HouseRound, check: Check): VerifiedRound {
  const fairness = {
    serverSeed: check.serverSeed.trim(),
    serverSeedHash: check.serverSeedHash.trim(),
    clientSeed: check.clientSeed,
    nonce: Number(check.nonce),
  };
  return round.game === 'slot'
    ? verifyRound({ game: 'slot', definition: HOUSE_SLOT, bet: round.outcome.bet, ...fairness })
    : verifyRound({ game: 'dice', bet: round.outcome.bet, ...fairness });
}

/** Recomputes `round` from `check` and compares it with what was recorded. */
function judge(round: HouseRound, check: Check): Verdict {
  try {
    const result = recompute(round, check);
    const same = canonical(result.outcome) === canonical(round.outcome);
    const payout = result.game === 'slot' ? result.outcome.totalPayout : result.outcome.payout;
    return {
      kind: same && result.seedMatchesHash ? 'match' : 'mismatch',
      payout,
      hashOk: result.seedMatchesHash,
    };
  } catch {
    return { kind: 'error', text: t('house.verify.badInput') };
  }
}

const checkOf = (round: HouseRound): Check => ({
  serverSeed: round.serverSeed ?? '',
  serverSeedHash: round.serverSeedHash,
  clientSeed: round.clientSeed,
  nonce: String(round.nonce),
});

/**
 * "Verify": one action per round: "Verificar" fills the seeds and recomputes at once, the verdict
 * brought into view (a round whose seed is still in use offers to reveal it and verify). The seeds
 * stay editable below to recompute by hand. `roundId` (the betting record's link) verifies that
 * round on arrival.
 */
export function VerifyView({
  session,
  version,
  roundId,
}: {
  session: HouseSession;
  version: number;
  roundId?: string | undefined;
}) {
  const { language } = useT();
  const [rounds, setRounds] = useState<HouseRound[]>([]);
  const [cursor, setCursor] = useState<number>();
  const [loaded, setLoaded] = useState(false);
  const [picked, setPicked] = useState<HouseRound>();
  const [check, setCheck] = useState<Check>({
    serverSeed: '',
    serverSeedHash: '',
    clientSeed: '',
    nonce: '',
  });
  const [verdict, setVerdict] = useState<Verdict>();
  const [error, setError] = useState<string>();

  useEffect(() => {
    let live = true;
    houseCall(houseCalls.rounds, session, { limit: 10 }).then(
      (page) => {
        if (!live) return;
        setRounds(page.items);
        setCursor(page.nextCursor);
        setLoaded(true);
      },
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [session, version]);

  const more = async () => {
    try {
      const page = await houseCall(houseCalls.rounds, session, { limit: 10, cursor });
      setRounds((r) => [...r, ...page.items]);
      setCursor(page.nextCursor);
    } catch (err) {
      setError(errorText(err));
    }
  };

  const verdictRef = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(false);
  // Each new verdict is brought into view (it sits below the list and the seeds).
  useEffect(() => {
    if (verdict) verdictRef.current?.scrollIntoView({ block: 'center' });
  }, [verdict]);

  const pick = (round: HouseRound) => {
    const filled = checkOf(round);
    setPicked(round);
    setCheck(filled);
    setVerdict(round.serverSeed ? judge(round, filled) : { kind: 'hidden' });
  };

  // The betting record's link: that round, verified on arrival.
  useEffect(() => {
    if (!roundId) return;
    let live = true;
    houseCall(houseCalls.round, session, { roundId }).then(
      (round) => live && pick(round),
      (err: unknown) => live && setError(errorText(err)),
    );
    return () => {
      live = false;
    };
  }, [session, roundId]);

  /** Retires the seed in use (revealing it), then verifies the picked round with it. */
  const reveal = async () => {
    if (!picked) return;
    setBusy(true);
    try {
      await houseCall(houseCalls.rotateSeed, session, {});
      pick(await houseCall(houseCalls.round, session, { roundId: picked.roundId }));
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const run = (event: FormEvent) => {
    event.preventDefault();
    if (picked) setVerdict(judge(picked, check));
  };

  const when = (iso: string) => dateTimeFormat(language).format(new Date(iso));
  const money = (minor: number) => `${session.currency} ${formatMinorUnits(minor, language)}`;
  const field = (name: keyof Check, label: string) => (
    <label className="house-play__field house-play__field--wide">
      <span>{label}</span>
      <input
        value={check[name]}
        onChange={(e) => setCheck((c) => ({ ...c, [name]: e.target.value }))}
        inputMode={name === 'nonce' ? 'numeric' : 'text'}
        spellCheck={false}
        required
      />
    </label>
  );

  return (
    <section className="house-info verify" aria-labelledby="verify-title">
      <h2 id="verify-title">{t('house.verify.title')}</h2>
      <p>{t('house.verify.intro')}</p>
      {error && (
        <p className="house-play__error" role="alert">
          {error}
        </p>
      )}
      <h3>{t('house.verify.rounds')}</h3>
      {loaded && rounds.length === 0 ? (
        <Empty title={t('house.verify.none')} icon="gamepad" />
      ) : (
        <ul className="verify__rounds">
          {rounds.map((round) => (
            <li
              key={round.roundId}
              className={picked?.roundId === round.roundId ? 'verify__round--on' : undefined}
            >
              <span className="verify__round-text">
                {t('house.verify.round', {
                  game: t(round.game === 'slot' ? 'house.game.slot' : 'house.game.dice'),
                  nonce: round.nonce,
                  time: when(round.createdAt),
                })}
                <span className="verify__money">
                  {t('house.stakeShort')} {money(round.stake)} · {t('house.payout')} {money(round.payout)} ·{' '}
                  {t(`house.status.${round.status}`)}
                </span>
              </span>
              <Button size="sm" variant="secondary" onClick={() => pick(round)}>
                {t('house.verify.pick')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      {cursor !== undefined && (
        <Button variant="ghost" onClick={() => void more()}>
          {t('house.verify.more')}
        </Button>
      )}
      {picked && (
        <form className="verify__form" onSubmit={run}>
          {!picked.serverSeed && <p className="fair__note">{t('house.verify.notRevealed')}</p>}
          {field('serverSeed', t('house.verify.serverSeed'))}
          {field('serverSeedHash', t('house.verify.serverSeedHash'))}
          {field('clientSeed', t('house.verify.clientSeed'))}
          {field('nonce', t('house.verify.nonce'))}
          <Button type="submit">{t('house.verify.check')}</Button>
        </form>
      )}
      {verdict && (
        <div
          ref={verdictRef}
          className={`verify__verdict verify__verdict--${verdict.kind === 'match' ? 'ok' : verdict.kind === 'hidden' ? 'wait' : 'bad'}`}
          role="status"
          data-testid="verify-verdict"
        >
          {verdict.kind === 'hidden' ? (
            <>
              <p>{t('house.verify.notRevealed')}</p>
              <Button size="sm" busy={busy} onClick={() => void reveal()}>
                {t('house.verify.reveal')}
              </Button>
            </>
          ) : verdict.kind === 'error' ? (
            verdict.text
          ) : (
            <>
              <p>{t(verdict.kind === 'match' ? 'house.verify.match' : 'house.verify.mismatch')}</p>
              {!verdict.hashOk && <p>{t('house.verify.hashMismatch')}</p>}
              <p>{t('house.verify.recomputed', { payout: money(verdict.payout) })}</p>
            </>
          )}
        </div>
      )}
    </section>
  );
}
