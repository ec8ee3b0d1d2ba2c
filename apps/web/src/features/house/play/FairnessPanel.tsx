import { useEffect, useState, type FormEvent } from 'react';
import { houseCalls, type EntryValue } from '@banca/contract/routes';
import { useT } from '@/i18n';
import { Button } from '@/ui';
import { houseCall, type HouseSession } from '../session';
import { errorText } from './play-api';

type Fairness = EntryValue<typeof houseCalls.fairness>;
type Revealed = EntryValue<typeof houseCalls.rotateSeed>['revealed'];

/**
 * The player's provably fair state: the current server seed's hash (shown before play), the client
 * seed (editable), the next nonce, and rotation, which reveals the seed just retired.
 * `version` changes after every round so the nonce shown is current.
 */
export function FairnessPanel({ session, version }: { session: HouseSession; version: number }) {
  const { t } = useT();
  const [state, setState] = useState<Fairness>();
  const [clientSeed, setClientSeed] = useState('');
  const [revealed, setRevealed] = useState<Revealed>();
  const [note, setNote] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    houseCall(houseCalls.fairness, session, {}).then(
      (value) => {
        if (!live) return;
        setState(value);
        setClientSeed(value.clientSeed);
      },
      (error: unknown) => live && setNote(errorText(error)),
    );
    return () => {
      live = false;
    };
  }, [session, version]);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      setState(await houseCall(houseCalls.setClientSeed, session, { clientSeed }));
      setNote(t('house.fair.saved'));
    } catch (error) {
      setNote(errorText(error));
    } finally {
      setBusy(false);
    }
  };
  const rotate = async () => {
    setBusy(true);
    try {
      const value = await houseCall(houseCalls.rotateSeed, session, {});
      setRevealed(value.revealed);
      setState(value.current);
      setNote(undefined);
    } catch (error) {
      setNote(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="house-info fair" aria-labelledby="fair-title">
      <h2 id="fair-title">{t('house.fair.title')}</h2>
      <p>{t('house.fair.intro')}</p>
      <dl className="fair__facts">
        <div>
          <dt>{t('house.fair.serverSeedHash')}</dt>
          <dd className="fair__hex" data-testid="server-seed-hash">
            {state?.serverSeedHash ?? '…'}
          </dd>
        </div>
        <div>
          <dt>{t('house.fair.nonce')}</dt>
          <dd>{state?.nextNonce ?? '…'}</dd>
        </div>
      </dl>
      <form className="fair__seed" onSubmit={(e) => void save(e)}>
        <label className="house-play__field house-play__field--wide">
          <span>{t('house.fair.clientSeed')}</span>
          <input
            value={clientSeed}
            onChange={(e) => setClientSeed(e.target.value)}
            maxLength={64}
            pattern="[\x20-\x7e]{1,64}"
            required
            spellCheck={false}
          />
        </label>
        <Button type="submit" variant="secondary" disabled={busy || !state}>
          {t('house.fair.saveSeed')}
        </Button>
      </form>
      <Button variant="outline" onClick={() => void rotate()} disabled={busy || !state}>
        {t('house.fair.rotate')}
      </Button>
      {note && (
        <p className="fair__note" role="status">
          {note}
        </p>
      )}
      {revealed && (
        <div className="fair__revealed" role="status">
          <h3>{t('house.fair.revealed')}</h3>
          <dl className="fair__facts">
            <div>
              <dt>{t('house.fair.serverSeed')}</dt>
              <dd className="fair__hex" data-testid="revealed-seed">
                {revealed.serverSeed}
              </dd>
            </div>
            <div>
              <dt>{t('house.fair.serverSeedHash')}</dt>
              <dd className="fair__hex">{revealed.serverSeedHash}</dd>
            </div>
            <div>
              <dt>{t('house.fair.clientSeed')}</dt>
              <dd className="fair__hex">{revealed.clientSeed}</dd>
            </div>
          </dl>
          <p>{t('house.fair.revealedRounds', { count: revealed.rounds })}</p>
        </div>
      )}
    </section>
  );
}
