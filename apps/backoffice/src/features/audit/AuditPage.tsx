import { operatorCalls } from '@banca/contract/routes';
import type { AuditEntry } from '@banca/contract';
import { opsCall } from '@/api/client.ts';
import { useI18n } from '@/i18n/i18n.ts';
import { DataTable, type DataColumn } from '@/ui/DataTable.tsx';
import { FilterBar } from '@/ui/FilterBar.tsx';
import { Notice } from '@/ui/Notice.tsx';
import { formatTime, localInputToIso } from '@/ui/format.ts';
import { useKeysetList } from '@/ui/keyset-list.ts';
import { useUrlFilters } from '@/ui/url-state.ts';

const FILTERS = ['actor', 'action', 'subjectType', 'subjectId', 'from', 'to'] as const;
type Page = { items: AuditEntry[]; nextCursor: number | null };

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The append-only audit: who, when, what, to what, why, the request id; filters in the URL. */
export function AuditPage() {
  const { t } = useI18n();
  const { values, setFilters } = useUrlFilters(FILTERS);
  const fetchPage = (before: string | undefined) =>
    opsCall<Page>(operatorCalls.audit, {
      query: {
        actor: values.actor || undefined,
        action: values.action || undefined,
        subjectType: values.subjectType || undefined,
        subjectId: values.subjectId || undefined,
        from: values.from ? (localInputToIso(values.from) ?? undefined) : undefined,
        to: values.to ? (localInputToIso(values.to) ?? undefined) : undefined,
        before,
        limit: 50,
      },
    });
  const { query, table } = useKeysetList(['ops', 'audit', values], fetchPage, {
    items: (p) => p.items,
    next: (p) => p.nextCursor,
  });

  const columns: DataColumn<AuditEntry>[] = [
    { id: 'at', header: t('audit.at'), value: (e) => e.at, cell: (e) => formatTime(e.at), sortable: true },
    {
      id: 'actor',
      header: t('audit.actor'),
      value: (e) => `${e.actor} (${e.actorRole})`,
      cell: (e) => (
        <span className="stack-tight">
          <strong>{e.actor}</strong>
          <small className="muted">{t(`roles.${e.actorRole}`)}</small>
        </span>
      ),
      sortable: true,
    },
    {
      id: 'action',
      header: t('audit.action'),
      value: (e) => e.action,
      cell: (e) => <code>{e.action}</code>,
      sortable: true,
    },
    {
      id: 'subject',
      header: t('audit.subject'),
      value: (e) => `${e.subjectType}:${e.subjectId}`,
      cell: (e) => `${e.subjectType} ${e.subjectId}`,
      sortable: true,
    },
    {
      id: 'reason',
      header: t('audit.reason'),
      value: (e) => e.reason,
      cell: (e) => e.reason ?? t('common.none'),
    },
    {
      id: 'change',
      header: t('audit.change'),
      value: (e) => `${json(e.before)} -> ${json(e.after)}`,
      cell: (e) =>
        e.before === null && e.after === null ? (
          t('common.none')
        ) : (
          <details className="change">
            <summary>{t('audit.change')}</summary>
            <pre>{json(e.before) || t('common.none')}</pre>
            <pre>{json(e.after) || t('common.none')}</pre>
          </details>
        ),
    },
    {
      id: 'requestId',
      header: t('audit.requestId'),
      value: (e) => e.requestId,
      cell: (e) => (e.requestId ? <code className="small">{e.requestId}</code> : t('common.none')),
    },
  ];

  return (
    <section className="page">
      <h1 id="audit-title">{t('audit.title')}</h1>
      <p className="muted">{t('audit.subtitle')}</p>
      <FilterBar
        filters={[
          { name: 'actor', label: t('audit.actor'), type: 'text' },
          { name: 'action', label: t('audit.action'), type: 'text', placeholder: 'system.maintenance' },
          { name: 'subjectType', label: t('audit.subjectType'), type: 'text' },
          { name: 'subjectId', label: t('audit.subjectId'), type: 'text' },
          { name: 'from', label: t('audit.from'), type: 'datetime-local' },
          { name: 'to', label: t('audit.to'), type: 'datetime-local' },
        ]}
        values={values}
        onApply={setFilters}
      />
      {query.isError && <Notice kind="error">{query.error.message}</Notice>}
      <DataTable
        caption={t('audit.title')}
        columns={columns}
        rowKey={(e) => String(e.id)}
        exportName="audit.csv"
        {...table}
      />
    </section>
  );
}
