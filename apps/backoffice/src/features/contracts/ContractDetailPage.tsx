import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { agentContractOpsCalls } from '@banca/contract/routes';
import type {
  ContractTier,
  DividendTier,
  OpsContract,
  OpsContractDetail,
  OpsSettlement,
  RealtimeTier,
  SalaryTier,
} from '@banca/contract';
import { opsCall } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatMoney, formatTime } from '@/ui/format.ts';
import { bestRate, ContractStatusBadge, formatBp, OPEN_STATUSES } from './contract-format.tsx';
import { errorText } from './ContractsPage.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';

/**
 * One contract (issue 24 item 6): its parties, tiers, status history and every settlement with its
 * inputs (tier met, team valid bet, P&L, active members, rate, amount, paid, debt, payer; CSV);
 * "End contract" with a reason for contracts.manage (audited; both agents see it ended).
 */
export function ContractDetailPage() {
  const { t } = useI18n();
  const { can } = useSession();
  const { id = '' } = useParams();
  const [ending, setEnding] = useState(false);
  const [ended, setEnded] = useState(false);
  const query = useQuery({
    queryKey: ['ops', 'contract', id],
    queryFn: () => opsCall<OpsContractDetail>(agentContractOpsCalls.opsContract, { params: { id } }),
  });
  const d = query.data;
  return (
    <section className="page">
      <p>
        <Link to="/contracts">← {t('contracts.back')}</Link>
      </p>
      <div className="row row--between">
        <h1>{t('contracts.detailTitle', { id })}</h1>
        {d && can('contracts.manage') && OPEN_STATUSES.includes(d.contract.status) && (
          <button type="button" className="btn btn--danger" onClick={() => setEnding(true)}>
            {t('contracts.end')}
          </button>
        )}
      </div>
      {ended && <Notice kind="ok">{t('contracts.endedNotice')}</Notice>}
      {query.isError && <Notice kind="error">{errorText(query.error)}</Notice>}
      {d && (
        <>
          <Facts c={d.contract} currency={d.currency} />
          <div className="grid2">
            <Tiers c={d.contract} currency={d.currency} />
            <History detail={d} />
          </div>
          <Settlements rows={d.settlements} currency={d.currency} />
        </>
      )}
      {ending && d && (
        <EndDialog
          contract={d.contract}
          onClose={() => setEnding(false)}
          onDone={() => {
            setEnding(false);
            setEnded(true);
          }}
        />
      )}
    </section>
  );
}

function Facts({ c, currency }: { c: OpsContract; currency: string }) {
  const { t } = useI18n();
  const when = (iso: string | null) => (iso ? formatTime(iso) : t('common.none'));
  return (
    <section className="card stack" aria-labelledby="contract-facts">
      <h2 id="contract-facts" className="sr-only">
        {t('contracts.parties')}
      </h2>
      <dl className="facts">
        <div>
          <dt>{t('contracts.kind')}</dt>
          <dd>{t(`contracts.kinds.${c.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('contracts.product')}</dt>
          <dd>{c.product}</dd>
        </div>
        <div>
          <dt>{t('contracts.period')}</dt>
          <dd>{t(`contracts.periods.${c.period}`)}</dd>
        </div>
        <div>
          <dt>{t('contracts.status')}</dt>
          <dd data-testid="contract-status">
            <ContractStatusBadge status={c.status} />
          </dd>
        </div>
        <div>
          <dt>{t('contracts.upline')}</dt>
          <dd>{c.upline.account}</dd>
        </div>
        <div>
          <dt>{t('contracts.downline')}</dt>
          <dd>{c.downline.account}</dd>
        </div>
        <div>
          <dt>{t('contracts.bestRate')}</dt>
          <dd>{bestRate(c, currency)}</dd>
        </div>
        <div>
          <dt>{t('contracts.paid')}</dt>
          <dd>
            {formatMoney(c.paid, currency)} · {t('contracts.settlementsN', { count: c.settlements })}
          </dd>
        </div>
        <div>
          <dt>{t('contracts.createdAt')}</dt>
          <dd>{when(c.createdAt)}</dd>
        </div>
        <div>
          <dt>{t('contracts.acceptedAt')}</dt>
          <dd>{when(c.acceptedAt)}</dd>
        </div>
        <div>
          <dt>{t('contracts.endedAt')}</dt>
          <dd>{when(c.endedAt)}</dd>
        </div>
        {c.endedReason && (
          <div>
            <dt>{t('contracts.endedReason')}</dt>
            <dd>{reasonText(t, c.endedReason)}</dd>
          </div>
        )}
      </dl>
    </section>
  );
}

type T = ReturnType<typeof useI18n>['t'];
const REASONS = [
  'offer_withdrawn',
  'upline_rate_lowered',
  'terminated_by_upline',
  'terminated_by_downline',
  'ended_by_operator',
] as const;
function reasonText(t: T, reason: string): string {
  return (REASONS as readonly string[]).includes(reason)
    ? t(`contracts.reasons.${reason as (typeof REASONS)[number]}`)
    : reason;
}

function Tiers({ c, currency }: { c: OpsContract; currency: string }) {
  const { t } = useI18n();
  const money = (n: number) => formatMoney(n, currency);
  const head =
    c.kind === 'DIVIDEND'
      ? [
          t('contracts.tierValidBet'),
          t('contracts.tierNetLoss'),
          t('contracts.tierActive'),
          t('contracts.rate'),
        ]
      : c.kind === 'REALTIME'
        ? [t('contracts.tierMinBet'), t('contracts.profitRate'), t('contracts.lossRate')]
        : [t('contracts.tierValidBet'), t('contracts.tierActive'), t('contracts.rate')];
  const cells = (tier: ContractTier): string[] => {
    if (c.kind === 'DIVIDEND') {
      const d = tier as DividendTier;
      return [money(d.validBet), money(d.netLoss), String(d.activeMembers), formatBp(d.rateBp)];
    }
    if (c.kind === 'REALTIME') {
      const r = tier as RealtimeTier;
      return [money(r.minBet), formatBp(r.profitRateBp), formatBp(r.lossRateBp)];
    }
    const s = tier as SalaryTier;
    return [
      money(s.validBet),
      String(s.activeMembers),
      s.rateType === 'FIXED' ? money(s.rate) : formatBp(s.rate),
    ];
  };
  return (
    <section className="card stack" aria-labelledby="contract-tiers">
      <h2 id="contract-tiers">{t('contracts.tiers')}</h2>
      <div className="datatable__scroll">
        <table>
          <caption className="sr-only">{t('contracts.tiers')}</caption>
          <thead>
            <tr>
              <th scope="col">#</th>
              {head.map((h) => (
                <th scope="col" key={h} className="num">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {c.tiers.map((tier, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                {cells(tier).map((v, j) => (
                  <td key={j} className="num">
                    {v}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** The contract's status history (agent_contract_status_history), oldest first: from which status,
 *  to which, when, who acted (the party's account, or the operator's id) and why. */
function History({ detail }: { detail: OpsContractDetail }) {
  const { t } = useI18n();
  const c = detail.contract;
  const who = (h: OpsContractDetail['history'][number]) => {
    if (h.by === 'upline') return `${t('contracts.by.upline')} ${c.upline.account}`;
    if (h.by === 'downline') return `${t('contracts.by.downline')} ${c.downline.account}`;
    if (h.by === 'operator')
      return h.operatorId === null
        ? t('contracts.by.operator')
        : t('contractHistory.operatorN', { id: h.operatorId });
    return t('contracts.by.system');
  };
  // An operator's end: the reason the parties see, then the operator's own words.
  const why = (h: OpsContractDetail['history'][number]) =>
    h.by === 'operator' && h.reason
      ? `${t('contracts.reasons.ended_by_operator')}: ${h.reason}`
      : reasonText(t, h.reason ?? '');
  return (
    <section className="card stack" aria-labelledby="contract-history">
      <h2 id="contract-history">{t('contracts.history')}</h2>
      <ol className="stack-tight" data-testid="contract-history">
        {detail.history.map((h, i) => (
          <li key={i}>
            {h.from && (
              <>
                <ContractStatusBadge status={h.from} /> →{' '}
              </>
            )}
            <ContractStatusBadge status={h.status} />{' '}
            <span className="small">
              {h.at ? formatTime(h.at) : t('contractHistory.notRecorded')} · {who(h)}
              {h.reason ? ` · ${why(h)}` : ''}
            </span>
          </li>
        ))}
      </ol>
      {c.endedReason === 'ended_by_operator' && (
        <p className="small">
          <Link to={`/audit?subjectType=agent_contract&subjectId=${c.id}`}>{t('contracts.seeAudit')}</Link>
        </p>
      )}
    </section>
  );
}

function Settlements({ rows, currency }: { rows: OpsSettlement[]; currency: string }) {
  const { t } = useI18n();
  const money = (n: number) => formatMoney(n, currency);
  const columns: DataColumn<OpsSettlement>[] = [
    {
      id: 'period',
      header: t('contracts.periodKey'),
      value: (s) => s.period,
      cell: (s) => <code className="nowrap">{s.period}</code>,
    },
    {
      id: 'tier',
      header: t('contracts.tierMet'),
      value: (s) => (s.tier === null ? null : s.tier + 1),
      cell: (s) => (s.tier === null ? t('contracts.noTier') : s.tier + 1),
      numeric: true,
    },
    {
      id: 'validBet',
      header: t('contracts.teamValidBet'),
      value: (s) => s.teamValidBet / 100,
      cell: (s) => money(s.teamValidBet),
      numeric: true,
    },
    {
      id: 'pnl',
      header: t('contracts.teamPnl'),
      value: (s) => s.teamPnl / 100,
      cell: (s) => money(s.teamPnl),
      numeric: true,
    },
    {
      id: 'active',
      header: t('contracts.activeMembers'),
      value: (s) => s.activeMembers,
      cell: (s) => s.activeMembers,
      numeric: true,
    },
    {
      id: 'rate',
      header: t('contracts.rate'),
      value: (s) => (s.rateType === 'FIXED' ? s.rate / 100 : s.rate / 100),
      cell: (s) => (s.rateType === 'FIXED' ? money(s.rate) : formatBp(s.rate)),
      numeric: true,
    },
    {
      id: 'amount',
      header: t('contracts.amount'),
      value: (s) => s.amount / 100,
      cell: (s) => money(s.amount),
      numeric: true,
    },
    {
      id: 'paid',
      header: t('contracts.paid'),
      value: (s) => s.paid / 100,
      cell: (s) => money(s.paid),
      numeric: true,
    },
    {
      id: 'debt',
      header: t('contracts.debt'),
      value: (s) => s.debt / 100,
      cell: (s) => money(s.debt),
      numeric: true,
    },
    {
      id: 'payer',
      header: t('contracts.payer'),
      value: (s) => s.payer,
      cell: (s) => t(`contracts.payers.${s.payer}`),
    },
    {
      id: 'createdAt',
      header: t('contracts.settledAt'),
      value: (s) => s.createdAt,
      cell: (s) => <span className="nowrap">{formatTime(s.createdAt)}</span>,
      sortable: true,
    },
  ];
  return (
    // A plain block: the table's scroll region is the landmark named after it.
    <div className="stack">
      <h2>{t('contracts.settlements')}</h2>
      <DataTable
        caption={t('contracts.settlements')}
        columns={columns}
        rows={rows}
        rowKey={(s) => String(s.id)}
        exportName="contract-settlements.csv"
        exportRows={() => Promise.resolve(rows)}
      />
    </div>
  );
}

function EndDialog({
  contract,
  onClose,
  onDone,
}: {
  contract: OpsContract;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useI18n();
  const client = useQueryClient();
  const ref = useRef<HTMLDialogElement>(null);
  const run = useMutation({
    mutationFn: (reason: string) =>
      opsCall<OpsContract>(agentContractOpsCalls.opsEndContract, {
        body: { contractId: contract.id, reason },
      }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['ops', 'contract', String(contract.id)] });
      void client.invalidateQueries({ queryKey: ['ops', 'contracts'] });
      onDone();
    },
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <dialog
      ref={(el) => {
        ref.current = el;
        if (el && !el.open) el.showModal();
      }}
      className="dialog"
      aria-labelledby="end-title"
      onClose={onClose}
    >
      <form className="stack" onSubmit={submit}>
        <h2 id="end-title">{t('contracts.endTitle', { id: contract.id })}</h2>
        <p>
          {t('contracts.endText', { upline: contract.upline.account, downline: contract.downline.account })}
        </p>
        <ReasonField id="end-reason" label={t('contracts.reason')} autoFocus />
        {run.isError && <Notice kind="error">{errorText(run.error)}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={run.isPending}>
            {t('contracts.end')}
          </button>
        </div>
      </form>
    </dialog>
  );
}
