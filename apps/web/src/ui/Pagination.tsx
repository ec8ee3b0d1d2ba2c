import { PAGINATION_RANGE } from '@banca/contract';
import { useT } from '@/i18n';
import { FullIcon } from './FullIcon';

/**
 * Page numbers shown: a window of `range` pages around the current one plus `margin` pages at each
 * end, with gaps as null (spec section 9: range 5, margin 1 for announcements, 2 for game lists).
 */
export const pageWindow = (
  page: number,
  total: number,
  range = PAGINATION_RANGE,
  margin = 1,
): Array<number | null> => {
  const shown = new Set<number>();
  const half = Math.floor(range / 2);
  let start = Math.max(1, page - half);
  const end = Math.min(total, start + range - 1);
  start = Math.max(1, end - range + 1);
  for (let p = start; p <= end; p++) shown.add(p);
  for (let p = 1; p <= Math.min(margin, total); p++) shown.add(p);
  for (let p = Math.max(1, total - margin + 1); p <= total; p++) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
};

interface PaginationProps {
  page: number;
  total: number;
  onChange: (page: number) => void;
  margin?: number;
}

export function Pagination({ page, total, onChange, margin = 1 }: PaginationProps) {
  const { t } = useT();
  if (total <= 1) return null;
  return (
    <nav className="pagination" aria-label={t('common.pagination')}>
      <button
        type="button"
        className="pagination__btn"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('common.previousPage')}
      >
        <FullIcon name="chevronLeft" size={16} />
      </button>
      {pageWindow(page, total, PAGINATION_RANGE, margin).map((p, i) =>
        p === null ? (
          <span key={`gap-${i}`} className="pagination__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={`pagination__btn${p === page ? ' is-active' : ''}`}
            aria-current={p === page ? 'page' : undefined}
            aria-label={t('common.page', { page: p })}
            onClick={() => onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button
        type="button"
        className="pagination__btn"
        disabled={page >= total}
        onClick={() => onChange(page + 1)}
        aria-label={t('common.nextPage')}
      >
        <FullIcon name="chevronRight" size={16} />
      </button>
    </nav>
  );
}
