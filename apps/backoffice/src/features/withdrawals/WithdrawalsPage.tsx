import { useRef, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OPS_WITHDRAWAL_PROOF_PATH, walletCalls } from '@banca/contract/routes';
import type { OpsBulkApproveValue, OpsWithdrawal } from '@banca/contract';
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

const STATUSES = ['REQUESTED', 'APPROVED', 'PAID', 'CONFIRMED', 'REJECTED', 'DISPUTED', 'FAILED'] as const;
const FILTERS = ['status', 'memberId'] as const;
type Page = { items: OpsWithdrawal[]; next: number | null };

const waitedMinutes = (w: OpsWithdrawal, now: number) =>
  Math.max(0, Math.floor((now - new Date(w.requestedAt).getTime()) / 60_000));

/**
 * The withdrawal queue: oldest first (the server's `order=oldest`, keyset-paged), the time each has
 * waited against the merchant's payout target, approve / reject with a reason (finance, admin).
 */
export function WithdrawalsPage() {
  const { t } = useI18n();
  const { can } = useSession();
  const client = useQueryClient();
  const { values, setFilters } = useUrlFilters(FILTERS);
  // The queue shows what waits, unless another status is asked for ('all' shows every status).
  const status = values.status || 'REQUESTED';
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);
  const [rejecting, setRejecting] = useState<OpsWithdrawal | null>(null);
  const [proofOf, setProofOf] = useState<OpsWithdrawal | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [bulkResult, setBulkResult] = useState<OpsBulkApproveValue | null>(null);

  const fetchPage = (after: string | undefined) =>
    opsCall<Page>(walletCalls.opsWithdrawals, {
      query: {
        status: status === 'all' ? undefined : status,
        memberId: values.memberId || undefined,
        order: 'oldest',
        after,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList(
    ['ops', 'withdrawals', status, values.memberId],
    fetchPage,
    { items: (p) => p.items, next: (p) => p.next },
    { refetchInterval: 30_000 },
  );

  const approve = useMutation({
    mutationFn: (w: OpsWithdrawal) =>
      opsCall<OpsWithdrawal>(walletCalls.opsApproveWithdrawal, { params: { id: w.id }, body: {} }),
    onSuccess: (w) => {
      setNotice({ kind: 'ok', text: t('withdrawals.approved', { id: w.id }) });
      void client.invalidateQueries({ queryKey: ['ops', 'withdrawals'] });
    },
    onError: (err) => setNotice({ kind: 'error', text: (err as ApiError).message }),
  });

  const bulk = useMutation({
    mutationFn: (ids: number[]) =>
      opsCall<OpsBulkApproveValue>(walletCalls.opsBulkApproveWithdrawals, { body: { ids } }),
    onSuccess: (r) => {
      setBulkResult(r);
      setSelected(new Set());
      setNotice({
        kind: r.failed ? 'error' : 'ok',
        text: t('withdrawals.bulkDone', { approved: r.approved, failed: r.failed }),
      });
      void client.invalidateQueries({ queryKey: ['ops', 'withdrawals'] });
    },
    onError: (err) => setNotice({ kind: 'error', text: (err as ApiError).message }),
  });

  // Waiting times as of the answer (refetched every 30 s), so a render stays pure.
  const now = query.dataUpdatedAt;
  const mayDecide = can('withdrawals.decide');
  const waitingRows = (query.data?.items ?? []).filter((w) => w.status === 'REQUESTED');
  const toggle = (id: number, on: boolean) =>
    setSelected((cur) => {
      const next = new Set(cur);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const columns: DataColumn<OpsWithdrawal>[] = [];
  if (mayDecide && waitingRows.length > 0) {
    columns.push({
      id: 'select',
      header: t('withdrawals.selectShort'),
      value: () => null,
      cell: (w) =>
        w.status === 'REQUESTED' ? (
          <input
            type="checkbox"
            checked={selected.has(w.id)}
            aria-label={t('withdrawals.select', { id: w.id })}
            onChange={(e) => toggle(w.id, e.currentTarget.checked)}
          />
        ) : null,
    });
  }
  columns.push(
    { id: 'id', header: t('withdrawals.id'), value: (w) => w.id, cell: (w) => `#${w.id}`, sortable: true },
    {
      id: 'memberId',
      header: t('withdrawals.member'),
      value: (w) => w.memberId,
      cell: (w) => w.memberId,
      sortable: true,
    },
    {
      id: 'amount',
      header: t('withdrawals.amount'),
      value: (w) => w.amount,
      cell: (w) => formatMoney(w.amount, w.currency),
      sortable: true,
      numeric: true,
    },
    {
      id: 'requestedAt',
      header: t('withdrawals.requestedAt'),
      value: (w) => w.requestedAt,
      cell: (w) => formatTime(w.requestedAt),
      sortable: true,
    },
    {
      id: 'waiting',
      header: t('withdrawals.waiting'),
      value: (w) => waitedMinutes(w, now),
      cell: (w) => {
        const m = waitedMinutes(w, now);
        const late = w.status === 'REQUESTED' && m > w.payoutTargetMinutes;
        return (
          <span className={late ? 'sla sla--late' : 'sla'}>
            {m} / {w.payoutTargetMinutes} min{late ? ` · ${t('withdrawals.late')}` : ''}
          </span>
        );
      },
      sortable: true,
      numeric: true,
    },
    {
      id: 'payee',
      header: t('withdrawals.payee'),
      value: (w) => `${w.payeeName} ${w.pixKey}`,
      cell: (w) => (
        <span className="stack-tight">
          <span>{w.payeeName}</span>
          <code className="small">{w.pixKey}</code>
        </span>
      ),
    },
    {
      id: 'status',
      header: t('withdrawals.status'),
      value: (w) => w.status,
      cell: (w) => (
        <span className={`badge badge--${w.status.toLowerCase()}`}>
          {t(`withdrawals.statuses.${w.status}`)}
        </span>
      ),
      sortable: true,
    },
  );
  if (mayDecide) {
    columns.push({
      id: 'actions',
      header: t('withdrawals.actions'),
      value: () => null,
      cell: (w) =>
        w.status === 'REQUESTED' ? (
          <span className="row">
            <button
              type="button"
              className="btn btn--primary btn--sm"
              disabled={approve.isPending}
              aria-label={`${t('withdrawals.approve')} #${w.id}`}
              onClick={() => {
                const ok = window.confirm(
                  t('withdrawals.confirmApprove', {
                    id: w.id,
                    amount: formatMoney(w.amount, w.currency),
                    payee: w.payeeName,
                  }),
                );
                if (ok) approve.mutate(w);
              }}
            >
              {t('withdrawals.approve')}
            </button>
            <button
              type="button"
              className="btn btn--danger btn--sm"
              aria-label={`${t('withdrawals.reject')} #${w.id}`}
              onClick={() => setRejecting(w)}
            >
              {t('withdrawals.reject')}
            </button>
            {w.hasProof && <ProofButton w={w} onOpen={setProofOf} />}
          </span>
        ) : w.hasProof ? (
          <ProofButton w={w} onOpen={setProofOf} />
        ) : null,
    });
  }

  // The decision buttons before the wide payee column, so they are in view without scrolling.
  const actionsAt = columns.findIndex((c) => c.id === 'actions');
  const payeeAt = columns.findIndex((c) => c.id === 'payee');
  if (actionsAt > payeeAt && payeeAt >= 0) columns.splice(payeeAt, 0, ...columns.splice(actionsAt, 1));

  const target = query.data?.items[0]?.payoutTargetMinutes;
  return (
    <section className="page">
      <h1 id="wd-title">{t('withdrawals.title')}</h1>
      {target !== undefined && <p className="muted">{t('withdrawals.subtitle', { minutes: target })}</p>}
      <FilterBar
        filters={[
          {
            name: 'status',
            label: t('withdrawals.status'),
            type: 'select',
            options: [
              ...STATUSES.map((s) => ({ value: s, label: t(`withdrawals.statuses.${s}`) })),
              { value: 'all', label: t('withdrawals.all') },
            ],
          },
          { name: 'memberId', label: t('withdrawals.member'), type: 'number' },
        ]}
        values={{ ...values, status }}
        onApply={(next) => setFilters({ ...next, status: next.status === 'REQUESTED' ? '' : next.status })}
      />
      {notice && <Notice kind={notice.kind}>{notice.text}</Notice>}
      {bulkResult && bulkResult.failed > 0 && (
        <ul
          className="results"
          aria-label={t('withdrawals.bulkDone', { approved: bulkResult.approved, failed: bulkResult.failed })}
        >
          {bulkResult.results.map((r) => (
            <li key={r.id} className="small">
              #{r.id}:{' '}
              {r.outcome === 'approved'
                ? t('withdrawals.bulkApproved')
                : t('withdrawals.bulkFailed', { code: r.code ?? '' })}
            </li>
          ))}
        </ul>
      )}
      {mayDecide && waitingRows.length > 0 && (
        <div className="bulkbar">
          <label className="row">
            <input
              type="checkbox"
              checked={waitingRows.every((w) => selected.has(w.id))}
              onChange={(e) =>
                setSelected(e.currentTarget.checked ? new Set(waitingRows.map((w) => w.id)) : new Set())
              }
            />
            {t('withdrawals.selectAll')}
          </label>
          <button
            type="button"
            className="btn btn--primary"
            disabled={selected.size === 0 || bulk.isPending}
            onClick={() => {
              if (window.confirm(t('withdrawals.confirmBulk', { count: selected.size })))
                bulk.mutate([...selected]);
            }}
          >
            {t('withdrawals.bulkApprove', { count: selected.size })}
          </button>
        </div>
      )}
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('withdrawals.title')}
        columns={columns}
        rowKey={(w) => String(w.id)}
        exportName={`withdrawals-${status}.csv`}
        {...table}
      />
      {proofOf && <ProofDialog w={proofOf} onClose={() => setProofOf(null)} />}
      {rejecting && (
        <RejectDialog
          withdrawal={rejecting}
          onClose={() => setRejecting(null)}
          onDone={(w) => {
            setRejecting(null);
            setNotice({ kind: 'ok', text: t('withdrawals.rejected', { id: w.id }) });
            void client.invalidateQueries({ queryKey: ['ops', 'withdrawals'] });
          }}
        />
      )}
    </section>
  );
}

function RejectDialog({
  withdrawal,
  onClose,
  onDone,
}: {
  withdrawal: OpsWithdrawal;
  onClose: () => void;
  onDone: (w: OpsWithdrawal) => void;
}) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const [error, setError] = useState<string | null>(null);
  const reject = useMutation({
    mutationFn: (reason: string) =>
      opsCall<OpsWithdrawal>(walletCalls.opsRejectWithdrawal, {
        params: { id: withdrawal.id },
        body: { reason },
      }),
    onSuccess: onDone,
    onError: (err) => setError((err as ApiError).message),
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    reject.mutate(String(new FormData(event.currentTarget).get('reason') ?? ''));
  };
  return (
    <Modal dialogRef={ref} labelledBy="reject-title" onClose={onClose}>
      <form className="stack" onSubmit={submit}>
        <h2 id="reject-title">{t('withdrawals.rejectTitle', { id: withdrawal.id })}</h2>
        <div className="field">
          <label htmlFor="reject-reason">{t('withdrawals.reason')}</label>
          <textarea id="reject-reason" name="reason" rows={3} required maxLength={500} autoFocus />
        </div>
        {error && <Notice kind="error">{error}</Notice>}
        <div className="row row--end">
          <button type="button" className="btn btn--ghost" onClick={() => ref.current?.close()}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn--danger" disabled={reject.isPending}>
            {t('withdrawals.reject')}
          </button>
        </div>
      </form>
    </Modal>
  );
}

function ProofButton({ w, onOpen }: { w: OpsWithdrawal; onOpen: (w: OpsWithdrawal) => void }) {
  const { t } = useI18n();
  const { can } = useSession();
  if (!can('withdrawals.decide')) return null;
  return (
    <button
      type="button"
      className="btn btn--sm"
      aria-label={`${t('withdrawals.proof')} #${w.id}`}
      onClick={() => onOpen(w)}
    >
      {t('withdrawals.proof')}
    </button>
  );
}

/** The member's "not received" image, fetched with the operator's cookie and shown from a blob URL. */
function ProofDialog({ w, onClose }: { w: OpsWithdrawal; onClose: () => void }) {
  const { t } = useI18n();
  const ref = useRef<HTMLDialogElement>(null);
  const image = useQuery({
    queryKey: ['ops', 'withdrawal-proof', w.id],
    queryFn: async () => {
      const res = await fetch(OPS_WITHDRAWAL_PROOF_PATH.replace(':id', String(w.id)), {
        credentials: 'same-origin',
      });
      if (!res.ok) throw new Error(t('common.error'));
      return URL.createObjectURL(await res.blob());
    },
    gcTime: 0,
    staleTime: Infinity,
  });
  return (
    <Modal
      dialogRef={ref}
      labelledBy="proof-title"
      onClose={() => {
        if (image.data) URL.revokeObjectURL(image.data);
        onClose();
      }}
      wide
    >
      <div className="stack">
        <h2 id="proof-title">{t('withdrawals.proofTitle', { id: w.id })}</h2>
        {image.isError && <Notice kind="error">{image.error.message}</Notice>}
        {image.isPending && <p className="muted">{t('common.loading')}</p>}
        {image.data && (
          <img className="proof-img" src={image.data} alt={t('withdrawals.proofTitle', { id: w.id })} />
        )}
        <div className="row row--end">
          <button type="button" className="btn" onClick={() => ref.current?.close()}>
            {t('withdrawals.close')}
          </button>
        </div>
      </div>
    </Modal>
  );
}
