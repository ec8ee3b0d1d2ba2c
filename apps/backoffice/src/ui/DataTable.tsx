import { useState, type ReactNode } from 'react';
import {
  createColumnHelper,
  createSortedRowModel,
  rowSortingFeature,
  sortFn_alphanumeric,
  sortFn_basic,
  tableFeatures,
  useTable,
  type SortingState,
} from '@tanstack/react-table';
import { useI18n } from '@/i18n/i18n.ts';
import { downloadCsv, toCsv } from './csv.ts';
import { useUrlSort } from './url-state.ts';

/**
 * One table for every back-office list (later pages copy it): TanStack Table for the model and
 * sorting, the page's filters and the sort in the URL, keyset paging (the server's cursor, also in
 * the URL) and a CSV export of every row the filters select (all pages, not just the one shown).
 */
export interface DataColumn<T> {
  id: string;
  header: string;
  /** What the cell shows. */
  cell: (row: T) => ReactNode;
  /** The plain value: for sorting and for the CSV. */
  value: (row: T) => string | number | null;
  sortable?: boolean;
  /** Right-aligned figures. */
  numeric?: boolean;
}

const features = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
  sortFns: { alphanumeric: sortFn_alphanumeric, basic: sortFn_basic },
});

export interface KeysetPaging {
  /** The first page is shown. */
  isFirst: boolean;
  /** There is a page after this one. */
  hasNext: boolean;
  onNext: () => void;
  onFirst: () => void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's RowData bound
export function DataTable<T extends Record<string, any>>({
  caption,
  columns,
  rows,
  rowKey,
  paging,
  loading,
  exportName,
  exportRows,
}: {
  caption: string;
  columns: DataColumn<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** Keyset paging; without it, the rows are the whole list (no pager). */
  paging?: KeysetPaging;
  loading?: boolean;
  /** File name of the CSV; with exportRows, the table offers "Export CSV". */
  exportName?: string;
  /** Every row the current filters select (the export walks the pages). */
  exportRows?: () => Promise<T[]>;
}) {
  const { t } = useI18n();
  const { sorting, setSorting } = useUrlSort();
  const [exporting, setExporting] = useState<string | null>(null);
  const helper = createColumnHelper<typeof features, T>();
  const defs = columns.map((c) =>
    helper.accessor((row: T): unknown => c.value(row), {
      id: c.id,
      header: c.header,
      enableSorting: !!c.sortable,
      sortFn: 'alphanumeric',
      cell: (info) => c.cell(info.row.original),
    }),
  );
  const table = useTable({
    features,
    columns: defs,
    data: rows,
    getRowId: (row: T) => rowKey(row),
    state: { sorting: sorting as SortingState },
    onSortingChange: (updater) =>
      setSorting(typeof updater === 'function' ? updater(sorting as SortingState) : updater),
  });

  const exportCsv = async () => {
    if (!exportRows || !exportName) return;
    setExporting(t('table.exporting'));
    try {
      const all = await exportRows();
      downloadCsv(
        exportName,
        toCsv(
          columns.map((c) => c.header),
          all.map((row) => columns.map((c) => c.value(row))),
        ),
      );
      setExporting(t('table.exported', { count: all.length }));
    } catch {
      setExporting(t('common.error'));
    }
  };

  return (
    <div className="datatable">
      <div className="datatable__bar">
        <span className="muted small" aria-live="polite">
          {loading
            ? t('common.loading')
            : rows.length === 1
              ? t('table.rowsOne')
              : t('table.rows', { count: rows.length })}
        </span>
        {exportRows && (
          <span className="row">
            {exporting && (
              <span className="muted small" role="status">
                {exporting}
              </span>
            )}
            <button type="button" className="btn" onClick={() => void exportCsv()}>
              {t('table.exportCsv')}
            </button>
          </span>
        )}
      </div>
      <div className="datatable__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption className="sr-only">{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const col = columns.find((c) => c.id === header.column.id)!;
                  const dir = header.column.getIsSorted();
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      className={col.numeric ? 'num' : undefined}
                      aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="th-sort"
                          onClick={header.column.getToggleSortingHandler()}
                          title={t('table.sortBy', { column: col.header })}
                        >
                          {col.header}
                          <span aria-hidden="true">
                            {dir === 'asc' ? ' ▲' : dir === 'desc' ? ' ▼' : ' ↕'}
                          </span>
                        </button>
                      ) : (
                        col.header
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td
                    key={cell.id}
                    className={columns.find((c) => c.id === cell.column.id)?.numeric ? 'num' : undefined}
                  >
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {!loading && rows.length === 0 && (
              <tr>
                <td colSpan={columns.length} className="empty">
                  {t('table.empty')}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      {paging && (
        <div className="datatable__paging">
          <button type="button" className="btn" disabled={paging.isFirst} onClick={paging.onFirst}>
            {t('table.first')}
          </button>
          <button type="button" className="btn" disabled={!paging.hasNext} onClick={paging.onNext}>
            {t('table.next')}
          </button>
        </div>
      )}
    </div>
  );
}

/** Walks a keyset-paged list from its first page to its end (capped), for the CSV export. */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; next: string | null }>,
  max = 10_000,
): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await fetchPage(cursor);
    rows.push(...page.items);
    cursor = page.next ?? undefined;
  } while (cursor && rows.length < max);
  return rows.slice(0, max);
}
