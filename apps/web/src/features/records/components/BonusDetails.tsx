import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import { Button, Empty, Skeleton } from '@/ui';
import { formatMinorUnits } from '@/lib/money';
import { bonusPageQuery } from '../api/records-api';
import { Money } from './Money';
import './records.css';

const LOCALES = { PT: 'pt-BR', EN: 'en-US' } as const;

/**
 * bonusDetails: the bonus credits of the member's wallet (from the ledger), newest first, and the
 * turnover still to wager before a withdrawal, as a progress bar.
 */
export default function BonusDetails() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const [cursors, setCursors] = useState<string[]>(['']);
  const pages = useQueries({ queries: cursors.map((c) => bonusPageQuery(memberId, c)) });
  const first = pages[0]!;
  const last = pages[pages.length - 1]!;
  const nextCursor = last.data?.nextCursor ?? null;
  const loadingMore = cursors.length > 1 && last.isPending;
  const items = pages.flatMap((p) => p.data?.items ?? []);
  const when = new Intl.DateTimeFormat(LOCALES[language], { dateStyle: 'short', timeStyle: 'medium' });

  if (first.isPending) return <Skeleton height="200px" />;
  if (first.isError)
    return (
      <Empty title={t('records.failed')} icon="gift">
        <Button variant="outline" onClick={() => void first.refetch()}>
          {t('records.retry')}
        </Button>
      </Empty>
    );
  const { turnoverRemaining: left, turnoverRequired: total } = first.data;
  const done = total === 0 ? 100 : Math.round(((total - left) / total) * 100);

  return (
    <div className="records">
      <div className="records__turnover" data-testid="bonus-turnover">
        <div className="records__turnover-head">
          <span className="records__turnover-title">{t('records.bonus.turnover')}</span>
          <span>
            {left === 0
              ? t('records.bonus.turnoverDone')
              : t('records.bonus.turnoverLeft', {
                  left: formatMinorUnits(left, language),
                  total: formatMinorUnits(total, language),
                })}
          </span>
        </div>
        <progress
          className="records__progress"
          max={100}
          value={done}
          aria-label={t('records.bonus.turnover')}
        />
      </div>
      {items.length === 0 ? (
        <Empty title={t('records.bonus.empty')} hint={t('records.bonus.emptyHint')} icon="gift" />
      ) : (
        <>
          <table className="records__table">
            <caption className="visually-hidden">{t('member.pages.bonusDetails')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('records.bonus.time')}</th>
                <th scope="col" className="records__num">
                  {t('records.bonus.amount')}
                </th>
                <th scope="col">{t('records.bonus.reference')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((b) => (
                <tr key={b.id} data-testid="bonus-row">
                  <td data-label={t('records.bonus.time')}>
                    <time dateTime={b.at}>{when.format(new Date(b.at))}</time>
                  </td>
                  <td data-label={t('records.bonus.amount')} className="records__num">
                    <Money minor={b.amount} signed /> <span className="records__cur">{b.currency}</span>
                  </td>
                  <td data-label={t('records.bonus.reference')} className="records__ref">
                    {b.reference ?? '—'}
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
