import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams, useSearchParams } from 'react-router';
import { memberOpsCalls, type OpsPermission } from '@banca/contract/routes';
import type {
  MemberActionValue,
  MemberPasswordResetValue,
  MemberProfile,
  OpsBet,
  OpsMemberSession,
} from '@banca/contract';
import { opsCall, type ApiError } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n, type MessageKey } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatMoney, formatTime } from '@/ui/format.ts';
import { StatusBadge } from './MembersPage.tsx';
import { AdjustDialog } from '@/features/finance/AdjustDialog.tsx';
import { ReasonField } from '@/ui/ReasonField.tsx';

type Profile = MemberProfile;
type Ledger = Profile['ledger'][number];
type Deposit = Profile['deposits'][number];
type Withdrawal = Profile['withdrawals'][number];
type Action = 'lock' | 'unlock' | 'forceLogout' | 'resetPassword';

const TABS = ['overview', 'ledger', 'bets', 'deposits', 'withdrawals', 'sessions'] as const;
type Tab = (typeof TABS)[number];
const TAB_LABEL: Record<Tab, MessageKey> = {
  overview: 'members.overview',
  ledger: 'members.ledger',
  bets: 'members.bets',
  deposits: 'members.deposits',
  withdrawals: 'members.withdrawals',
  sessions: 'members.sessions',
};
const ACTION_PERMISSION: Record<Action, OpsPermission> = {
  lock: 'members.lock',
  unlock: 'members.lock',
  forceLogout: 'members.forceLogout',
  resetPassword: 'members.resetPassword',
};
const CONFIRM: Record<Action, MessageKey> = {
  lock: 'members.confirmLock',
  unlock: 'members.confirmUnlock',
  forceLogout: 'members.confirmForceLogout',
  resetPassword: 'members.confirmResetPassword',
};
const NO_PAGING = { isFirst: true, hasNext: false, onNext: () => {}, onFirst: () => {} };

/** One member: overview with balances, record, bets, money, sessions; actions by permission. */
export function MemberProfilePage() {
  const { t } = useI18n();
  const { can } = useSession();
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as Tab)
    : 'overview';
  const [acting, setActing] = useState<Action | null>(null);
  const [adjusting, setAdjusting] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const client = useQueryClient();
  const query = useQuery({
    queryKey: ['ops', 'member', id],
    queryFn: () => opsCall<Profile>(memberOpsCalls.profile, { params: { id } }),
  });
  const p = query.data;
  const actions: Action[] = p
    ? ([p.member.status === 'ACTIVE' ? 'lock' : 'unlock', 'forceLogout', 'resetPassword'] as Action[]).filter(
        (a) => can(ACTION_PERMISSION[a]),
      )
    : [];

  return (
    <section className="page">
      <Link to="/members" className="small">
        {t('members.back')}
      </Link>
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      {p && (
        <>
          <div className="row row--between">
            <h1 id="member-title">
              {t('members.profileTitle', { account: p.member.account })}{' '}
              <StatusBadge status={p.member.status} />
            </h1>
            <div className="row">
              {actions.map((a) => (
                <button
                  key={a}
                  type="button"
                  className={`btn ${a === 'lock' ? 'btn--danger' : a === 'unlock' ? 'btn--primary' : ''}`}
                  onClick={() => setActing(a)}
                >
                  {t(`members.${a}`)}
                </button>
              ))}
              {can('balances.adjust') && (
                <button type="button" className="btn" onClick={() => setAdjusting(true)}>
                  {t('adjust.button')}
                </button>
              )}
            </div>
          </div>
          {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
          <div
            className="tabs"
            role="tablist"
            aria-label={t('members.profileTitle', { account: p.member.account })}
          >
            {TABS.map((k) => (
              <button
                key={k}
                type="button"
                role="tab"
                aria-selected={tab === k}
                className={`tab${tab === k ? ' tab--on' : ''}`}
                onClick={() =>
                  setParams(
                    (cur) => {
                      const next = new URLSearchParams(cur);
                      if (k === 'overview') next.delete('tab');
                      else next.set('tab', k);
                      return next;
                    },
                    { replace: true },
                  )
                }
              >
                {t(TAB_LABEL[k])}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tab === 'overview' && <Overview p={p} />}
            {tab === 'ledger' && <LedgerTable rows={p.ledger} />}
            {tab === 'bets' && <BetsTable rows={p.bets} />}
            {tab === 'deposits' && <DepositsTable rows={p.deposits} />}
            {tab === 'withdrawals' && <WithdrawalsTable rows={p.withdrawals} />}
            {tab === 'sessions' && <SessionsTable rows={p.sessions} />}
          </div>
          {adjusting && (
            <AdjustDialog
              memberId={p.member.id}
              account={p.member.account}
              onClose={() => setAdjusting(false)}
              onDone={() => void client.invalidateQueries({ queryKey: ['ops', 'member', id] })}
            />
          )}
          {acting && (
            <ActionDialog
              action={acting}
              memberId={p.member.id}
              account={p.member.account}
              onClose={() => setActing(null)}
              onDone={(text) => {
                setActing(null);
                setNotice({ kind: 'ok', text });
                void client.invalidateQueries({ queryKey: ['ops', 'member', id] });
              }}
            />
          )}
        </>
      )}
    </section>
  );
}

function Overview({ p }: { p: Profile }) {
  const { t } = useI18n();
  const m = p.member;
  const none = t('common.none');
  const facts: [MessageKey, React.ReactNode][] = [
    ['members.id', m.id],
    ['members.account', m.account],
    ['members.mobile', m.mobile ?? none],
    ['members.email', m.email ?? none],
    ['members.vip', m.vipLevel],
    ['members.registeredAt', formatTime(m.registeredAt)],
    ['members.registerIp', m.registerIp ?? none],
    ['members.registerMethod', m.registerMethod ?? none],
    ['members.firstLogin', m.firstLoginAt ? formatTime(m.firstLoginAt) : none],
    ['members.mustChange', m.mustChangePassword ? t('common.yes') : t('common.no')],
    ['members.upline', p.upline ? <Link to={`/members/${p.upline.id}`}>{p.upline.account}</Link> : none],
    ['members.downline', p.directDownline],
  ];
  return (
    <div className="grid2">
      <div className="card">
        <dl className="facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{t(k)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      </div>
      <div className="card">
        <h2>{t('members.balances')}</h2>
        <table className="datatable balances">
          <thead>
            <tr>
              <th>{t('members.wallet')}</th>
              <th className="num">{t('members.balance')}</th>
            </tr>
          </thead>
          <tbody>
            {p.balances.length === 0 && (
              <tr>
                <td colSpan={2} className="muted">
                  {none}
                </td>
              </tr>
            )}
            {p.balances.map((b) => (
              <tr key={`${b.wallet}-${b.currency}`}>
                <td>
                  {b.wallet} <span className="muted small">{b.currency}</span>
                </td>
                <td className="num">{formatMoney(b.balance, b.currency === 'XPL' ? 'BRL' : b.currency)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

const money = (amount: number, currency: string) =>
  formatMoney(amount, currency === 'XPL' ? 'BRL' : currency);

function LedgerTable({ rows }: { rows: Ledger[] }) {
  const { t } = useI18n();
  const columns: DataColumn<Ledger>[] = [
    { id: 'at', header: t('members.at'), value: (r) => r.at, cell: (r) => formatTime(r.at), sortable: true },
    { id: 'type', header: t('members.kind'), value: (r) => r.type, cell: (r) => r.type, sortable: true },
    {
      id: 'amount',
      header: t('members.amount'),
      value: (r) => r.amount,
      cell: (r) => money(r.amount, r.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'balanceAfter',
      header: t('members.balanceAfter'),
      value: (r) => r.balanceAfter,
      cell: (r) => (r.balanceAfter === null ? t('common.none') : money(r.balanceAfter, r.currency)),
      numeric: true,
    },
    {
      id: 'reference',
      header: t('members.reference'),
      value: (r) => r.reference,
      cell: (r) => <code className="small">{r.reference ?? ''}</code>,
    },
  ];
  return (
    <DataTable
      caption={t('members.ledger')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      paging={NO_PAGING}
    />
  );
}

function BetsTable({ rows }: { rows: OpsBet[] }) {
  const { t } = useI18n();
  const columns: DataColumn<OpsBet>[] = [
    {
      id: 'at',
      header: t('members.at'),
      value: (r) => r.openedAt,
      cell: (r) => formatTime(r.openedAt),
      sortable: true,
    },
    {
      id: 'vendor',
      header: t('members.vendor'),
      value: (r) => r.vendor,
      cell: (r) => r.vendor,
      sortable: true,
    },
    {
      id: 'game',
      header: t('members.game'),
      value: (r) => r.gameCode,
      cell: (r) => `${r.gameCode} · ${r.gameType}`,
    },
    {
      id: 'stake',
      header: t('members.stake'),
      value: (r) => r.stake,
      cell: (r) => money(r.stake, r.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'payout',
      header: t('members.payout'),
      value: (r) => r.payout,
      cell: (r) => money(r.payout, r.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'status',
      header: t('members.status'),
      value: (r) => r.status,
      cell: (r) => r.status,
      sortable: true,
    },
  ];
  return (
    <DataTable
      caption={t('members.bets')}
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      paging={NO_PAGING}
    />
  );
}

function DepositsTable({ rows }: { rows: Deposit[] }) {
  const { t } = useI18n();
  const columns: DataColumn<Deposit>[] = [
    {
      id: 'id',
      header: t('members.id'),
      value: (r) => r.depositId,
      cell: (r) => `#${r.depositId}`,
      sortable: true,
    },
    {
      id: 'at',
      header: t('members.at'),
      value: (r) => r.createdAt,
      cell: (r) => formatTime(r.createdAt),
      sortable: true,
    },
    {
      id: 'amount',
      header: t('members.amount'),
      value: (r) => r.amount,
      cell: (r) => money(r.amount, r.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'status',
      header: t('members.status'),
      value: (r) => r.status,
      cell: (r) => r.status,
      sortable: true,
    },
  ];
  return (
    <DataTable
      caption={t('members.deposits')}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.depositId)}
      paging={NO_PAGING}
    />
  );
}

function WithdrawalsTable({ rows }: { rows: Withdrawal[] }) {
  const { t } = useI18n();
  const columns: DataColumn<Withdrawal>[] = [
    { id: 'id', header: t('members.id'), value: (r) => r.id, cell: (r) => `#${r.id}`, sortable: true },
    {
      id: 'at',
      header: t('members.at'),
      value: (r) => r.requestedAt,
      cell: (r) => formatTime(r.requestedAt),
      sortable: true,
    },
    {
      id: 'amount',
      header: t('members.amount'),
      value: (r) => r.amount,
      cell: (r) => money(r.amount, r.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'status',
      header: t('members.status'),
      value: (r) => r.status,
      cell: (r) => (
        <span className={`badge badge--${r.status.toLowerCase()}`}>
          {t(`withdrawals.statuses.${r.status}`)}
        </span>
      ),
      sortable: true,
    },
  ];
  return (
    <DataTable
      caption={t('members.withdrawals')}
      columns={columns}
      rows={rows}
      rowKey={(r) => String(r.id)}
      paging={NO_PAGING}
    />
  );
}

function SessionsTable({ rows }: { rows: OpsMemberSession[] }) {
  const { t } = useI18n();
  const columns: DataColumn<OpsMemberSession>[] = [
    {
      id: 'at',
      header: t('members.at'),
      value: (r) => r.createdAt,
      cell: (r) => formatTime(r.createdAt),
      sortable: true,
    },
    {
      id: 'ip',
      header: t('members.ip'),
      value: (r) => r.ip,
      cell: (r) => <code>{r.ip ?? ''}</code>,
      sortable: true,
    },
    { id: 'type', header: t('members.kind'), value: (r) => r.loginType, cell: (r) => r.loginType },
    {
      id: 'lastSeen',
      header: t('members.lastSeen'),
      value: (r) => r.lastSeenAt,
      cell: (r) => formatTime(r.lastSeenAt),
      sortable: true,
    },
    {
      id: 'state',
      header: t('members.status'),
      value: (r) => (r.live ? 1 : 0),
      cell: (r) =>
        r.live ? (
          <span className="badge badge--ok">{t('members.live')}</span>
        ) : (
          <span className="badge">
            {t('members.ended')}
            {r.revokeReason ? ` · ${r.revokeReason}` : ''}
          </span>
        ),
      sortable: true,
    },
    {
      id: 'device',
      header: t('members.device'),
      value: (r) => r.userAgent,
      cell: (r) => <span className="small muted">{(r.userAgent ?? '').slice(0, 60)}</span>,
    },
  ];
  return (
    <DataTable
      caption={t('members.sessions')}
      columns={columns}
      rows={rows}
      rowKey={(r) => `${r.createdAt}-${r.ip}`}
      paging={NO_PAGING}
    />
  );
}

function ActionDialog({
  action,
  memberId,
  account,
  onClose,
  onDone,
}: {
  action: Action;
  memberId: number;
  account: string;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (reason: string) =>
      opsCall<MemberActionValue | MemberPasswordResetValue>(memberOpsCalls[action], {
        params: { id: memberId },
        body: { reason },
      }),
    onSuccess: (v) => {
      if (action === 'resetPassword') {
        const r = v as MemberPasswordResetValue;
        onDone(t('members.doneResetPassword', { channel: r.channel.toUpperCase(), to: r.sentTo }));
      } else if (action === 'lock') onDone(t('members.doneLock', { count: v.sessionsEnded }));
      else if (action === 'unlock') onDone(t('members.doneUnlock'));
      else onDone(t('members.doneForceLogout', { count: v.sessionsEnded }));
    },
    onError: (err) => setError((err as ApiError).message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <Modal dialogRef={ref} labelledBy="action-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="action-title">{t(`members.${action}`)}</h2>
        <p>{t(CONFIRM[action], { account })}</p>
        <ReasonField id="action-reason" label={t('members.reason')} autoFocus />
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${action === 'lock' ? 'btn--danger' : 'btn--primary'}`}
            disabled={run.isPending}
          >
            {t('common.confirm')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
