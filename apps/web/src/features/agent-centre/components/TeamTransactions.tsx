import { TEAM_TRANSACTION_TYPES, type TeamTransaction } from '@banca/contract';
import { useT } from '@/i18n';
import { dateTimeFormat } from '@/lib/clock';
import { formatMinorUnits } from '@/lib/money';
import { useUi } from '@/state';
import { Money, RecordPage, useUrlFilters, type RecordColumn } from '@/ui/records';
import { teamTransactionsQuery, type TeamTransactionFilters } from '../api/agent-api';

const NO_FILTERS: TeamTransactionFilters = { account: '', type: '', from: '', to: '' };

/**
 * agentDownlineTransactionDetailsCopy: the deposits, withdrawals and tree transfers of the caller's
 * team members (the wallet's ledger lines), newest first, by member, type and day; keyset pages.
 */
export default function TeamTransactions() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const when = dateTimeFormat(language);
  const columns: RecordColumn<TeamTransaction>[] = [
    {
      id: 'time',
      header: t('records.time'),
      card: 'double',
      render: (r) => <time dateTime={r.at}>{when.format(new Date(r.at))}</time>,
    },
    {
      id: 'account',
      header: t('agent.downline.account'),
      card: 'title',
      render: (r) => <span data-testid="team-tx-account">{r.account}</span>,
    },
    {
      id: 'type',
      header: t('agent.reports.type'),
      render: (r) => (
        <span className={`records__status is-${r.type.toLowerCase()}`}>
          {t(`agent.reports.types.${r.type}`)}
        </span>
      ),
    },
    {
      id: 'amount',
      header: t('agent.reports.amount'),
      numeric: true,
      card: 'aside',
      render: (r) => <Money minor={r.amount} signed />,
    },
    {
      id: 'balance',
      header: t('agent.reports.balanceAfter'),
      numeric: true,
      render: (r) => (r.balanceAfter === null ? '—' : formatMinorUnits(r.balanceAfter, language)),
    },
  ];
  return (
    <RecordPage
      title={t('agent.pages.agentDownlineTransactionDetailsCopy')}
      filters={filters}
      filterBar={{
        label: t('agent.reports.filters'),
        inputs: [
          { name: 'account', label: t('agent.reports.member'), placeholder: t('agent.reports.wholeTeam') },
        ],
        selects: [
          {
            name: 'type',
            label: t('agent.reports.type'),
            all: t('agent.reports.allTypes'),
            options: TEAM_TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`agent.reports.types.${v}`) })),
          },
        ],
        range: { from: 'from', to: 'to' },
      }}
      pageQuery={(cursor) => teamTransactionsQuery(memberId, filters.applied, cursor)}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="team-tx-row"
      caption={t('agent.pages.agentDownlineTransactionDetailsCopy')}
      icon="receipt"
      texts={{ empty: t('agent.reports.txEmpty'), emptyHint: t('agent.reports.txEmptyHint') }}
    />
  );
}
