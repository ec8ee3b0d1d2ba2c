import { useQueries } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { ACCOUNT_RECORD_TYPES } from '@banca/contract/routes';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Empty, Skeleton } from '@/ui';
import { downloadRecordCsv, recordPageQuery, type RecordFilters } from '../api/wallet-api';
import { formatMinorUnits } from '@/lib/money';
import './wallet.css';
import './record.css';

const LOCALES = { PT: 'pt-BR', EN: 'en-US' } as const;
const isKnownType = (type: string): type is (typeof ACCOUNT_RECORD_TYPES)[number] =>
  (ACCOUNT_RECORD_TYPES as readonly string[]).includes(type);
const NO_FILTERS: RecordFilters = { type: '', from: '', to: '' };

/**
 * transactionHistory (account record): every movement of the member's wallet with its type, signed
 * amount, the balance it left and its reference, newest first. Filters by type and by day (the
 * viewer's calendar; the wire speaks UTC), "load more" pages by keyset, and the filtered list
 * downloads as CSV. A table on wide screens, one card per movement on a phone.
 */
export default function TransactionHistory() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const [draft, setDraft] = useState<RecordFilters>(NO_FILTERS);
  const [filters, setFilters] = useState<RecordFilters>(NO_FILTERS);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  // Cursors of the pages shown: '' is the first; "load more" appends the last page's nextCursor.
  const [cursors, setCursors] = useState<string[]>(['']);
  const pages = useQueries({ queries: cursors.map((c) => recordPageQuery(memberId, filters, c)) });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  const loadingMore = cursors.length > 1 && last.isPending;
  const ids = { type: useId(), from: useId(), to: useId() };
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const when = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'medium' });
  const typeLabel = (type: string) => (isKnownType(type) ? t(`wallet.record.types.${type}`) : type);
  const badRange = draft.from !== '' && draft.to !== '' && draft.from > draft.to;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (badRange) return;
    setFilters(draft);
    setCursors(['']);
  };
  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadRecordCsv(filters, language);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <section className="record" aria-labelledby="record-title">
      <h2 id="record-title" className="visually-hidden">
        {t('member.pages.transactionHistory')}
      </h2>
      <form className="record__filters" onSubmit={apply}>
        <div className="record__field">
          <label htmlFor={ids.type}>{t('wallet.record.type')}</label>
          <select
            id={ids.type}
            value={draft.type}
            onChange={(e) => setDraft({ ...draft, type: e.target.value })}
          >
            <option value="">{t('wallet.record.allTypes')}</option>
            {ACCOUNT_RECORD_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`wallet.record.types.${type}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="record__field">
          <label htmlFor={ids.from}>{t('wallet.record.from')}</label>
          <input
            id={ids.from}
            type="date"
            value={draft.from}
            max={draft.to || undefined}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        </div>
        <div className="record__field">
          <label htmlFor={ids.to}>{t('wallet.record.to')}</label>
          <input
            id={ids.to}
            type="date"
            value={draft.to}
            min={draft.from || undefined}
            onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            aria-invalid={badRange || undefined}
          />
        </div>
        <div className="record__actions">
          <Button type="submit" variant="primary" disabled={badRange}>
            {t('wallet.record.apply')}
          </Button>
          <Button
            type="button"
            variant="outline"
            onClick={() => void download()}
            disabled={downloading || items.length === 0}
          >
            {downloading ? t('wallet.record.downloading') : t('wallet.record.download')}
          </Button>
        </div>
        {badRange && (
          <p className="record__error" role="alert">
            {t('wallet.record.badRange')}
          </p>
        )}
        {downloadFailed && (
          <p className="record__error" role="alert">
            {t('wallet.record.downloadFailed')}
          </p>
        )}
      </form>

      {first.isPending ? (
        <div className="record__loading" aria-busy="true">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} height="48px" />
          ))}
        </div>
      ) : first.isError ? (
        <Empty title={t('wallet.record.failed')} icon="receipt">
          <Button variant="outline" onClick={() => void first.refetch()}>
            {t('wallet.record.retry')}
          </Button>
        </Empty>
      ) : items.length === 0 ? (
        <Empty title={t('wallet.record.empty')} hint={t('wallet.record.emptyHint')} icon="receipt" />
      ) : (
        <>
          <table className="record__table">
            <caption className="visually-hidden">{t('member.pages.transactionHistory')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('wallet.record.time')}</th>
                <th scope="col">{t('wallet.record.type')}</th>
                <th scope="col" className="record__num">
                  {t('wallet.record.amount')}
                </th>
                <th scope="col" className="record__num">
                  {t('wallet.record.balanceAfter')}
                </th>
                <th scope="col">{t('wallet.record.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((e) => (
                <tr key={e.id} className="record__row" data-testid="record-row">
                  <td data-label={t('wallet.record.time')}>
                    <time dateTime={e.at}>{when.format(new Date(e.at))}</time>
                  </td>
                  <td data-label={t('wallet.record.type')} className="record__type">
                    {typeLabel(e.type)}
                  </td>
                  <td
                    data-label={t('wallet.record.amount')}
                    className={`record__num record__amount ${e.amount < 0 ? 'is-out' : 'is-in'}`}
                  >
                    {e.amount > 0 ? '+' : ''}
                    {formatMinorUnits(e.amount, language)} <span className="record__cur">{e.currency}</span>
                  </td>
                  <td data-label={t('wallet.record.balanceAfter')} className="record__num">
                    {e.balanceAfter === null ? '—' : formatMinorUnits(e.balanceAfter, language)}
                  </td>
                  <td data-label={t('wallet.record.reference')} className="record__ref">
                    {e.reference ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {(nextCursor !== null || loadingMore) && (
            <div className="record__more">
              <Button
                variant="secondary"
                onClick={() => nextCursor !== null && setCursors([...cursors, nextCursor])}
                disabled={loadingMore}
              >
                {loadingMore ? t('wallet.record.loading') : t('wallet.record.loadMore')}
              </Button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
