import { useQuery } from '@tanstack/react-query';
import type { TeamBetEntry } from '@banca/contract';
import { useT } from '@/i18n';
import { useUi } from '@/state';
import {
  BetTotals,
  RecordPage,
  useBetColumns,
  useBetSelects,
  useUrlFilters,
  type RecordColumn,
} from '@/ui/records';
import { recordVendorsQuery } from '../../records/api/records-api';
import { teamBetsQuery, type TeamBetFilters } from '../api/agent-api';

const NO_FILTERS: TeamBetFilters = { account: '', category: '', vendor: '', status: '', from: '', to: '' };

/**
 * personalHistoryCopy in the agent centre (team betting): the betting record's filters over the whole
 * team or one member of it (by account), totals over the whole filter (rounds, stake, valid bet,
 * payout, P&L), keyset "load more". A table on desktop, cards on a phone.
 */
export default function TeamBets() {
  const { t, language } = useT();
  const memberId = useUi((state) => state.memberInfo?.id);
  const filters = useUrlFilters(NO_FILTERS);
  const vendors = useQuery(recordVendorsQuery(language));
  const bet = useBetColumns<TeamBetEntry>();
  const selects = useBetSelects<TeamBetFilters>(vendors.data);
  const columns: RecordColumn<TeamBetEntry>[] = [
    bet.time,
    {
      id: 'account',
      header: t('agent.downline.account'),
      card: 'title',
      render: (r) => <span data-testid="team-bet-account">{r.account}</span>,
    },
    bet.game,
    bet.stake,
    bet.payout,
    { ...bet.profit, card: 'aside' },
    bet.status,
  ];

  return (
    <RecordPage
      title={t('agent.pages.personalHistoryCopy')}
      filters={filters}
      filterBar={{
        label: t('agent.reports.filters'),
        inputs: [
          { name: 'account', label: t('agent.reports.member'), placeholder: t('agent.reports.wholeTeam') },
        ],
        selects,
        range: { from: 'from', to: 'to' },
      }}
      pageQuery={(cursor) => teamBetsQuery(memberId, language, filters.applied, cursor)}
      summary={({ totals }) => (
        <BetTotals
          totals={totals}
          testId="team-bet-totals"
          validBet={{ amount: totals.validBet, testId: 'team-bet-valid' }}
        />
      )}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="team-bet-row"
      caption={t('agent.pages.personalHistoryCopy')}
      cardColumns={3}
      texts={{
        empty: t('agent.reports.betsEmpty'),
        emptyHint: t('agent.reports.betsEmptyHint'),
        emptyFiltered: t('records.betsEmptyFiltered'),
      }}
    />
  );
}
