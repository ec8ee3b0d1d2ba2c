import { useEffect, useState, type FormEvent } from 'react';
import { houseCalls } from '@banca/contract/routes';
import { HOUSE_SLOT, verifyRound, type VerifiedRound } from '@banca/house-games';
import { useT } from '@/i18n';
import { Button, Empty } from '@/ui';
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
  { kind: 'match' | 'mismatch'; payout: number; hashOk: boolean } | { kind: 'error'; text: string };

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

/**
 * "Verify": pick a past round (its seeds filled in once revealed) or paste seeds and a nonce, then
 * recompute and compare with what was recorded.
 */
export function VerifyView({ session, version }: { session: HouseSession; version: number }) {
  const { t, language } = useT();
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

  const pick = (round: HouseRound) => {
    setPicked(round);
    setVerdict(undefined);
    setCheck({
      serverSeed: round.serverSeed ?? '',
      serverSeedHash: round.serverSeedHash,
      clientSeed: round.clientSeed,
      nonce: String(round.nonce),
    });
  };

  const run = (event: FormEvent) => {
    event.preventDefault();
    if (!picked) return;
    try {
      const result = recompute(picked, check);
      const same = canonical(result.outcome) === canonical(picked.outcome);
      const payout = result.game === 'slot' ? result.outcome.totalPayout : result.outcome.payout;
      setVerdict({
        kind: same && result.seedMatchesHash ? 'match' : 'mismatch',
        payout,
        hashOk: result.seedMatchesHash,
      });
    } catch {
      setVerdict({ kind: 'error', text: t('house.verify.badInput') });
    }
  };

  const when = (iso: string) =>
    new Intl.DateTimeFormat(language === 'EN' ? 'en-GB' : 'pt-BR', {
      timeStyle: 'medium',
      dateStyle: 'short',
    }).format(new Date(iso));
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
          className={`verify__verdict verify__verdict--${verdict.kind === 'match' ? 'ok' : 'bad'}`}
          role="status"
          data-testid="verify-verdict"
        >
          {verdict.kind === 'error' ? (
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
