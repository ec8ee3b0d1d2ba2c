import { useMutation } from '@tanstack/react-query';
import { useI18n } from '@/i18n/i18n.ts';
import type { DataColumn } from './DataTable.tsx';

/** A row of an operator-ordered list (customer-service entries, banners, announcements). */
interface OrderedRow<Id> {
  id: Id;
  enabled: boolean;
}

interface OrderedListCalls<R, Id, A> {
  /** Switches the row on or off. */
  toggle: (row: R) => Promise<A>;
  /** Saves the whole order (ids first to last). */
  reorder: (ids: Id[]) => Promise<A>;
  remove: (row: R) => Promise<A>;
  /** What a call answered (the whole list or the row changed), to update the page's cache. */
  onSaved: (answer: A) => unknown;
}

/**
 * The columns every operator-ordered list shares: its position with move up/down, on/off, and edit,
 * switch and delete (with a confirmation). The page adds its own columns between them.
 */
export function useOrderedList<Id, R extends OrderedRow<Id>, A>(
  rows: R[],
  labelOf: (row: R) => string,
  calls: OrderedListCalls<R, Id, A>,
  ui: { onEdit: (row: R) => void; confirmDelete: (label: string) => string },
) {
  const { t } = useI18n();
  const onSuccess = calls.onSaved;
  const toggle = useMutation({ mutationFn: calls.toggle, onSuccess });
  const reorder = useMutation({ mutationFn: calls.reorder, onSuccess });
  const remove = useMutation({ mutationFn: calls.remove, onSuccess });
  const busy = toggle.isPending || reorder.isPending || remove.isPending;
  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };

  const order: DataColumn<R> = {
    id: 'order',
    header: t('cs.order'),
    value: (r) => rows.indexOf(r) + 1,
    cell: (r) => {
      const i = rows.indexOf(r);
      return (
        <div className="actions nowrap">
          <span className="order-pos">{i + 1}</span>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={busy || i === 0}
            onClick={() => move(i, -1)}
            aria-label={t('cs.moveUp', { label: labelOf(r) })}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn--sm btn--ghost"
            disabled={busy || i === rows.length - 1}
            onClick={() => move(i, 1)}
            aria-label={t('cs.moveDown', { label: labelOf(r) })}
          >
            ↓
          </button>
        </div>
      );
    },
  };
  const state: DataColumn<R> = {
    id: 'enabled',
    header: t('cs.state'),
    value: (r) => (r.enabled ? 'enabled' : 'disabled'),
    cell: (r) => (
      <span className={`badge ${r.enabled ? 'badge--ok' : 'badge--rejected'}`}>
        {r.enabled ? t('cs.enabled') : t('cs.disabled')}
      </span>
    ),
  };
  const actions: DataColumn<R> = {
    id: 'actions',
    header: t('cs.actions'),
    value: () => null,
    cell: (r) => (
      <div className="actions">
        <button
          type="button"
          className="btn btn--sm"
          onClick={() => ui.onEdit(r)}
          aria-label={`${t('cs.edit')} ${labelOf(r)}`}
        >
          {t('cs.edit')}
        </button>
        <button
          type="button"
          className={`btn btn--sm ${r.enabled ? 'btn--ghost' : 'btn--primary'}`}
          disabled={busy}
          onClick={() => toggle.mutate(r)}
          aria-label={`${r.enabled ? t('cs.disable') : t('cs.enable')} ${labelOf(r)}`}
        >
          {r.enabled ? t('cs.disable') : t('cs.enable')}
        </button>
        <button
          type="button"
          className="btn btn--sm btn--danger"
          disabled={busy}
          onClick={() => {
            if (window.confirm(ui.confirmDelete(labelOf(r)))) remove.mutate(r);
          }}
          aria-label={`${t('cs.delete')} ${labelOf(r)}`}
        >
          {t('cs.delete')}
        </button>
      </div>
    ),
  };
  return { columns: { order, state, actions }, failure: toggle.error ?? reorder.error ?? remove.error };
}
