import { useState } from 'react';
import { ACCOUNT_RECORD_TYPES } from '@banca/contract/routes';
import type { RecordEntry } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Button } from '@/ui';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { downloadRecordCsv, recordPageQuery, type RecordFilters } from '../api/wallet-api';

const isKnownType = (type: string): type is (typeof ACCOUNT_RECORD_TYPES)[number] =>
  (ACCOUNT_RECORD_TYPES as readonly string[]).includes(type);
const NO_FILTERS: RecordFilters = { type: '', from: '', to: '' };

/**
 * transactionHistory (account record): every movement of the member's wallet with its type, signed
 * amount, the balance it left and its reference, newest first. Filters by type and by day (the
 * viewer's calendar, in the URL; the wire speaks UTC), "load more" pages by keyset, and the filtered
 * list downloads as CSV. A table on wide screens, one card per movement on a phone.
 */
export default function TransactionHistory() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const [downloading, setDownloading] = useState(false);
  const [downloadFailed, setDownloadFailed] = useState(false);
  const when = dateTimeFormat(language);
  const typeLabel = (type: string) => (isKnownType(type) ? t(`wallet.record.types.${type}`) : type);
  const download = async () => {
    setDownloading(true);
    setDownloadFailed(false);
    try {
      await downloadRecordCsv(filters.applied, language);
    } catch {
      setDownloadFailed(true);
    } finally {
      setDownloading(false);
    }
  };
  const columns: RecordColumn<RecordEntry>[] = [
    {
      id: 'time',
      header: t('wallet.record.time'),
      render: (e) => <time dateTime={e.at}>{when.format(new Date(e.at))}</time>,
    },
    {
      id: 'type',
      header: t('wallet.record.type'),
      className: 'records__strong',
      card: 'title',
      render: (e) => typeLabel(e.type),
    },
    {
      id: 'amount',
      header: t('wallet.record.amount'),
      numeric: true,
      card: 'aside',
      render: (e) => <Money minor={e.amount} signed currency={e.currency} />,
    },
    {
      id: 'balanceAfter',
      header: t('wallet.record.balanceAfter'),
      numeric: true,
      render: (e) => (e.balanceAfter === null ? '—' : formatMinorUnits(e.balanceAfter, language)),
    },
    {
      id: 'reference',
      header: t('wallet.record.reference'),
      className: 'records__ref',
      card: 'wide',
      render: (e) => e.reference ?? '—',
    },
  ];

  return (
    <RecordPage
      title={t('member.pages.transactionHistory')}
      filters={filters}
      filterBar={{
        selects: [
          {
            name: 'type',
            label: t('wallet.record.type'),
            all: t('wallet.record.allTypes'),
            options: ACCOUNT_RECORD_TYPES.map((type) => ({
              value: type,
              label: t(`wallet.record.types.${type}`),
            })),
          },
        ],
        range: { from: 'from', to: 'to' },
        notices: downloadFailed && (
          <p className="records__error" role="alert">
            {t('wallet.record.downloadFailed')}
          </p>
        ),
      }}
      actions={({ rows }) => (
        <Button
          type="button"
          variant="outline"
          onClick={() => void download()}
          disabled={downloading || rows === 0}
        >
          {downloading ? t('wallet.record.downloading') : t('wallet.record.download')}
        </Button>
      )}
      pageQuery={(cursor) => recordPageQuery(memberId, filters.applied, cursor)}
      columns={columns}
      rowKey={(e) => e.id}
      rowTestId="record-row"
      caption={t('member.pages.transactionHistory')}
      texts={{
        apply: t('wallet.record.apply'),
        from: t('wallet.record.from'),
        to: t('wallet.record.to'),
        badRange: t('wallet.record.badRange'),
        failed: t('wallet.record.failed'),
        retry: t('wallet.record.retry'),
        empty: t('wallet.record.empty'),
        emptyHint: t('wallet.record.emptyHint'),
        loadMore: t('wallet.record.loadMore'),
        loading: t('wallet.record.loading'),
      }}
    />
  );
}
