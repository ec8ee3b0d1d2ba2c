import { useQueries, useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { LIST_GAME_TYPES, type ListGameType } from '@banca/contract';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Empty, Skeleton } from '@/ui';
import { formatMinorUnits } from '@/lib/money';
import { betPageQuery, recordVendorsQuery, type BetFilters } from '../api/records-api';
import { Money } from './Money';
import './records.css';

const LOCALES = { PT: 'pt-BR', EN: 'en-US' } as const;
const STATUSES = ['OPEN', 'SETTLED', 'CANCELLED'] as const;
const NO_FILTERS: BetFilters = { category: '', vendor: '', status: '', from: '', to: '' };

/**
 * personalHistoryCopy (betting record): every round the member played, newest first, with game,
 * provider, category, stake, payout, profit and status; filters by category, provider, status and
 * day (the viewer's calendar), totals over the whole filter, and "load more" by keyset. A table on
 * wide screens, one card per round on a phone.
 */
export default function BettingRecord() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const [draft, setDraft] = useState<BetFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<BetFilters>(NO_FILTERS);
  const [cursors, setCursors] = useState<string[]>(['']);
  const vendors = useQuery(recordVendorsQuery(language));
  const pages = useQueries({ queries: cursors.map((c) => betPageQuery(memberId, language, filters, c)) });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  const loadingMore = cursors.length > 1 && last.isPending;
  const ids = { category: useId(), vendor: useId(), status: useId(), from: useId(), to: useId() };
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const totals = first.data?.totals;
  const when = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'medium' });
  const badRange = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (badRange) return;
    setFilters(draft);
    setCursors(['']);
  };

  return (
    <div className="records">
      <form className="records__filters" onSubmit={apply} aria-label={t('records.apply')}>
        <div className="records__field">
          <label htmlFor={ids.category}>{t('records.category')}</label>
          <select
            id={ids.category}
            value={draft.category}
            onChange={(e) => setDraft({ ...draft, category: e.target.value as ListGameType | '' })}
          >
            <option value="">{t('records.allCategories')}</option>
            {LIST_GAME_TYPES.map((c) => (
              <option key={c} value={c}>
                {t(`category.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="records__field">
          <label htmlFor={ids.vendor}>{t('records.vendor')}</label>
          <select
            id={ids.vendor}
            value={draft.vendor}
            onChange={(e) => setDraft({ ...draft, vendor: e.target.value })}
          >
            <option value="">{t('records.allVendors')}</option>
            {(vendors.data ?? []).map((v) => (
              <option key={v.vassalage} value={v.vassalage}>
                {v.displayName}
              </option>
            ))}
          </select>
        </div>
        <div className="records__field">
          <label htmlFor={ids.status}>{t('records.status')}</label>
          <select
            id={ids.status}
            value={draft.status}
            onChange={(e) => setDraft({ ...draft, status: e.target.value as BetFilters['status'] })}
          >
            <option value="">{t('records.allStatuses')}</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`records.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="records__field">
          <label htmlFor={ids.from}>{t('records.from')}</label>
          <input
            id={ids.from}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="records__field">
          <label htmlFor={ids.to}>{t('records.to')}</label>
          <input
            id={ids.to}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            aria-invalid={badRange || undefined}
          />
        </div>
        <div className="records__actions">
          <Button type="submit" variant="primary" disabled={badRange}>
            {t('records.apply')}
          </Button>
        </div>
        {badRange && (
          <p className="records__error" role="alert">
            {t('records.badRange')}
          </p>
        )}
      </form>

      {totals && (
        <dl className="records__totals" aria-label={t('records.totals')} data-testid="bet-totals">
          <div>
            <dt>{t('records.rounds')}</dt>
            <dd>{totals.count}</dd>
          </div>
          <div>
            <dt>{t('records.stake')}</dt>
            <dd>{formatMinorUnits(totals.stake, language)}</dd>
          </div>
          <div>
            <dt>{t('records.payout')}</dt>
            <dd>{formatMinorUnits(totals.payout, language)}</dd>
          </div>
          <div>
            <dt>{t('records.profit')}</dt>
            <dd>
              <Money minor={totals.profit} signed />
            </dd>
          </div>
        </dl>
      )}

      {first.isPending ? (
        <div className="records__loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="48px" />
          ))}
        </div>
      ) : first.isError ? (
        <Empty title={t('records.failed')} icon="receipt">
          <Button variant="outline" onClick={() => void first.refetch()}>
            {t('records.retry')}
          </Button>
        </Empty>
      ) : items.length === 0 ? (
        <Empty title={t('records.empty')} hint={t('records.emptyHint')} icon="receipt" />
      ) : (
        <>
          <table className="records__table">
            <caption className="visually-hidden">{t('member.pages.personalHistoryCopy')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.time')}</th>
                <th scope="col">{t('records.game')}</th>
                <th scope="col">{t('records.category')}</th>
                <th scope="col" className="records__num">
                  {t('records.stake')}
                </th>
                <th scope="col" className="records__num">
                  {t('records.payout')}
                </th>
                <th scope="col" className="records__num">
                  {t('records.profit')}
                </th>
                <th scope="col">{t('records.status')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id} className="records__row" data-testid="bet-row">
                  <td data-label={t('records.time')} className="records__time">
                    <time dateTime={r.openedAt}>{when.format(new Date(r.openedAt))}</time>
                  </td>
                  <td data-label={t('records.game')} className="records__game">
                    <span className="records__game-name">{r.gameName}</span>
                    <span className="records__vendor">{r.vendorName}</span>
                  </td>
                  <td data-label={t('records.category')}>{t(`category.${r.category}`)}</td>
                  <td data-label={t('records.stake')} className="records__num">
                    {formatMinorUnits(r.stake, language)}
                  </td>
                  <td data-label={t('records.payout')} className="records__num">
                    {formatMinorUnits(r.payout, language)}
                  </td>
                  <td data-label={t('records.profit')} className="records__num records__profit">
                    <Money minor={r.profit} signed />
                  </td>
                  <td data-label={t('records.status')}>
                    <span className={`records__status is-${r.status.toLowerCase()}`}>
                      {t(`records.statuses.${r.status}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {(nextCursor !== null || loadingMore) && (
            <div className="records__more">
              <Button
                variant="secondary"
                onClick={() => nextCursor !== null && setCursors([...cursors, nextCursor])}
                disabled={loadingMore}
              >
                {loadingMore ? t('records.loading') : t('records.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
