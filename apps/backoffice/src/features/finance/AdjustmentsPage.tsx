import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { walletCalls } from '@banca/contract/routes';
import type { AdjustmentRequest } from '@banca/contract';
import { opsCall, type ApiError } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { formatMoney, formatTime } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';
import { AdjustDialog } from './AdjustDialog.tsx';

const STATUSES = ['PENDING', 'APPROVED', 'REJECTED'] as const;
const FILTERS = ['status', 'memberId'] as const;
type Page = { items: AdjustmentRequest[]; next: number | null };
type Deciding = { request: AdjustmentRequest; action: 'approve' | 'reject' };

/**
 * Adjustments above the merchant's threshold: pending first by default, then every decided one; a
 * second operator holding balances.adjust approves (the ledger moves once) or rejects with a reason.
 * The requester sees their own pending requests without the approve button (the server refuses it).
 */
export function AdjustmentsPage() {
  const { t } = useI18n();
  const { me, can } = useSession();
  const client = useQueryClient();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const status = values.status || 'PENDING';
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [creating, setCreating] = useState(false);

  const fetchPage = (before: string | undefined) =>
    opsCall<Page>(walletCalls.listAdjustmentRequests, {
      query: {
        status: status === 'all' ? undefined : status,
        memberId: values.memberId || undefined,
        before,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList(['ops', 'adjustments', status, values.memberId], fetchPage, {
    items: (p) => p.items,
    next: (p) => p.next,
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ['ops', 'adjustments'] });

  const columns: DataColumn<AdjustmentRequest>[] = [
    { id: 'id', header: t('adjustments.id'), value: (r) => r.id, cell: (r) => `#${r.id}`, sortable: true },
    {
      id: 'memberId',
      header: t('adjustments.member'),
      value: (r) => r.memberId,
      cell: (r) =>
        can('members.read') ? <Link to={`/members/${r.memberId}`}>{r.memberId}</Link> : r.memberId,
      sortable: true,
    },
    {
      id: 'amount',
      header: t('adjustments.amount'),
      value: (r) => r.amount,
      cell: (r) => formatMoney(r.amount, r.currency),
      numeric: true,
      sortable: true,
    },
    { id: 'reason', header: t('adjustments.reason'), value: (r) => r.reason, cell: (r) => r.reason },
    {
      id: 'requestedBy',
      header: t('adjustments.requestedBy'),
      value: (r) => r.requestedBy,
      cell: (r) => r.requestedBy,
      sortable: true,
    },
    {
      id: 'requestedAt',
      header: t('adjustments.requestedAt'),
      value: (r) => r.requestedAt,
      cell: (r) => formatTime(r.requestedAt),
      sortable: true,
    },
    {
      id: 'status',
      header: t('adjustments.status'),
      value: (r) => r.status,
      cell: (r) => (
        <span className={`badge badge--${r.status.toLowerCase()}`}>
          {t(`adjustments.statuses.${r.status}`)}
        </span>
      ),
      sortable: true,
    },
    {
      id: 'decision',
      header: t('adjustments.decision'),
      value: (r) => (r.decidedBy ? `${r.decidedBy} ${r.decidedAt ?? ''} ${r.decisionReason ?? ''}` : null),
      cell: (r) =>
        r.decidedBy ? (
          <span className="stack-tight">
            <span>{r.decidedBy}</span>
            <span className="small muted">{r.decidedAt ? formatTime(r.decidedAt) : ''}</span>
            {r.decisionReason && <span className="small">{r.decisionReason}</span>}
          </span>
        ) : (
          t('common.none')
        ),
    },
    {
      id: 'actions',
      header: t('adjustments.actions'),
      value: () => null,
      cell: (r) =>
        r.status !== 'PENDING' ? null : r.requestedBy === me?.operator.username ? (
          <span className="small muted">{t('adjustments.yours')}</span>
        ) : (
          <span className="row">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              aria-label={`${t('adjustments.approve')} #${r.id}`}
              onClick={() => setDeciding({ request: r, action: 'approve' })}
            >
              {t('adjustments.approve')}
            </button>
            <button
              type="button"
              className="btn btn--danger btn--sm"
              aria-label={`${t('adjustments.reject')} #${r.id}`}
              onClick={() => setDeciding({ request: r, action: 'reject' })}
            >
              {t('adjustments.reject')}
            </button>
          </span>
        ),
    },
  ];

  return (
    <section className="page">
      <div className="row row--between">
        <h1>{t('adjustments.title')}</h1>
        <button type="button" className="btn btn--primary" onClick={() => setCreating(true)}>
          {t('adjustments.new')}
        </button>
      </div>
      <p className="muted">{t('adjustments.subtitle')}</p>
      <FilterBar
        filters={[
          {
            name: 'status',
            label: t('adjustments.status'),
            type: 'select',
            options: [
              ...STATUSES.map((s) => ({ value: s, label: t(`adjustments.statuses.${s}`) })),
              { value: 'all', label: t('adjustments.all') },
            ],
          },
          { name: 'memberId', label: t('adjustments.member'), type: 'number' },
        ]}
        values={{ ...values, status }}
        onApply={(next) => setFilters({ ...next, status: next.status === 'PENDING' ? '' : next.status })}
      />
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('adjustments.title')}
        columns={columns}
        rowKey={(r) => String(r.id)}
        exportName={`adjustments-${status}.csv`}
        {...table}
      />
      {deciding && (
        <DecideDialog
          deciding={deciding}
          onClose={() => setDeciding(null)}
          onDone={(r) => {
            setDeciding(null);
            setNotice({
              kind: 'ok',
              text: t(r.status === 'APPROVED' ? 'adjustments.approved' : 'adjustments.rejected', {
                id: r.id,
              }),
            });
            refresh();
          }}
        />
      )}
      {creating && <AdjustDialog onClose={() => setCreating(false)} onDone={refresh} />}
    </section>
  );
}

function DecideDialog({
  deciding: { request, action },
  onClose,
  onDone,
}: {
  deciding: Deciding;
  onClose: () => void;
  onDone: (r: AdjustmentRequest) => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useMutation({
    mutationFn: (reason: string) =>
      opsCall<AdjustmentRequest>(
        action === 'approve' ? walletCalls.approveAdjustmentRequest : walletCalls.rejectAdjustmentRequest,
        { params: { id: request.id }, body: action === 'approve' && !reason ? {} : { reason } },
      ),
    onSuccess: onDone,
    onError: (err) => setError((err as ApiError).message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    run.mutate(String(new FormData(event.currentTarget).get('reason') ?? '').trim());
  };
  const approve = action === 'approve';
  return (
    <Modal dialogRef={ref} labelledBy="decide-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="decide-title">
          {t(approve ? 'adjustments.approveTitle' : 'adjustments.rejectTitle', { id: request.id })}
        </h2>
        <p>
          {t('adjustments.approveText', {
            amount: formatMoney(request.amount, request.currency),
            member: request.memberId,
            reason: request.reason,
          })}
        </p>
        <div className="field">
          <label htmlFor="decide-reason">
            {t(approve ? 'adjustments.note' : 'adjustments.rejectReason')}
          </label>
          <textarea
            id="decide-reason"
            name="reason"
            rows={3}
            maxLength={500}
            {...(approve ? {} : { required: true, minLength: 3 })}
            autoFocus
          />
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className={`btn ${approve ? 'btn--primary' : 'btn--danger'}`}
            disabled={run.isPending}
          >
            {t(approve ? 'adjustments.approve' : 'adjustments.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
