import { useEffect, useId, useState, type FormEvent } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CONTRACT_PRODUCTS,
  DIVIDEND_PERIODS,
  type ContractKind,
  type ContractOfferBody,
  type ContractProduct,
  type ContractStep,
  type ContractView,
  type SettlementView,
} from '@banca/contract';
import { isApiError } from '@/api';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Button, Empty, Spinner } from '@/ui';
import {
  contractAction,
  contractPreviewQuery,
  contractsQuery,
  directAgentsQuery,
  offerContract,
  settlementsQuery,
  type ContractAction,
} from './api';
import { ContractTerms, percent } from './ContractTerms';
import './contracts.css';

/** One editable tier row: the figures as typed (reais and percentages), converted on submit. */
interface TierDraft {
  validBet: string;
  netLoss: string;
  activeMembers: string;
  rateType: 'PERCENT' | 'FIXED';
  rate: string;
}
const EMPTY_TIER: TierDraft = {
  validBet: '0',
  netLoss: '0',
  activeMembers: '0',
  rateType: 'PERCENT',
  rate: '1',
};

/** "12,50" or "12.50" -> 1250 (minor units / basis points); NaN when not a number. */
const hundredths = (s: string) => Math.round(Number(s.replace(',', '.')) * 100);

function toBody(
  kind: ContractKind,
  downlineId: number,
  product: ContractProduct,
  period: string,
  tiers: TierDraft[],
) {
  if (kind === 'DIVIDEND')
    return {
      kind,
      downlineId,
      product,
      period: period as (typeof DIVIDEND_PERIODS)[number],
      tiers: tiers.map((t) => ({
        validBet: hundredths(t.validBet),
        netLoss: hundredths(t.netLoss),
        activeMembers: Number(t.activeMembers),
        rateBp: hundredths(t.rate),
      })),
    } satisfies ContractOfferBody;
  if (kind === 'REALTIME')
    return {
      kind,
      downlineId,
      product,
      period: 'RT',
      tiers: tiers.map((t) => ({
        minBet: hundredths(t.validBet),
        profitRateBp: hundredths(t.rate),
        lossRateBp: hundredths(t.netLoss),
      })),
    } satisfies ContractOfferBody;
  const salaryTiers = tiers.map((t) => ({
    validBet: hundredths(t.validBet),
    activeMembers: Number(t.activeMembers),
    rateType: t.rateType,
    rate: hundredths(t.rate),
  }));
  return kind === 'DAILY'
    ? ({ kind, downlineId, product, period: 'D', tiers: salaryTiers } satisfies ContractOfferBody)
    : ({ kind, downlineId, product, period: 'HOUR', tiers: salaryTiers } satisfies ContractOfferBody);
}

/** The body when every field is a number, else null (no preview, and submit says what is wrong). */
function validBody(body: ContractOfferBody, tiers: TierDraft[]): ContractOfferBody | null {
  if (!body.downlineId || JSON.stringify(body).includes('null')) return null;
  return tiers.some((x) => Number.isNaN(hundredths(x.rate))) ? null : body;
}

/** `value` once it stopped changing for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

const dateTime = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language === 'PT' ? 'pt-BR' : 'en-GB', {
    day: '2-digit',
    month: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });

/** The offer form's "last period" preview: the offered tiers over the downline's last period. */
function OfferPreview({ body, account }: { body: ContractOfferBody | null; account: string | undefined }) {
  const { t, language } = useT();
  const memberId = useUi((s) => s.memberInfo?.id);
  const settledBody = useSettled(body, 400);
  const q = useQuery({ ...contractPreviewQuery(memberId, settledBody), placeholderData: keepPreviousData });
  const money = (n: number) => formatMinorUnits(n, language);
  const p = body === null ? undefined : q.data;
  return (
    <section className="contract-preview" aria-live="polite" data-testid="contract-preview">
      <h4 className="contract-preview__title">{t('contracts.previewTitle')}</h4>
      {body === null ? (
        <p className="field__hint">{t('contracts.previewChoose')}</p>
      ) : q.isError ? (
        <p className="form__alert">
          {t('contracts.previewError', { message: isApiError(q.error) ? q.error.message : String(q.error) })}
        </p>
      ) : !p ? (
        <Spinner />
      ) : (
        <>
          <p className="field__hint">
            {account} ·{' '}
            {t('contracts.previewRange', { from: dateTime(p.from, language), to: dateTime(p.to, language) })}
            {p.kind === 'REALTIME' && <> · {t('contracts.previewRealtime')}</>}
          </p>
          <dl className="contract-preview__figures">
            <div>
              <dt>{t('contracts.teamValidBet')}</dt>
              <dd>{money(p.teamValidBet)}</dd>
            </div>
            <div>
              <dt>{t('contracts.periodPnl')}</dt>
              <dd>{money(p.teamPnl)}</dd>
            </div>
            <div>
              <dt>{t('contracts.activeMembers')}</dt>
              <dd>{p.activeMembers}</dd>
            </div>
            <div>
              <dt>{t('contracts.rounds')}</dt>
              <dd>{p.rounds}</dd>
            </div>
            <div>
              <dt>{t('contracts.tierMet')}</dt>
              <dd>{p.tier === null ? t('contracts.noTier') : p.tier + 1}</dd>
            </div>
            <div>
              <dt>{t('contracts.rate')}</dt>
              <dd>{p.tier === null ? '—' : rateText(p, language, money)}</dd>
            </div>
            <div className="contract-preview__amount">
              <dt>{t('contracts.previewAmount')}</dt>
              <dd data-testid="contract-preview-amount">{money(p.amount)}</dd>
            </div>
          </dl>
          <p className="field__hint">{t('contracts.previewNote')}</p>
        </>
      )}
    </section>
  );
}

/** A settlement's or preview's rate: percentage, fixed amount, or real-time profit / loss rates. */
function rateText(
  s: Pick<SettlementView, 'rateType' | 'rate' | 'lossRate'>,
  language: string,
  money: (n: number) => string,
): string {
  if (s.lossRate !== null) return `${percent(s.rate, language)} / ${percent(s.lossRate, language)}`;
  return s.rateType === 'FIXED' ? money(s.rate) : percent(s.rate, language);
}

function OfferForm({ kind }: { kind: ContractKind }) {
  const { t } = useT();
  const base = useId();
  const memberId = useUi((s) => s.memberInfo?.id);
  const queryClient = useQueryClient();
  const agents = useQuery(directAgentsQuery(memberId));
  const [downline, setDownline] = useState('');
  const [product, setProduct] = useState<ContractProduct>('CONS');
  const [period, setPeriod] = useState<string>('W');
  const [tiers, setTiers] = useState<TierDraft[]>([EMPTY_TIER]);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const offer = useMutation({
    mutationFn: offerContract,
    onSuccess: (c) => {
      setMessage({ ok: true, text: t('contracts.offered', { account: c.downline.account }) });
      void queryClient.invalidateQueries({ queryKey: ['contracts'] });
    },
    onError: (err) => setMessage({ ok: false, text: isApiError(err) ? err.message : String(err) }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setMessage(null);
    const id = Number(downline);
    const body = toBody(kind, id, product, period, tiers);
    const bad =
      !id || JSON.stringify(body).includes('null') || tiers.some((x) => Number.isNaN(hundredths(x.rate)));
    if (bad) {
      setMessage({ ok: false, text: t('contracts.formInvalid') });
      return;
    }
    offer.mutate(body);
  };
  const set = (i: number, patch: Partial<TierDraft>) =>
    setTiers((all) => all.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  const previewBody = validBody(toBody(kind, Number(downline), product, period, tiers), tiers);
  const downlineAccount = agents.data?.items.find((a) => String(a.memberId) === downline)?.account;
  const dividend = kind === 'DIVIDEND';
  const realtime = kind === 'REALTIME';
  return (
    <form className="agent-panel contract-offer" onSubmit={submit} noValidate aria-labelledby={`${base}-t`}>
      <h3 id={`${base}-t`} className="agent-panel__title">
        {t('contracts.offerTitle')}
      </h3>
      <div className="contract-offer__row">
        <label className="field">
          <span className="field__label">{t('contracts.downline')}</span>
          <select value={downline} onChange={(e) => setDownline(e.target.value)} required>
            <option value="">{t('contracts.chooseDownline')}</option>
            {agents.data?.items.map((a) => (
              <option key={a.memberId} value={a.memberId}>
                {a.account}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('contracts.product')}</span>
          <select value={product} onChange={(e) => setProduct(e.target.value as ContractProduct)}>
            {CONTRACT_PRODUCTS.map((p) => (
              <option key={p} value={p}>
                {t(`contracts.products.${p}`)}
              </option>
            ))}
          </select>
        </label>
        {dividend && (
          <label className="field">
            <span className="field__label">{t('contracts.period')}</span>
            <select value={period} onChange={(e) => setPeriod(e.target.value)}>
              {DIVIDEND_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {t(`contracts.periods.${p}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <fieldset className="contract-offer__tiers">
        <legend className="field__label">{t('contracts.tiers')}</legend>
        {tiers.map((tier, i) => (
          <div key={i} className="contract-offer__tier">
            <span className="contract-offer__n">{i + 1}</span>
            <label className="field">
              <span className="field__label">
                {realtime
                  ? t('contracts.minBet')
                  : dividend
                    ? t('contracts.periodValidBet')
                    : kind === 'HOURLY'
                      ? t('contracts.hourlyBetAmount')
                      : t('contracts.dailyBetAmount')}
              </span>
              <input
                type="text"
                inputMode="decimal"
                value={tier.validBet}
                onChange={(e) => set(i, { validBet: e.target.value })}
              />
            </label>
            {(dividend || realtime) && (
              <label className="field">
                <span className="field__label">
                  {realtime ? t('contracts.lossRate') : t('contracts.netLoss')}
                </span>
                <input
                  type="text"
                  inputMode="decimal"
                  value={tier.netLoss}
                  onChange={(e) => set(i, { netLoss: e.target.value })}
                />
              </label>
            )}
            {!realtime && (
              <label className="field">
                <span className="field__label">{t('contracts.activeMembers')}</span>
                <input
                  type="text"
                  inputMode="numeric"
                  value={tier.activeMembers}
                  onChange={(e) => set(i, { activeMembers: e.target.value })}
                />
              </label>
            )}
            {!dividend && !realtime && (
              <label className="field">
                <span className="field__label">{t('contracts.rateType')}</span>
                <select
                  value={tier.rateType}
                  onChange={(e) => set(i, { rateType: e.target.value as TierDraft['rateType'] })}
                >
                  <option value="PERCENT">{t('contracts.rateTypes.PERCENT')}</option>
                  <option value="FIXED">{t('contracts.rateTypes.FIXED')}</option>
                </select>
              </label>
            )}
            <label className="field">
              <span className="field__label">
                {realtime ? t('contracts.profitRate') : t('contracts.rate')}
              </span>
              <input
                type="text"
                inputMode="decimal"
                value={tier.rate}
                onChange={(e) => set(i, { rate: e.target.value })}
              />
            </label>
            {tiers.length > 1 && (
              <Button
                size="sm"
                variant="outline"
                onClick={() => setTiers((all) => all.filter((_, j) => j !== i))}
              >
                {t('contracts.removeTier')}
              </Button>
            )}
          </div>
        ))}
        {tiers.length < 10 && (
          <Button size="sm" variant="secondary" onClick={() => setTiers((all) => [...all, EMPTY_TIER])}>
            {t('contracts.addTier')}
          </Button>
        )}
      </fieldset>
      <p className="field__hint">{t('contracts.unitsHint')}</p>
      <OfferPreview body={previewBody} account={downlineAccount} />
      {message && (
        <p className={message.ok ? 'form__success' : 'form__alert'} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      )}
      <Button type="submit" disabled={offer.isPending}>
        {t('contracts.sendOffer')}
      </Button>
    </form>
  );
}

const ACTIONS: Record<string, { upline: ContractAction[]; downline: ContractAction[] }> = {
  offered: { upline: ['terminate'], downline: ['accept', 'reject'] },
  active: { upline: ['terminate'], downline: ['terminate'] },
  termination_requested: { upline: ['confirm', 'keep'], downline: ['confirm', 'keep'] },
};

/** The contract's status history (agent_contract_status_history), folded under its terms. */
function ContractHistory({ steps }: { steps: ContractStep[] }) {
  const { t, language } = useT();
  const when = dateTimeFormat(language);
  if (steps.length === 0) return null;
  return (
    <details className="contract-history">
      <summary>{t('contracts.history', { count: steps.length })}</summary>
      <ol data-testid="contract-history">
        {steps.map((h, i) => (
          <li key={i}>
            <span className="contract-history__at">
              {h.at ? when.format(new Date(h.at)) : t('contracts.historyNotRecorded')}
            </span>{' '}
            {t(`contracts.statuses.${h.status}`)} · {t(`contracts.historyBy.${h.by}`)}
            {h.reason && (ENDED_REASONS as readonly string[]).includes(h.reason) && (
              <> · {t(`contracts.endedReasons.${h.reason as (typeof ENDED_REASONS)[number]}`)}</>
            )}
          </li>
        ))}
      </ol>
    </details>
  );
}

function ContractRow({ c }: { c: ContractView & { history: ContractStep[] } }) {
  const { t } = useT();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const act = useMutation({
    mutationFn: (a: ContractAction) => contractAction(a, c.id, a === 'accept' ? true : undefined),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['contracts'] }),
    onError: (err) => setError(err.message),
  });
  let actions = ACTIONS[c.status]?.[c.role] ?? [];
  // Who asked to terminate waits for the other side.
  if (c.status === 'termination_requested' && c.terminationRequestedBy === c.role) actions = [];
  const other = c.role === 'upline' ? c.downline.account : c.upline.account;
  return (
    <li className="contract-card">
      <div className="contract-card__head">
        <strong>{other}</strong>
        <span className={`contract-status contract-status--${c.status}`}>
          {t(`contracts.statuses.${c.status}`)}
        </span>
      </div>
      <p className="contract-card__meta">
        {t(`contracts.roles.${c.role}`)} · {t(`contracts.products.${c.product}`)} ·{' '}
        {t(`contracts.periods.${c.period}`)}
        {c.endedReason && (ENDED_REASONS as readonly string[]).includes(c.endedReason) && (
          <> · {t(`contracts.endedReasons.${c.endedReason as (typeof ENDED_REASONS)[number]}`)}</>
        )}
      </p>
      <ContractTerms contract={c} />
      <ContractHistory steps={c.history} />
      {actions.length > 0 && (
        <div className="contract-card__actions">
          {actions.map((a) => (
            <Button
              key={a}
              size="sm"
              variant={a === 'accept' || a === 'confirm' ? 'primary' : 'outline'}
              onClick={() => act.mutate(a)}
              disabled={act.isPending}
            >
              {t(`contracts.actions.${a}`)}
            </Button>
          ))}
        </div>
      )}
      {error && (
        <p className="form__alert" role="alert">
          {error}
        </p>
      )}
    </li>
  );
}

/** Why a contract ended (ended_by_operator: the back office ended it). */
const ENDED_REASONS = [
  'offer_withdrawn',
  'upline_rate_lowered',
  'terminated_by_upline',
  'terminated_by_downline',
  'ended_by_operator',
] as const;

const csvCell = (v: string | number) =>
  /[",\n;]/.test(String(v)) ? `"${String(v).replace(/"/g, '""')}"` : String(v);

function downloadCsv(kind: ContractKind, rows: SettlementView[]) {
  const head = [
    'id',
    'contract',
    'role',
    'upline',
    'downline',
    'period',
    'from',
    'to',
    'tier',
    'teamValidBet',
    'teamPnl',
    'activeMembers',
    'rounds',
    'wonBet',
    'rateType',
    'rate',
    'lossRate',
    'amount',
    'paid',
    'debt',
    'payer',
    'createdAt',
  ];
  const lines = rows.map((s) =>
    [
      s.id,
      s.contractId,
      s.role,
      s.upline.account,
      s.downline.account,
      s.period,
      s.from,
      s.to,
      s.tier === null ? '' : s.tier + 1,
      s.teamValidBet,
      s.teamPnl,
      s.activeMembers,
      s.rounds,
      s.wonBet ?? '',
      s.rateType,
      s.rate,
      s.lossRate ?? '',
      s.amount,
      s.paid,
      s.debt,
      s.payer,
      s.createdAt,
    ]
      .map(csvCell)
      .join(','),
  );
  const blob = new Blob([[head.join(','), ...lines].join('\n')], { type: 'text/csv' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `settlements-${kind.toLowerCase()}.csv`;
  a.click();
  URL.revokeObjectURL(a.href);
}

function Settlements({ kind }: { kind: ContractKind }) {
  const { t, language } = useT();
  const memberId = useUi((s) => s.memberInfo?.id);
  const q = useQuery(settlementsQuery(memberId, kind));
  const money = (n: number) => formatMinorUnits(n, language);
  const rows = q.data?.list ?? [];
  // Hours and 5-minute periods read better as their local times than as keys.
  const short = kind === 'HOURLY' || kind === 'REALTIME';
  return (
    <section className="agent-panel" aria-labelledby="contract-settlements">
      <div className="contract-section__head">
        <h3 id="contract-settlements" className="agent-panel__title">
          {t('contracts.settlements')}
        </h3>
        <Button
          size="sm"
          variant="outline"
          onClick={() => downloadCsv(kind, rows)}
          disabled={rows.length === 0}
        >
          {t('contracts.csv')}
        </Button>
      </div>
      {q.isPending ? (
        <Spinner />
      ) : rows.length === 0 ? (
        <Empty title={t('contracts.noSettlements')} />
      ) : (
        <div className="contract-settlements">
          <table className="contract-terms">
            <caption className="visually-hidden">{t('contracts.settlements')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('contracts.periodCol')}</th>
                <th scope="col">{t('contracts.parties')}</th>
                <th scope="col">{t('contracts.tierMet')}</th>
                <th scope="col">{t('contracts.teamValidBet')}</th>
                <th scope="col">{t('contracts.periodPnl')}</th>
                <th scope="col">{t('contracts.activeMembers')}</th>
                <th scope="col">{t('contracts.rounds')}</th>
                {kind === 'REALTIME' && <th scope="col">{t('contracts.wonBet')}</th>}
                <th scope="col">
                  {kind === 'REALTIME'
                    ? `${t('contracts.profitRate')} / ${t('contracts.lossRate')}`
                    : t('contracts.rate')}
                </th>
                <th scope="col">{t('contracts.amount')}</th>
                <th scope="col">{t('contracts.paid')}</th>
                <th scope="col">{t('contracts.debt')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((s) => (
                <tr key={s.id} data-testid="settlement-row">
                  <td>{short ? `${dateTime(s.from, language)} – ${dateTime(s.to, language)}` : s.period}</td>
                  <td>
                    {s.upline.account} → {s.downline.account}
                  </td>
                  <td>{s.tier === null ? t('contracts.noTier') : s.tier + 1}</td>
                  <td>{money(s.teamValidBet)}</td>
                  <td>{money(s.teamPnl)}</td>
                  <td>{s.activeMembers}</td>
                  <td>{s.rounds}</td>
                  {kind === 'REALTIME' && <td>{money(s.wonBet ?? 0)}</td>}
                  <td>{rateText(s, language, money)}</td>
                  <td>{money(s.amount)}</td>
                  <td>{money(s.paid)}</td>
                  <td>{money(s.debt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** One contract page of the agent centre (dividend, daily wage, hourly or real-time salary). */
export default function ContractPage({ kind }: { kind: ContractKind }) {
  const { t } = useT();
  const memberId = useUi((s) => s.memberInfo?.id);
  const list = useQuery(contractsQuery(memberId, kind));
  const contracts = list.data?.list ?? [];
  return (
    <div className="contract-page">
      {(['upline', 'downline'] as const).map((role) => {
        const mine = contracts.filter((c) => c.role === role);
        return (
          <section key={role} className="agent-panel" aria-label={t(`contracts.as.${role}`)}>
            <h3 className="agent-panel__title">{t(`contracts.as.${role}`)}</h3>
            {list.isPending ? (
              <Spinner />
            ) : mine.length === 0 ? (
              <Empty title={t('contracts.none')} />
            ) : (
              <ul className="contract-list">
                {mine.map((c) => (
                  <ContractRow key={c.id} c={c} />
                ))}
              </ul>
            )}
          </section>
        );
      })}
      <Settlements kind={kind} />
      <OfferForm kind={kind} />
    </div>
  );
}
