import { Link } from 'react-router';
import { depositCalls } from '@banca/contract/routes';
import { DEPOSIT_FLAG_FILTERS, DEPOSIT_STATUSES, PAYMENT_CHANNELS, type OpsDeposit } from '@banca/contract';
import { opsCall } from '@/api/client.ts';
import { useSession } from '@/app/session.tsx';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatMoney, formatTime, isoToLocalInput, localInputToIso, parseMoneyInput } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';

type Deposit = OpsDeposit;
type Page = { deposits: Deposit[]; next: number | null };
const FILTERS = ['status', 'flag', 'memberId', 'channel', 'minAmount', 'maxAmount', 'from', 'to'] as const;

/** A money filter typed in reais as minor units for the query ('' when empty or not an amount). */
const minorOf = (text: string) => {
  const minor = text ? parseMoneyInput(text) : null;
  return minor === null ? undefined : minor;
};

/**
 * The deposit list for the finance desk: newest first, keyset-paged, filters in the URL, CSV of every
 * row they select, and the server's computed flags (late: paid or credited after the charge expired;
 * mismatched: paid another amount than ordered).
 */
export function DepositsPage() {
  const { t } = useI18n();
  const { can } = useSession();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const fetchPage = (before: string | undefined) =>
    opsCall<Page>(depositCalls.opsList, {
      query: {
        status: values.status || undefined,
        flag: values.flag || undefined,
        memberId: values.memberId || undefined,
        channel: values.channel || undefined,
        minAmount: minorOf(values.minAmount),
        maxAmount: minorOf(values.maxAmount),
        from: values.from || undefined,
        to: values.to || undefined,
        before,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList(['ops', 'deposits', values], fetchPage, {
    items: (p) => p.deposits,
    next: (p) => p.next,
  });

  const columns: DataColumn<Deposit>[] = [
    {
      id: 'id',
      header: t('deposits.id'),
      value: (d) => d.depositId,
      cell: (d) => `#${d.depositId}`,
      sortable: true,
    },
    {
      id: 'memberId',
      header: t('deposits.member'),
      value: (d) => d.memberId,
      cell: (d) =>
        can('members.read') ? <Link to={`/members/${d.memberId}`}>{d.memberId}</Link> : d.memberId,
      sortable: true,
    },
    { id: 'channel', header: t('deposits.channel'), value: (d) => d.channel, cell: (d) => d.channel },
    {
      id: 'amount',
      header: t('deposits.amount'),
      value: (d) => d.amount,
      cell: (d) => formatMoney(d.amount, d.currency),
      numeric: true,
      sortable: true,
    },
    {
      id: 'paidAmount',
      header: t('deposits.paidAmount'),
      value: (d) => d.paidAmount,
      cell: (d) => (d.paidAmount === null ? t('common.none') : formatMoney(d.paidAmount, d.currency)),
      numeric: true,
      sortable: true,
    },
    {
      id: 'createdAt',
      header: t('deposits.createdAt'),
      value: (d) => d.createdAt,
      cell: (d) => formatTime(d.createdAt),
      sortable: true,
    },
    {
      id: 'expiresAt',
      header: t('deposits.expiresAt'),
      value: (d) => d.expiresAt,
      cell: (d) => formatTime(d.expiresAt),
    },
    {
      id: 'paidAt',
      header: t('deposits.paidAt'),
      value: (d) => d.paidAt,
      cell: (d) => (d.paidAt ? formatTime(d.paidAt) : t('common.none')),
      sortable: true,
    },
    {
      id: 'status',
      header: t('deposits.status'),
      value: (d) => d.status,
      cell: (d) => <span className={`badge badge--${d.status}`}>{t(`deposits.statuses.${d.status}`)}</span>,
      sortable: true,
    },
    {
      id: 'flags',
      header: t('deposits.flag'),
      value: (d) =>
        [d.late ? 'late' : '', d.mismatched ? 'mismatched' : ''].filter(Boolean).join(' ') || null,
      cell: (d) =>
        !d.late && !d.mismatched ? (
          t('common.none')
        ) : (
          <span className="flags">
            {d.late && <span className="badge badge--late">{t('deposits.flags.late')}</span>}
            {d.mismatched && (
              <span className="badge badge--mismatched">{t('deposits.flags.mismatched')}</span>
            )}
          </span>
        ),
    },
    {
      id: 'provider',
      header: t('deposits.provider'),
      value: (d) => `${d.provider} ${d.providerRef}`,
      cell: (d) => (
        <span className="stack-tight">
          <span>{d.provider}</span>
          <code className="small">{d.providerRef}</code>
        </span>
      ),
    },
  ];

  return (
    <section className="page">
      <h1>{t('deposits.title')}</h1>
      <p className="muted">{t('deposits.subtitle')}</p>
      <FilterBar
        filters={[
          {
            name: 'status',
            label: t('deposits.status'),
            type: 'select',
            options: [
              { value: '', label: t('deposits.all') },
              ...DEPOSIT_STATUSES.map((s) => ({ value: s, label: t(`deposits.statuses.${s}`) })),
            ],
          },
          {
            name: 'flag',
            label: t('deposits.flag'),
            type: 'select',
            options: [
              { value: '', label: t('deposits.all') },
              ...DEPOSIT_FLAG_FILTERS.map((f) => ({ value: f, label: t(`deposits.flags.${f}`) })),
            ],
          },
          { name: 'memberId', label: t('deposits.member'), type: 'number' },
          {
            name: 'channel',
            label: t('deposits.channel'),
            type: 'select',
            options: [
              { value: '', label: t('deposits.all') },
              ...PAYMENT_CHANNELS.map((c) => ({ value: c, label: c })),
            ],
          },
          { name: 'minAmount', label: t('deposits.minAmount'), type: 'text', placeholder: '0,00' },
          { name: 'maxAmount', label: t('deposits.maxAmount'), type: 'text', placeholder: '0,00' },
          { name: 'from', label: t('deposits.from'), type: 'datetime-local' },
          { name: 'to', label: t('deposits.to'), type: 'datetime-local' },
        ]}
        values={{
          ...values,
          from: isoToLocalInput(values.from || null),
          to: isoToLocalInput(values.to || null),
        }}
        onApply={(next) =>
          setFilters({
            ...next,
            from: localInputToIso(next.from) ?? '',
            to: localInputToIso(next.to) ?? '',
          })
        }
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('deposits.title')}
        columns={columns}
        rowKey={(d) => String(d.depositId)}
        exportName="deposits.csv"
        {...table}
      />
    </section>
  );
}
