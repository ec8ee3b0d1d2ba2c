import { useI18n } from '@/i18n/i18n.ts';

/**
 * Previous / "Page n of m" / Next for the lists paged by page number (messages, feedback); the
 * keyset lists page inside DataTable. Nothing when there is one page.
 */
export function PagePager({
  pageNo,
  totalPages,
  onPage,
  label,
}: {
  pageNo: number;
  totalPages: number;
  onPage: (pageNo: number) => void;
  /** What is paged, for the navigation's name ("Pages of the messages"). */
  label: string;
}) {
  const { t } = useI18n();
  if (totalPages <= 1) return null;
  return (
    <nav className="datatable__paging" aria-label={label}>
      <button type="button" className="btn" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('table.previous')}
      </button>
      <span className="muted" aria-live="polite">
        {t('table.pageOf', { n: pageNo, total: totalPages })}
      </span>
      <button
        type="button"
        className="btn"
        disabled={pageNo >= totalPages}
        onClick={() => onPage(pageNo + 1)}
      >
        {t('table.next')}
      </button>
    </nav>
  );
}
