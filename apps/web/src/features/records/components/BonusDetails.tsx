import type { BonusPage } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Money, RecordPage, type RecordColumn } from '@/ui/records';
import { bonusPageQuery } from '../api/records-api';

type Bonus = BonusPage['items'][number];

/**
 * bonusDetails: the bonus credits of the member's wallet (from the ledger), newest first, and the
 * turnover still to wager before a withdrawal, as a progress bar.
 */
export default function BonusDetails() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const when = dateTimeFormat(language);
  const columns: RecordColumn<Bonus>[] = [
    {
      id: 'time',
      header: t('records.bonus.time'),
      render: (b) => <time dateTime={b.at}>{when.format(new Date(b.at))}</time>,
    },
    {
      id: 'amount',
      header: t('records.bonus.amount'),
      numeric: true,
      card: 'aside',
      render: (b) => <Money minor={b.amount} signed currency={b.currency} />,
    },
    {
      id: 'reference',
      header: t('records.bonus.reference'),
      className: 'records__ref',
      card: 'wide',
      render: (b) => b.reference ?? '—',
    },
  ];

  return (
    <RecordPage
      pageQuery={(cursor) => bonusPageQuery(memberId, cursor)}
      summary={({ turnoverRemaining: left, turnoverRequired: total }) => (
        <div className="records__panel" data-testid="bonus-turnover">
          <div className="records__panel-head">
            <span className="records__panel-title">{t('records.bonus.turnover')}</span>
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
            value={total === 0 ? 100 : Math.round(((total - left) / total) * 100)}
            aria-label={t('records.bonus.turnover')}
          />
        </div>
      )}
      columns={columns}
      rowKey={(b) => b.id}
      rowTestId="bonus-row"
      caption={t('member.pages.bonusDetails')}
      icon="gift"
      texts={{ empty: t('records.bonus.empty'), emptyHint: t('records.bonus.emptyHint') }}
    />
  );
}
