import { Link } from 'react-router';
import { memberOpsCalls } from '@banca/contract/routes';
import type { MemberSearchPage, OpsMember } from '@banca/contract';
import { opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatTime } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';

const FILTERS = ['q', 'by', 'status'] as const;
const BY = ['any', 'account', 'id', 'mobile', 'email'] as const;
const BY_LABEL = {
  any: 'members.byAny',
  account: 'members.byAccount',
  id: 'members.byId',
  mobile: 'members.byMobile',
  email: 'members.byEmail',
} as const;

/** Member search: account, id, mobile, e-mail; filters in the URL, keyset paged, CSV of every page. */
export function MembersPage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const fetchPage = (after: string | undefined) =>
    opsCall<MemberSearchPage>(memberOpsCalls.search, {
      query: {
        q: values.q || undefined,
        by: values.by || undefined,
        status: values.status || undefined,
        after,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList(['ops', 'members', values.q, values.by, values.status], fetchPage, {
    items: (p) => p.items,
    next: (p) => p.nextCursor,
  });

  const columns: DataColumn<OpsMember>[] = [
    {
      id: 'id',
      header: t('members.id'),
      value: (m) => m.id,
      cell: (m) => m.id,
      sortable: true,
      numeric: true,
    },
    {
      id: 'account',
      header: t('members.account'),
      value: (m) => m.account,
      cell: (m) => <Link to={`/members/${m.id}`}>{m.account}</Link>,
      sortable: true,
    },
    {
      id: 'mobile',
      header: t('members.mobile'),
      value: (m) => m.mobile,
      cell: (m) => m.mobile ?? t('common.none'),
    },
    {
      id: 'email',
      header: t('members.email'),
      value: (m) => m.email,
      cell: (m) => m.email ?? t('common.none'),
    },
    {
      id: 'status',
      header: t('members.status'),
      value: (m) => m.status,
      cell: (m) => <StatusBadge status={m.status} />,
      sortable: true,
    },
    {
      id: 'vip',
      header: t('members.vip'),
      value: (m) => m.vipLevel,
      cell: (m) => m.vipLevel,
      sortable: true,
      numeric: true,
    },
    {
      id: 'registeredAt',
      header: t('members.registeredAt'),
      value: (m) => m.registeredAt,
      cell: (m) => formatTime(m.registeredAt),
      sortable: true,
    },
  ];

  return (
    <section className="page">
      <h1>{t('members.title')}</h1>
      <p className="muted">{t('members.subtitle')}</p>
      <FilterBar
        filters={[
          { name: 'q', label: t('members.q'), type: 'text' },
          {
            name: 'by',
            label: t('members.by'),
            type: 'select',
            options: BY.map((b) => ({ value: b === 'any' ? '' : b, label: t(BY_LABEL[b]) })),
          },
          {
            name: 'status',
            label: t('members.status'),
            type: 'select',
            options: [
              { value: '', label: t('members.allStatuses') },
              { value: 'ACTIVE', label: t('members.statuses.ACTIVE') },
              { value: 'DISABLED', label: t('members.statuses.DISABLED') },
            ],
          },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('members.title')}
        columns={columns}
        rowKey={(m) => String(m.id)}
        exportName="members.csv"
        {...table}
      />
    </section>
  );
}

export function StatusBadge({ status }: { status: OpsMember['status'] }) {
  const { t } = useI18n();
  return (
    <span className={`badge ${status === 'ACTIVE' ? 'badge--ok' : 'badge--rejected'}`}>
      {t(`members.statuses.${status}`)}
    </span>
  );
}
