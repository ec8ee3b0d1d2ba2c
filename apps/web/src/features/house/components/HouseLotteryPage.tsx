import { useMemo, useState } from 'react';
import { LOTTERY_TABLES, verifyDraw, type LotteryTable } from '@banca/house-games';
import { lotteryCalls } from '@banca/contract/routes';
import { useT } from '@/i18n';
import { Button, Empty, Tabs, tabPanelProps } from '@/ui';
import { formatMinorUnits } from '@/lib/money';
// By its own path: the forms layer's barrel would bring react-hook-form and zod to the lottery.
import { useMoneyMutation } from '@/ui/form/useMoneyMutation';
import { HouseFrame } from './HouseFrame';
import { houseCall, useHouseSession, type HouseSession } from '../session';
import { marketLabel, oddsText, selectionLabel } from '../lottery/lottery-labels';
import { useLottery, useServerNow, type LotteryState, type LotteryTicket } from '../lottery/useLottery';
import './lottery.css';

/**
 * /house/lottery: the house vendor's lottery (LOTT, TCG_LOTTO_VN, TCG_SEA), opened by the lottery
 * pages' launch. Betting view: the running period with its countdown, the game's bet table, the
 * ticket slip; lobby view (lottoView=lobby): recent results with their revealed seeds and a "verify"
 * that recomputes the opened numbers here, in the browser, with the same code the server drew with.
 */
export default function HouseLotteryPage() {
  const state = useHouseSession();
  const [balance, setBalance] = useState<number | undefined>();
  const { t } = useT();
  return (
    <HouseFrame state={state} title={t('lottery.page.frameTitle')} balance={balance}>
      {(session) => <Lottery session={session} onBalance={setBalance} />}
    </HouseFrame>
  );
}

type View = 'betting' | 'lobby';

function Lottery({ session, onBalance }: { session: HouseSession; onBalance: (b: number) => void }) {
  const { t } = useT();
  const { state, tickets, offset, refresh } = useLottery(session);
  const [view, setView] = useState<View>(session.lotto?.lottoView === 'lobby' ? 'lobby' : 'betting');
  const table = useMemo(
    () => (state ? LOTTERY_TABLES.find((x) => x.code === state.game.tableCode) : undefined),
    [state],
  );
  if (!state || !table)
    return (
      <p role="status" className="lotto__muted">
        {t('lottery.page.launching')}
      </p>
    );
  return (
    <div className="lotto">
      <h2 className="lotto__game">{state.game.name}</h2>
      <PeriodBar state={state} offset={offset} />
      <Tabs
        items={[
          { value: 'betting', label: t('lottery.betting') },
          { value: 'lobby', label: t('lottery.lobby') },
        ]}
        value={view}
        onChange={setView}
        label={t('lottery.viewsLabel')}
        idBase="lotto"
        variant="line"
      />
      <div {...tabPanelProps('lotto', view)} className="lotto__panel">
        {view === 'betting' ? (
          <Betting
            session={session}
            table={table}
            state={state}
            onBought={(balance) => {
              onBalance(balance);
              void refresh();
            }}
          />
        ) : (
          <Results state={state} table={table} />
        )}
      </div>
      <Tickets tickets={tickets} currency={session.currency} />
    </div>
  );
}

const clock = (ms: number): string => {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
};

function PeriodBar({ state, offset }: { state: LotteryState; offset: number }) {
  const { t } = useT();
  const now = useServerNow(offset);
  const closesAt = Date.parse(state.current.closesAt);
  const drawAt = Date.parse(state.current.drawAt);
  const open = now < closesAt && state.current.state !== 'upcoming';
  return (
    <section className="lotto__period" aria-label={t('lottery.period', { id: state.current.periodId })}>
      <p className="lotto__period-id">{t('lottery.period', { id: state.current.periodId })}</p>
      <p className="lotto__countdown">
        <span className="lotto__muted">{open ? t('lottery.closesIn') : t('lottery.drawIn')}</span>{' '}
        <strong className="lotto__clock">{clock((open ? closesAt : drawAt) - now)}</strong>
      </p>
      {!open && <p className="lotto__muted">{t('lottery.closed')}</p>}
      <p className="lotto__hash">
        <span className="lotto__muted">{t('lottery.seedHash')}</span>
        <code>{state.current.seedHash}</code>
      </p>
    </section>
  );
}

interface Pick {
  market: string;
  selection: string;
  odds: number;
}

function Betting({
  session,
  table,
  state,
  onBought,
}: {
  session: HouseSession;
  table: LotteryTable;
  state: LotteryState;
  onBought: (balance: number) => void;
}) {
  const { t, language } = useT();
  const [picks, setPicks] = useState<Pick[]>([]);
  const [stake, setStake] = useState(String(table.minStake / 100));
  const [message, setMessage] = useState<{ kind: 'ok' | 'error'; text: string } | undefined>();
  // One request id per slip: a retry of the same purchase (a lost answer) buys nothing twice; a
  // changed slip or stake is a new purchase.
  const purchase = useMoneyMutation({
    send: (_: void, requestId) =>
      houseCall(lotteryCalls.houseBuy, session, {
        requestId,
        periodId: state.current.periodId,
        bets: picks.map((p) => ({ market: p.market, selection: p.selection, stake: stakeMinor })),
      }),
    renew: 'definitive',
    onSuccess: (result) => {
      setMessage({ kind: 'ok', text: t('lottery.bought', { id: result.ticket.periodId }) });
      setPicks([]);
      onBought(result.balance);
    },
    onError: (_, mapped) => setMessage({ kind: 'error', text: mapped.alert ?? t('unknown_error') }),
  });
  const busy = purchase.isPending;
  const stakeMinor = Math.round(Number(stake.replace(',', '.')) * 100);
  const stakeValid =
    Number.isFinite(stakeMinor) && stakeMinor >= table.minStake && stakeMinor <= table.maxStake;
  const money = (minor: number) => formatMinorUnits(minor, language);
  const buyDisabled = busy || picks.length === 0 || !stakeValid || state.current.state !== 'open';
  const toggle = (pick: Pick) => {
    setMessage(undefined);
    purchase.newAttempt();
    setPicks((all) =>
      all.some((p) => p.market === pick.market && p.selection === pick.selection)
        ? all.filter((p) => !(p.market === pick.market && p.selection === pick.selection))
        : [...all, pick].slice(0, 20),
    );
  };
  const buy = () => {
    setMessage(undefined);
    purchase.mutate();
  };
  return (
    <div className="lotto__betting">
      <div className="lotto__markets" role="group" aria-label={t('lottery.marketsLabel')}>
        {table.markets.map((market) => (
          <fieldset key={market.code} className="lotto__market">
            <legend>{marketLabel(t, market.code)}</legend>
            <div className="lotto__chips">
              {market.selections.map((s) => {
                const on = picks.some((p) => p.market === market.code && p.selection === s.code);
                return (
                  <button
                    key={s.code}
                    type="button"
                    className="lotto__chip"
                    aria-pressed={on}
                    onClick={() => toggle({ market: market.code, selection: s.code, odds: s.odds })}
                  >
                    <span>{selectionLabel(t, s.code)}</span>
                    <small aria-label={t('lottery.odds', { odds: oddsText(s.odds) })}>
                      {oddsText(s.odds)}
                    </small>
                  </button>
                );
              })}
            </div>
          </fieldset>
        ))}
      </div>
      {/* Phones: the slip is far below the picks, so a bar at the screen's foot keeps the total and
          the buy button in reach; it comes to rest just above the slip. */}
      {(picks.length > 0 || message) && (
        <div className="lotto__bar" role="region" aria-label={t('lottery.summary')}>
          <p className="lotto__bar-text">
            {message ? (
              <span className={message.kind === 'error' ? 'lotto__error' : 'lotto__ok'}>{message.text}</span>
            ) : (
              <>
                <span>{t('lottery.picksCount', { count: picks.length })}</span>
                <strong>
                  {t('lottery.total')} {session.currency} {money(stakeValid ? stakeMinor * picks.length : 0)}
                </strong>
              </>
            )}
          </p>
          {picks.length > 0 && (
            <Button busy={busy} disabled={buyDisabled} onClick={buy}>
              {t('lottery.buy')}
            </Button>
          )}
        </div>
      )}
      <aside className="lotto__slip" aria-labelledby="lotto-slip-title">
        <h3 id="lotto-slip-title">{t('lottery.slip')}</h3>
        {picks.length === 0 ? (
          <p className="lotto__muted">{t('lottery.slipEmpty')}</p>
        ) : (
          <ul className="lotto__slip-list">
            {picks.map((p) => {
              const name = `${marketLabel(t, p.market)}: ${selectionLabel(t, p.selection)}`;
              return (
                <li key={`${p.market}:${p.selection}`}>
                  <span>
                    {name} <small className="lotto__muted">@{oddsText(p.odds)}</small>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    icon="close"
                    label={t('lottery.remove', { name })}
                    onClick={() => toggle(p)}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <label className="lotto__stake">
          <span>{t('lottery.stake')}</span>
          <input
            inputMode="decimal"
            value={stake}
            onChange={(e) => {
              setStake(e.target.value);
              purchase.newAttempt();
            }}
            aria-invalid={!stakeValid}
            aria-describedby="lotto-stake-hint"
          />
          <small id="lotto-stake-hint" className="lotto__muted">
            {t('lottery.stakeHint', { min: money(table.minStake), max: money(table.maxStake) })}
          </small>
        </label>
        <p className="lotto__total">
          {t('lottery.total')}{' '}
          <strong>
            {session.currency} {money(stakeValid ? stakeMinor * picks.length : 0)}
          </strong>
        </p>
        <Button block busy={busy} disabled={buyDisabled} onClick={buy}>
          {t('lottery.buy')}
        </Button>
        <p role="status" className={message?.kind === 'error' ? 'lotto__error' : 'lotto__ok'}>
          {message?.text}
        </p>
      </aside>
    </div>
  );
}

function Digits({ digits, label }: { digits: number[]; label: string }) {
  return (
    <ol className="lotto__digits" aria-label={label}>
      {digits.map((d, i) => (
        <li key={i} className="lotto__ball">
          {d}
        </li>
      ))}
    </ol>
  );
}

function Results({ state, table }: { state: LotteryState; table: LotteryTable }) {
  const { t } = useT();
  const [checked, setChecked] = useState<Record<string, boolean>>({});
  if (state.recent.length === 0) return <Empty title={t('lottery.noResults')} icon="ticket" />;
  return (
    <section aria-labelledby="lotto-recent">
      <h3 id="lotto-recent">{t('lottery.recent')}</h3>
      <ul className="lotto__results">
        {state.recent.map((r) => {
          const verdict = checked[r.periodId];
          const verify = () => {
            const result = verifyDraw({
              table,
              periodId: r.periodId,
              serverSeed: r.serverSeed,
              serverSeedHash: r.seedHash,
            });
            setChecked((c) => ({
              ...c,
              [r.periodId]: result.seedMatchesHash && result.digits.join() === r.digits.join(),
            }));
          };
          return (
            <li key={r.periodId} className="lotto__result">
              <div className="lotto__result-head">
                <strong>{t('lottery.period', { id: r.periodId })}</strong>
                <Digits digits={r.digits} label={t('lottery.opened', { id: r.periodId })} />
                <Button size="sm" variant="outline" onClick={verify}>
                  {t('lottery.verify')}
                </Button>
              </div>
              <p className="lotto__hash">
                <span className="lotto__muted">{t('lottery.seedHash')}</span>
                <code>{r.seedHash}</code>
              </p>
              <p className="lotto__hash">
                <span className="lotto__muted">{t('lottery.serverSeed')}</span>
                <code>{r.serverSeed}</code>
              </p>
              {verdict !== undefined && (
                <p role="status" className={verdict ? 'lotto__ok' : 'lotto__error'}>
                  {verdict ? t('lottery.verified', { digits: r.digits.join(' ') }) : t('lottery.notVerified')}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Tickets({ tickets, currency }: { tickets: LotteryTicket[]; currency: string }) {
  const { t, language } = useT();
  return (
    <section className="lotto__tickets" aria-labelledby="lotto-tickets">
      <h3 id="lotto-tickets">{t('lottery.myTickets')}</h3>
      {tickets.length === 0 ? (
        <p className="lotto__muted">{t('lottery.noTickets')}</p>
      ) : (
        <ul className="lotto__ticket-list">
          {tickets.map((ticket) => (
            <li key={ticket.ticketId} className={`lotto__ticket lotto__ticket--${ticket.status}`}>
              <div className="lotto__ticket-head">
                <strong>{t('lottery.period', { id: ticket.periodId })}</strong>
                <span className="lotto__status">{t(`lottery.status.${ticket.status}`)}</span>
              </div>
              <ul className="lotto__ticket-bets">
                {ticket.bets.map((b, i) => (
                  <li key={i}>
                    {marketLabel(t, b.market)}: {selectionLabel(t, b.selection)} · {currency}{' '}
                    {formatMinorUnits(b.stake, language)} @{oddsText(b.odds)}
                  </li>
                ))}
              </ul>
              {ticket.digits && (
                <Digits digits={ticket.digits} label={t('lottery.opened', { id: ticket.periodId })} />
              )}
              {ticket.totalPayout !== null && (
                <p>
                  {t('lottery.win')}:{' '}
                  <strong>
                    {currency} {formatMinorUnits(ticket.totalPayout, language)}
                  </strong>
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
